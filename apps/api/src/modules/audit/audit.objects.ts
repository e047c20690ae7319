import { AUDIT_OBJECT_TITLES, type AuditObjectType } from '@hr/contract';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { educationMessages, resumeImports, resumes, reviewOpinions, users } from '../../db/schema/index.ts';
import { type CandidateViewer, displayNameOf, sightOf } from '../resume/candidate-view.ts';

/** What an audit row points at, as the back office shows it: a title and where it opens. */
export type AuditObject = { title: string | null; url: string | null };
type Ref = { objectType: string | null; objectId: string | null };

const digitsOnly = (ids: string[]) => [...new Set(ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number))];
const idsOf = (refs: readonly Ref[], type: AuditObjectType) =>
  refs.filter((r) => r.objectType === type && r.objectId).map((r) => r.objectId as string);

/** The CSV export reads up to 100 000 rows: ids go to the database a few thousand at a time (bind parameter limit). */
const CHUNK = 5000;
async function inChunks<I, R>(ids: I[], query: (chunk: I[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await query(ids.slice(i, i + CHUNK))));
  return out;
}

/** «Резюме «Менеджер по продажам» (Е. З.)»: the person as this admin may see them (candidate-view.ts). */
function resumeTitle(
  row: { title: string; firstName: string | null; lastName: string | null; middleName: string | null },
  viewer: CandidateViewer,
) {
  const person = { firstName: row.firstName, lastName: row.lastName, middleName: row.middleName };
  const fullName = [row.lastName, row.firstName].filter(Boolean).join(' ');
  const name = displayNameOf(person, fullName, sightOf(viewer));
  return `«${row.title || 'Без названия'}»${name ? ` (${name})` : ''}`;
}

/**
 * Titles and links for a page of audit rows, a few queries per page (one per kind of object).
 * An object deleted since says so; its id is never shown as the title.
 */
export async function describeAuditObjects(ctx: AppContext, refs: readonly Ref[], viewer: CandidateViewer): Promise<AuditObject[]> {
  const db = ctx.database.db;
  const userIds = digitsOnly(idsOf(refs, 'user'));
  const hashes = [...new Set(idsOf(refs, 'resume'))];
  const opinionIds = digitsOnly(idsOf(refs, 'opinion'));
  const importIds = digitsOnly(idsOf(refs, 'import'));
  const educationIds = digitsOnly(idsOf(refs, 'education'));
  const resumeCols = { hash: resumes.hash, title: resumes.title, firstName: resumes.firstName, lastName: resumes.lastName, middleName: resumes.middleName };

  const [userRows, resumeRows, opinionRows, importRows, educationRows] = await Promise.all([
    inChunks(userIds, (ids) =>
      db
        .select({ id: users.id, name: sql<string>`trim(coalesce(${users.family}, '') || ' ' || coalesce(${users.name}, ''))` })
        .from(users)
        .where(inArray(users.id, ids)),
    ),
    inChunks(hashes, (ids) => db.select(resumeCols).from(resumes).where(inArray(resumes.hash, ids))),
    inChunks(opinionIds, (ids) =>
      db
        .select({ id: reviewOpinions.id, ...resumeCols })
        .from(reviewOpinions)
        .innerJoin(resumes, sql`${resumes.id} = ${reviewOpinions.resumeId}`)
        .where(inArray(reviewOpinions.id, ids)),
    ),
    inChunks(importIds, (ids) =>
      db.select({ id: resumeImports.id, fileName: resumeImports.fileName }).from(resumeImports).where(inArray(resumeImports.id, ids)),
    ),
    inChunks(educationIds, (ids) =>
      db.select({ id: educationMessages.id, title: educationMessages.title }).from(educationMessages).where(inArray(educationMessages.id, ids)),
    ),
  ]);
  const usersById = new Map(userRows.map((u) => [String(u.id), u.name]));
  const resumesByHash = new Map(resumeRows.map((r) => [r.hash, r]));
  const opinionsById = new Map(opinionRows.map((o) => [String(o.id), o]));
  const importsById = new Map(importRows.map((i) => [String(i.id), i.fileName]));
  const educationById = new Map(educationRows.map((e) => [String(e.id), e.title]));

  return refs.map(({ objectType, objectId }): AuditObject => {
    if (!objectType) return { title: null, url: null };
    const kind = (AUDIT_OBJECT_TITLES as Record<string, string>)[objectType] ?? 'Объект';
    if (!objectId) {
      // A search export or the log itself: no single object.
      return { title: objectType === 'resume' ? 'Резюме из поиска' : kind, url: null };
    }
    switch (objectType) {
      case 'user': {
        const name = usersById.get(objectId);
        if (name === undefined) return { title: 'Пользователь удалён', url: null };
        return { title: `Пользователь ${name || 'без имени'}`, url: `/admin/users/${objectId}` };
      }
      case 'resume': {
        const row = resumesByHash.get(objectId);
        if (!row) return { title: 'Резюме удалено', url: null };
        return { title: `Резюме ${resumeTitle(row, viewer)}`, url: `/resume/${row.hash}` };
      }
      case 'opinion': {
        const row = opinionsById.get(objectId);
        if (!row) return { title: 'Отзыв удалён', url: null };
        return { title: `Отзыв о резюме ${resumeTitle(row, viewer)}`, url: `/resume/${row.hash}` };
      }
      case 'import': {
        const file = importsById.get(objectId);
        return file === undefined ? { title: 'Загрузка удалена', url: null } : { title: `Загрузка «${file}»`, url: `/admin/import/${objectId}` };
      }
      case 'education': {
        const title = educationById.get(objectId);
        return { title: title === undefined ? 'Анонс удалён' : `Анонс «${title}»`, url: null };
      }
      default:
        return { title: kind, url: null };
    }
  });
}
