import { escapeHtml, pageTitle, visibleTextOf } from '@hr/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { cities, type VacancyRow, vacancies } from '../../db/schema/index.ts';

import { scriptJson } from '../../lib/script-json.ts';

const rub = (n: number) => n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ');
export function salaryText(from: number | null, to: number | null): string | null {
  if (from != null && to != null) return from === to ? `${rub(from)} ₽` : `${rub(from)} – ${rub(to)} ₽`;
  if (from != null) return `от ${rub(from)} ₽`;
  if (to != null) return `до ${rub(to)} ₽`;
  return null;
}

/** hh.ru's kinds of employment (the workingType dictionary) in schema.org's words. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  full: 'FULL_TIME',
  part: 'PART_TIME',
  project: 'CONTRACTOR',
  volunteer: 'VOLUNTEER',
  probation: 'INTERN',
};

type PostedVacancy = Pick<
  VacancyRow,
  'title' | 'description' | 'company' | 'salaryFrom' | 'salaryTo' | 'workingType' | 'schedule' | 'publishedAt' | 'createdAt'
>;

/**
 * The schema.org JobPosting of a published vacancy, from what its public page shows anyway: the
 * hiring company is the vacancy's own «Компания» (public on the page, PRODUCT 5), left out when the
 * vacancy names none — the club is not the employer. No contacts (those are for the team). No
 * validThrough: a vacancy is open until its owner closes it, and a closed one has no page of this kind.
 */
export function jobPosting(v: PostedVacancy, city: string | null, region: string | null, url: string): Record<string, unknown> {
  const employmentType = v.workingType ? EMPLOYMENT_TYPES[v.workingType] : undefined;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: v.title,
    description: v.description,
    datePosted: (v.publishedAt ?? v.createdAt).toISOString(),
    ...(v.company ? { hiringOrganization: { '@type': 'Organization', name: v.company } } : {}),
    ...(city
      ? {
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', addressLocality: city, ...(region ? { addressRegion: region } : {}), addressCountry: 'RU' },
          },
        }
      : {}),
    ...(v.schedule === 'remote' ? { jobLocationType: 'TELECOMMUTE' } : {}),
    ...(v.salaryFrom != null || v.salaryTo != null
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'RUB',
            value: {
              '@type': 'QuantitativeValue',
              unitText: 'MONTH',
              ...(v.salaryFrom != null ? { minValue: v.salaryFrom } : {}),
              ...(v.salaryTo != null ? { maxValue: v.salaryTo } : {}),
            },
          },
        }
      : {}),
    ...(employmentType ? { employmentType } : {}),
    url,
  };
}

/**
 * What a link preview needs of a published vacancy, server-side (messengers run no scripts):
 * `<title>` with the salary and city, OpenGraph tags and a schema.org JobPosting block. Every
 * value is escaped. Drafts and closed vacancies get nothing (null).
 */
export async function vacancyPageHead(ctx: AppContext, id: number): Promise<{ title: string; head: string } | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await ctx.database.db
    .select({ v: vacancies, city: cities.name, region: cities.region })
    .from(vacancies)
    .leftJoin(cities, eq(cities.id, vacancies.cityId))
    .where(eq(vacancies.id, id))
    .limit(1);
  if (row?.v.status !== 'published') return null;
  const { v } = row;
  const salary = salaryText(v.salaryFrom, v.salaryTo);
  const title = pageTitle([v.title, salary, row.city].filter(Boolean).join(', '));
  const text = visibleTextOf(v.description);
  const description = text.length > 300 ? `${text.slice(0, 297)}…` : text;
  const url = `${ctx.config.appUrl}/vacancy/${v.id}`;
  const posting = jobPosting(row.v, row.city, row.region, url);
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const head = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    meta('og:type', 'website'),
    meta('og:locale', 'ru_RU'),
    meta('og:site_name', 'HR-клуб'),
    meta('og:title', title),
    meta('og:description', description),
    meta('og:url', url),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<script type="application/ld+json">${scriptJson(posting)}</script>`,
  ].join('\n');
  return { title, head };
}

/** The page with the vacancy's head: its <title> and description replaced, the tags added before </head>. */
export function withVacancyHead(html: string, page: { title: string; head: string }): string {
  const titled = html
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/i, '');
  return titled.replace(/<\/head>/i, () => `${page.head}\n</head>`);
}
