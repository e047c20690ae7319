import { displayPhone, MERGE_FIELD_TITLES, MERGE_FIELDS, MERGE_MSG, type MergeAnswer, type MergeField, type MergePreview, type MergeSide, phoneDigits } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { audit } from '../audit/audit.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';

type ResumeRow = {
  id: number;
  hash: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  email: string | null;
  phone: string | null;
  city_id: number | null;
  city: string | null;
  title: string;
  about: string | null;
};
type ReplyRow = {
  id: number;
  resume_id: number;
  vacancy_id: number;
  vacancy_title: string;
  status: string;
  fio: string;
  city_name: string | null;
  cover_letter: string | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  email_key: string | null;
  phone_key: string | null;
  created_at: string;
};
type Side = { resume: ResumeRow; replies: ReplyRow[] };
type Pair = { keep: Side; merge: Side };

/** «Фамилия Имя Отчество» → the resume's name parts (as the public reply writes them). */
function splitFio(fio: string) {
  const [last = '', first = '', ...rest] = fio.split(/\s+/).filter(Boolean);
  return first ? { lastName: last, firstName: first, middleName: rest.join(' ') || null } : { lastName: null, firstName: last, middleName: null };
}

/** The file and the cover letter belong to a reply: a merge takes them only where two replies become one. */
const REPLY_FIELDS: readonly MergeField[] = ['file', 'cover_letter'];

/** The replies a merge may read and write: those to vacancies of the member's team. */
const ofTeam = (viewer: AuthUser): SQL => sql`vacancy_id in (select tv.id from vacancies tv where tv.owner_id in ${teamOf(viewer.id)})`;

/**
 * Both resumes, only as resumes of replies (`source = reply`) to the team's vacancies — a club
 * resume or another team's is not found — with their replies to the team's vacancies. A resume with
 * a reply to a vacancy outside the team (a former colleague's, merged in while they were in it) is
 * refused (422): the merge would rewrite or delete what the team no longer handles. `lock`: both
 * rows and their replies locked in id order, so two merges of one pair (in any direction) wait for
 * each other and never deadlock; a locked resume takes no new reply meanwhile.
 */
async function loadPair(tx: Db, viewer: AuthUser, keepHash: string, mergeHash: string, lock: boolean): Promise<Pair> {
  const forUpdate = (of: string): SQL => (lock ? sql.raw(`for update of ${of}`) : sql``);
  const resumes = await rowsIn<ResumeRow>(tx, sql`
    select r.id, r.hash, r.first_name, r.last_name, r.middle_name, r.email, r.phone, r.city_id,
      (select c.name from cities c where c.id = r.city_id) as city, r.title, r.about
    from resumes r join vacancies v on v.id = r.vacancy_id
    where r.hash in (${keepHash}, ${mergeHash}) and r.source = 'reply' and v.owner_id in ${teamOf(viewer.id)}
    order by r.id ${forUpdate('r')}`);
  const keep = resumes.find((r) => r.hash === keepHash);
  const merge = resumes.find((r) => r.hash === mergeHash);
  if (!keep || !merge) throw new AppError('not_found', MERGE_MSG.notFound);
  const replies = await rowsIn<ReplyRow>(tx, sql`
    select r.id, r.resume_id, r.vacancy_id, v.title as vacancy_title, r.status, r.fio, r.city_name, r.cover_letter,
      r.file_key, r.file_name, r.file_type, r.file_size, r.email_key, r.phone_key, r.created_at
    from vacancy_replies r join vacancies v on v.id = r.vacancy_id
    where r.resume_id in (${keep.id}, ${merge.id}) and v.owner_id in ${teamOf(viewer.id)} order by r.id ${forUpdate('r')}`);
  const [outside] = await rowsIn<{ any: boolean }>(tx, sql`
    select exists (select 1 from vacancy_replies r join vacancies v on v.id = r.vacancy_id
      where r.resume_id in (${keep.id}, ${merge.id}) and v.owner_id not in ${teamOf(viewer.id)}) as any`);
  if (outside?.any) throw fieldError('merge', MERGE_MSG.outsideTeam);
  const of = (id: number) => replies.filter((r) => Number(r.resume_id) === Number(id));
  const pair = { keep: { resume: keep, replies: of(keep.id) }, merge: { resume: merge, replies: of(merge.id) } };
  if (!pair.keep.replies.length || !pair.merge.replies.length) throw new AppError('not_found', MERGE_MSG.notFound);
  return pair;
}

/** The normalised e-mails and phones a resume and its replies carry. */
function keysOf(side: Side): Set<string> {
  const keys = new Set<string>();
  const email = side.resume.email?.trim().toLowerCase();
  if (email) keys.add(`e:${email}`);
  const phone = side.resume.phone ? phoneDigits(side.resume.phone) : null;
  if (phone) keys.add(`p:${phone}`);
  for (const r of side.replies) {
    if (r.email_key) keys.add(`e:${r.email_key}`);
    if (r.phone_key) keys.add(`p:${r.phone_key}`);
  }
  return keys;
}

/** Replies of both to one vacancy: [keep's, merge's]. */
const collisionsOf = (p: Pair): [ReplyRow, ReplyRow][] =>
  p.keep.replies.flatMap((k) => p.merge.replies.filter((m) => m.vacancy_id === k.vacancy_id).map((m): [ReplyRow, ReplyRow] => [k, m]));

/** The reply whose fio, city, letter and file stand for the side: one of a pair that becomes one, else the latest. */
function primaryOf(side: Side, collisions: [ReplyRow, ReplyRow][], index: 0 | 1): ReplyRow {
  return collisions[0]?.[index] ?? (side.replies[side.replies.length - 1] as ReplyRow);
}

function valuesOf(side: Side, primary: ReplyRow): Record<MergeField, string | null> {
  return {
    fio: primary.fio,
    email: side.resume.email,
    phone: side.resume.phone ? displayPhone(side.resume.phone) : null,
    city: primary.city_name ?? side.resume.city,
    title: side.resume.title,
    about: side.resume.about,
    file: primary.file_name,
    cover_letter: primary.cover_letter,
  };
}

const sideOf = (side: Side, primary: ReplyRow): MergeSide => ({
  hash: side.resume.hash,
  reply_id: Number(primary.id),
  vacancy_id: Number(primary.vacancy_id),
  vacancy_title: primary.vacancy_title,
  created_at: new Date(primary.created_at).toISOString(),
  values: valuesOf(side, primary),
});

function checkPair(p: Pair) {
  const keep = keysOf(p.keep);
  if (![...keysOf(p.merge)].some((k) => keep.has(k))) throw fieldError('merge', MERGE_MSG.notDuplicate);
}

const applicable = (collisions: number): MergeField[] => MERGE_FIELDS.filter((f) => collisions > 0 || !REPLY_FIELDS.includes(f));

/** `GET /api/resume/merge/preview`: what the dialog compares. */
export async function mergePreview(ctx: AppContext, viewer: AuthUser, keep: string, merge: string): Promise<MergePreview> {
  if (keep === merge) throw fieldError('merge', MERGE_MSG.sameResume);
  const p = await loadPair(ctx.database.db, viewer, keep, merge, false);
  checkPair(p);
  const collisions = collisionsOf(p);
  return {
    keep: sideOf(p.keep, primaryOf(p.keep, collisions, 0)),
    merge: sideOf(p.merge, primaryOf(p.merge, collisions, 1)),
    fields: applicable(collisions.length),
    replies_moved: p.merge.replies.length - collisions.length,
    replies_joined: collisions.length,
  };
}

/**
 * `POST /api/resume/merge`: in one transaction the chosen fields go from `merge` to `keep`, merge's
 * replies move to keep's resume (one to a vacancy keep replied to joins keep's reply: its history,
 * messages and interviews go over, it is deleted), the merge is logged (resume_merges with keep's
 * values before, a `merge` record in each reply's history, the audit log) and the merged resume is
 * deleted. Files no reply holds any more are deleted after the commit.
 */
export async function mergeResumes(ctx: AppContext, viewer: AuthUser, body: { keep: string; merge: string; fields: MergeField[] }, ip: string): Promise<MergeAnswer> {
  if (body.keep === body.merge) throw fieldError('merge', MERGE_MSG.sameResume);
  const { answer, dropFiles } = await ctx.database.db.transaction(async (tx) => {
    const p = await loadPair(tx, viewer, body.keep, body.merge, true);
    checkPair(p);
    const collisions = collisionsOf(p);
    const taken = applicable(collisions.length).filter((f) => body.fields.includes(f));
    const has = (f: MergeField) => taken.includes(f);
    const keepPrimary = primaryOf(p.keep, collisions, 0);
    const mergePrimary = primaryOf(p.merge, collisions, 1);
    const before = Object.fromEntries(taken.map((f) => [f, valuesOf(p.keep, keepPrimary)[f]]));
    const keepId = Number(p.keep.resume.id);
    const mergeId = Number(p.merge.resume.id);
    const dropFiles: string[] = [];

    // Two replies to one vacancy become keep's: the other's records, letters and interviews go over.
    for (const [k, m] of collisions) {
      await tx.execute(sql`update vacancy_reply_history set reply_id = ${k.id} where reply_id = ${m.id}`);
      await tx.execute(sql`update reply_messages set reply_id = ${k.id} where reply_id = ${m.id}`);
      await tx.execute(sql`update interviews set reply_id = ${k.id} where reply_id = ${m.id}`);
      await tx.execute(sql`delete from vacancy_replies where id = ${m.id}`);
      const takeFile = has('file') && !!m.file_key;
      if (takeFile) {
        await tx.execute(sql`update vacancy_replies set file_key = ${m.file_key}, file_name = ${m.file_name}, file_type = ${m.file_type},
          file_size = ${m.file_size} where id = ${k.id}`);
        if (k.file_key) dropFiles.push(k.file_key);
      } else if (m.file_key) dropFiles.push(m.file_key);
      if (has('cover_letter')) await tx.execute(sql`update vacancy_replies set cover_letter = ${m.cover_letter} where id = ${k.id}`);
    }
    const moved = await rowsIn<{ id: number }>(
      tx,
      sql`update vacancy_replies set resume_id = ${keepId}, updated_at = now() where resume_id = ${mergeId} and ${ofTeam(viewer)} returning id`,
    );

    // The resume's fields; one candidate, one name and city on every reply.
    const m = p.merge.resume;
    const names = has('fio') ? splitFio(mergePrimary.fio) : null;
    await tx.execute(sql`update resumes set
      first_name = ${names ? names.firstName : sql`first_name`}, last_name = ${names ? names.lastName : sql`last_name`},
      middle_name = ${names ? names.middleName : sql`middle_name`},
      email = ${has('email') ? m.email : sql`email`}, phone = ${has('phone') ? m.phone : sql`phone`},
      city_id = ${has('city') ? m.city_id : sql`city_id`}, title = ${has('title') ? m.title : sql`title`},
      about = ${has('about') ? m.about : sql`about`}, updated_at = now()
      where id = ${keepId}`);
    const fio = has('fio') ? mergePrimary.fio : keepPrimary.fio;
    const city = has('city') ? mergePrimary.city_name : keepPrimary.city_name;
    await tx.execute(sql`update vacancy_replies set fio = ${fio}, city_name = ${city} where resume_id = ${keepId} and ${ofTeam(viewer)}`);

    // The log: earlier merges into the merged resume now belong to keep.
    await tx.execute(sql`update resume_merges set keep_resume_id = ${keepId} where keep_resume_id = ${mergeId}`);
    const vacancies = [...new Set(p.merge.replies.map((r) => r.vacancy_title))];
    await tx.execute(sql`insert into resume_merges (keep_resume_id, merged_hash, fields, before, user_id)
      values (${keepId}, ${m.hash}, ${JSON.stringify({ taken, fio: mergePrimary.fio, vacancies })}::jsonb, ${JSON.stringify(before)}::jsonb, ${viewer.id})`);
    const note = `Объединено с резюме «${mergePrimary.fio}» (${vacancies.map((t) => `«${t}»`).join(', ')})${
      taken.length ? `; взято: ${taken.map((f) => MERGE_FIELD_TITLES[f]).join(', ')}` : ''
    }`;
    await tx.execute(sql`insert into vacancy_reply_history (reply_id, status, user_id, event, message)
      select id, status, ${viewer.id}, 'merge', ${note} from vacancy_replies where resume_id = ${keepId} and ${ofTeam(viewer)}`);
    // The member's kept candidates follow the person (a folder or a member holding both keeps one).
    await tx.execute(sql`update favourites f set resume_id = ${keepId} where f.resume_id = ${mergeId}
      and not exists (select 1 from favourites o where o.user_id = f.user_id and o.resume_id = ${keepId})`);
    await tx.execute(sql`delete from resumes where id = ${mergeId}`);
    await audit(tx, {
      actorId: viewer.id,
      action: 'resume.merge',
      objectType: 'resume',
      objectId: p.keep.resume.hash,
      ip,
      details: { merged: m.hash, fields: taken.map((f) => MERGE_FIELD_TITLES[f]), replies_moved: moved.length, replies_joined: collisions.length },
    });
    return { answer: { keep: p.keep.resume.hash, merged: m.hash, replies_moved: moved.length }, dropFiles };
  });
  for (const key of dropFiles) await ctx.files.delete(key).catch((err) => ctx.log.error({ err }, 'merged reply file not deleted'));
  return answer;
}
