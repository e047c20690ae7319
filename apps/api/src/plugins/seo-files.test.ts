import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPrivateTestApp, registeredMember } from '../../test/helpers.ts';
import type { BuiltApp } from '../app.ts';
import { vacancies } from '../db/schema/index.ts';

// What search engines and link previews get: robots.txt, sitemap.xml and a public vacancy's head.

let built: BuiltApp;
const ids: Record<'published' | 'company' | 'draft' | 'closed' | 'hostile', number> = {
  published: 0,
  company: 0,
  draft: 0,
  closed: 0,
  hostile: 0,
};
const DESCRIPTION = `<p>${'Ищем рекрутера в растущую команду, белая зарплата и обучение. '.repeat(5)}</p>`;
const HOSTILE = '</script><script>alert(1)</script><!--';

beforeAll(async () => {
  // A database of its own: the sitemap lists every published vacancy of the club.
  built = await createPrivateTestApp({ APP_URL: 'https://club.example' });
  const owner = await registeredMember(built.app);
  const [user] = await built.ctx.database.rows<{ id: number }>(sql`select id from users where email = ${owner.email}`);
  const add = async (values: Partial<typeof vacancies.$inferInsert>) => {
    const [row] = await built.ctx.database.db
      .insert(vacancies)
      .values({ ownerId: Number(user?.id), title: 'Рекрутер', description: DESCRIPTION, cityId: 1069, status: 'published', publishedAt: new Date('2026-11-20T09:00:00Z'), ...values })
      .returning({ id: vacancies.id });
    return Number(row?.id);
  };
  ids.published = await add({ title: 'Рекрутер', salaryFrom: 90_000, salaryTo: 150_000, workingType: 'full', updatedAt: new Date('2026-11-21T10:00:00Z') });
  ids.company = await add({ title: 'HR-бизнес-партнёр', company: 'ООО «Ромашка»', schedule: 'remote', workingType: 'part' });
  ids.draft = await add({ title: 'Черновик', status: 'draft', publishedAt: null });
  ids.closed = await add({ title: 'Закрытая', status: 'closed', closedAt: new Date() });
  ids.hostile = await add({ title: HOSTILE, company: HOSTILE, description: `<p>${HOSTILE}</p>${DESCRIPTION}` });
});

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
}

describe('robots.txt', () => {
  it('is plain text that closes the club and points to the sitemap by its absolute address', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toContain('<html');
    const lines = res.body.split('\n');
    for (const closed of ['/profile', '/favourite', '/autosearch', '/history', '/admin', '/person/', '/search', '/api/', '/vacancy/*/reply', '/vacancy/*/edit', '/vacancy/*/analytics', '/vacancy/analytics', '/vacancy/templates']) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    expect(lines).toContain('Allow: /vacancy/');
    expect(lines).toContain('Allow: /$');
    expect(lines).toContain('Sitemap: https://club.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the home page and the published vacancies only, each with its last change', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://club.example/');
    for (const id of [ids.published, ids.company, ids.hostile]) expect(locs).toContain(`https://club.example/vacancy/${id}`);
    for (const id of [ids.draft, ids.closed]) expect(locs).not.toContain(`https://club.example/vacancy/${id}`);
    expect(res.body).toContain(`<url><loc>https://club.example/vacancy/${ids.published}</loc><lastmod>2026-11-21T10:00:00.000Z</lastmod></url>`);
    // Well-formed: every <url> closed, nothing else at the top level.
    expect(res.body.match(/<url>/g)).toHaveLength(locs.length);
    expect(res.body.match(/<\/url>/g)).toHaveLength(locs.length);
  });
});

describe('a public vacancy page for link previews and search engines', () => {
  const page = async (id: number) => (await built.app.inject({ method: 'GET', url: `/vacancy/${id}` })).body;

  it('carries its title, OpenGraph tags and a JobPosting from the vacancy', async () => {
    const html = await page(ids.published);
    expect(html).toContain('<title>Рекрутер, 90 000 – 150 000 ₽, Москва — HR-клуб</title>');
    expect(html).toContain('<meta property="og:title" content="Рекрутер, 90 000 – 150 000 ₽, Москва — HR-клуб">');
    expect(html).toContain(`<meta property="og:url" content="https://club.example/vacancy/${ids.published}">`);
    expect(html).toMatch(/<meta property="og:description" content="Ищем рекрутера/);
    // One description: the vacancy's, not the club's general one beside it.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const [posting] = jsonLd(html);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Рекрутер',
      datePosted: '2026-11-20T09:00:00.000Z',
      employmentType: 'FULL_TIME',
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Москва', addressCountry: 'RU' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'RUB', value: { minValue: 90_000, maxValue: 150_000, unitText: 'MONTH' } },
      url: `https://club.example/vacancy/${ids.published}`,
    });
    expect(String(posting?.description)).toContain('Ищем рекрутера');
    // No company on the vacancy: no employer named (the club is not one), and no contacts ever.
    expect(posting).not.toHaveProperty('hiringOrganization');
    expect(posting).not.toHaveProperty('validThrough');
  });

  it('names the vacancy\'s own company as the employer and says when the work is remote', async () => {
    const [posting] = jsonLd(await page(ids.company));
    expect(posting).toMatchObject({
      hiringOrganization: { '@type': 'Organization', name: 'ООО «Ромашка»' },
      employmentType: 'PART_TIME',
      jobLocationType: 'TELECOMMUTE',
    });
    expect(posting).not.toHaveProperty('baseSalary');
  });

  it('text that closes the script element stays text: one JSON-LD block, parsed back whole', async () => {
    const html = await page(ids.hostile);
    expect(html).not.toContain('<script>alert(1)');
    const blocks = jsonLd(html);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ title: HOSTILE, hiringOrganization: { name: HOSTILE } });
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
  });

  it('a draft or a closed vacancy gets neither a JobPosting nor OpenGraph tags', async () => {
    for (const id of [ids.draft, ids.closed]) {
      const html = await page(id);
      expect(jsonLd(html)).toEqual([]);
      expect(html).not.toContain('og:title');
    }
  });
});
