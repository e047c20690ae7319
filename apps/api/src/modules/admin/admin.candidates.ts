import type { AdminCandidate, Paginated } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pageOf } from '@hr/contract/pagination';

type Row = {
  hash: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  title: string;
  email: string | null;
  phone: string | null;
  source: string;
  replies: number;
  opinions: number;
  created_at: string | Date;
};

/** Resumes of a person asking for deletion: by e-mail, phone digits, name or the resume's hash. */
export async function findCandidates(ctx: AppContext, q: string, page: number, perPage: number): Promise<Paginated<AdminCandidate>> {
  const text = q.trim();
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/\D/g, '');
  const alts = [
    sql`r.hash = ${text}`,
    sql`lower(coalesce(r.email, '')) = lower(${text})`,
    sql`(coalesce(r.last_name, '') || ' ' || coalesce(r.first_name, '') || ' ' || coalesce(r.middle_name, '')) ilike ${like}`,
    sql`(coalesce(r.first_name, '') || ' ' || coalesce(r.last_name, '')) ilike ${like}`,
    sql`exists (select 1 from vacancy_replies vr where vr.resume_id = r.id and (vr.email_key = lower(${text}) or vr.fio ilike ${like}))`,
  ];
  if (digits.length >= 7) {
    const tail = digits.slice(-10);
    alts.push(sql`regexp_replace(coalesce(r.phone, ''), '\\D', '', 'g') like ${`%${tail}`}`);
  }
  const where = sql`(${sql.join(alts, sql` or `)})`;
  const [rows, [total]] = await Promise.all([
    ctx.database.rows<Row>(sql`
      select r.hash, r.first_name, r.last_name, r.middle_name, r.title, r.email, r.phone, r.source, r.created_at,
             (select count(*)::int from vacancy_replies vr where vr.resume_id = r.id) as replies,
             (select count(*)::int from review_opinions o where o.resume_id = r.id) as opinions
      from resumes r where ${where}
      order by r.id desc limit ${perPage} offset ${(page - 1) * perPage}`),
    ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from resumes r where ${where}`),
  ]);
  return pageOf(
    rows.map((r) => ({
      hash: r.hash,
      fio: [r.last_name, r.first_name, r.middle_name].filter(Boolean).join(' '),
      title: r.title,
      email: r.email,
      phone: r.phone,
      source: r.source,
      replies: Number(r.replies),
      opinions: Number(r.opinions),
      created_at: new Date(r.created_at).toISOString(),
    })),
    Number(total?.n ?? 0),
    page,
    perPage,
  );
}
