import { roleMatch } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';

// «Профессиональная роль»: a role is found by any word's beginning, of its title or of a name people use for it.

let app: FastifyInstance;
beforeAll(async () => {
  app = (await createTestApp()).app;
});

async function roles(search: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dictionary/role?search=${encodeURIComponent(search)}` });
  expect(res.statusCode).toBe(200);
  return res.json().res.data as { value: string; title: string; group: string; keyword: string | null }[];
}

describe('role search (GET /api/dictionary/role)', () => {
  it('«рекрут» finds the recruiter by another name of the role', async () => {
    const found = await roles('рекрут');
    expect(found[0]).toMatchObject({
      value: '118',
      title: 'Специалист по подбору персонала',
      keyword: 'Рекрутер',
      group: 'Управление персоналом, тренинги',
    });
  });

  it('«менедж подбор» finds «Менеджер по подбору персонала»: every word begins a word, in any field and order', async () => {
    expect((await roles('менедж подбор')).map((r) => r.value)).toContain('118');
    expect((await roles('подбор менедж')).map((r) => r.value)).toContain('118');
    // «подбор» alone begins a word of the title itself.
    expect((await roles('подбор')).find((r) => r.value === '118')).toMatchObject({ keyword: null });
  });

  it('ignores case and «ё», finds a word in the middle of the title, and lists each role once', async () => {
    const upper = await roles('БУХГАЛТ');
    expect(upper[0]).toMatchObject({ title: 'Бухгалтер' });
    expect((await roles('директор персонал')).map((r) => r.value)).toContain('38');
    const sales = await roles('продаж');
    expect(sales.filter((r) => r.value === '70')).toHaveLength(1);
    expect(await roles('Менеджёр')).toEqual(await roles('менеджер'));
  });

  it('titles that begin with the word come first; a word that begins nothing finds nothing', async () => {
    const found = await roles('менеджер');
    const firstOther = found.findIndex((r) => !r.title.toLowerCase().startsWith('менеджер'));
    expect(firstOther).toBeGreaterThan(0);
    expect(found.slice(firstOther).every((r) => !r.title.toLowerCase().startsWith('менеджер'))).toBe(true);
    expect(found.length).toBeLessThanOrEqual(20);
    expect(await roles('крут')).toEqual([]);
    expect(await roles('зщшгне')).toEqual([]);
  });

  it('answers 422 with a Russian message for an over-long text', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/dictionary/role?search=${'а'.repeat(101)}` });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('Не больше 100 символов');
  });
});

describe('roleMatch (the same rule in the web pickers)', () => {
  const recruiter = { value: '118', title: 'Специалист по подбору персонала' };
  it('matches word beginnings of the title or another name, never the middle of a word', () => {
    expect(roleMatch('спец подб', recruiter)).toEqual({ via: 'title' });
    expect(roleMatch('Рекрут', recruiter)).toEqual({ via: 'keyword', keyword: 'Рекрутер' });
    expect(roleMatch('hr', recruiter)).toEqual({ via: 'keyword', keyword: 'HR' });
    expect(roleMatch('рекрутер продаж', recruiter)).toBeNull();
    expect(roleMatch('бор', recruiter)).toBeNull();
    expect(roleMatch('', recruiter)).toEqual({ via: 'title' });
    expect(roleMatch('ёлка', { value: 'x', title: 'Елка новогодняя' })).toEqual({ via: 'title' });
  });
});
