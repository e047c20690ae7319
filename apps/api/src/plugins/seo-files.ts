import { escapeHtml } from '@hr/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { vacancies } from '../db/schema/index.ts';

/** A sitemap is read by crawlers a few times a day: drawn at most once a minute. */
const SITEMAP_TTL_MS = 60_000;
/** One sitemap file holds at most 50,000 addresses (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;

/**
 * The closed club stays out of search engines: only the home page and the public vacancy pages are
 * for them. Everything behind a login (the cabinet, favourites, the back office, members' pages,
 * the owner's pages of a vacancy), the candidate search with its endless addresses, the resumes
 * (people's data) and the API are disallowed.
 */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /$',
    'Allow: /vacancy/',
    'Disallow: /vacancy$',
    'Disallow: /vacancy/create',
    'Disallow: /vacancy/*/edit',
    'Disallow: /vacancy/*/reply',
    'Disallow: /vacancy/*/analytics',
    'Disallow: /vacancy/analytics',
    'Disallow: /vacancy/templates',
    'Disallow: /profile',
    'Disallow: /favourite',
    'Disallow: /popular_resume',
    'Disallow: /autosearch',
    'Disallow: /history',
    'Disallow: /admin',
    'Disallow: /person/',
    'Disallow: /resume/',
    'Disallow: /review/',
    'Disallow: /search',
    'Disallow: /search_old',
    'Disallow: /api/',
    'Disallow: /sanctum/',
    'Disallow: /*?',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The home page and every published vacancy, each with the day it last changed. */
export async function sitemapXml(ctx: AppContext): Promise<string> {
  const rows = await ctx.database.db
    .select({ id: vacancies.id, updatedAt: vacancies.updatedAt })
    .from(vacancies)
    .where(eq(vacancies.status, 'published'))
    .orderBy(desc(vacancies.updatedAt))
    .limit(SITEMAP_LIMIT - 1);
  const base = ctx.config.appUrl;
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(`${base}/`),
    ...rows.map((row) => url(`${base}/vacancy/${row.id}`, row.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/** `/robots.txt` and `/sitemap.xml`, answered before the app's pages (which would answer HTML). */
export function registerSeoFiles(app: FastifyInstance, ctx: AppContext): void {
  const robots = robotsTxt(ctx.config.appUrl);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );

  let cached: { at: number; xml: Promise<string> } | null = null;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    if (!cached || Date.now() - cached.at > SITEMAP_TTL_MS) {
      const xml = sitemapXml(ctx);
      cached = { at: Date.now(), xml };
      // A failed read is not kept: the next crawler asks the database again.
      xml.catch(() => {
        if (cached?.xml === xml) cached = null;
      });
    }
    const xml = await cached.xml;
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(xml);
  });
}
