import { describe, expect, it } from 'vitest';
import { isNavActive, NAV_ITEMS, navItemsFor } from './nav-items.ts';

const labels = (status: 'unknown' | 'guest' | 'member', type?: string) => navItemsFor(status, type).map((item) => item.label);
const activeOn = (pathname: string) => NAV_ITEMS.filter((item) => isNavActive(item, pathname)).map((item) => item.label);

describe('the header menu', () => {
  it('shows a visitor only what a visitor can open', () => {
    expect(labels('guest')).toEqual(['Кандидаты']);
    expect(labels('unknown')).toEqual(['Кандидаты']);
  });

  it('shows a member every section and an admin the back office too', () => {
    expect(labels('member', 'resident')).toEqual(['Кандидаты', 'Популярные', 'Избранное', 'Автопоиски', 'История', 'Мои вакансии']);
    expect(labels('member', 'admin')).toContain('Админка');
  });

  it('highlights «Мои вакансии» on the list and the owner\'s pages, not on a public vacancy', () => {
    expect(activeOn('/vacancy/12')).toEqual([]);
    expect(activeOn('/vacancy')).toEqual(['Мои вакансии']);
    expect(activeOn('/vacancy/create')).toEqual(['Мои вакансии']);
    expect(activeOn('/vacancy/12/edit')).toEqual(['Мои вакансии']);
    expect(activeOn('/vacancy/12/reply/3')).toEqual(['Мои вакансии']);
  });

  it('highlights «Кандидаты» on the search pages only', () => {
    expect(activeOn('/')).toEqual(['Кандидаты']);
    expect(activeOn('/search')).toEqual(['Кандидаты']);
    expect(activeOn('/favourite/abc')).toEqual(['Избранное']);
    expect(activeOn('/profile')).toEqual([]);
  });
});
