import { FAVOURITE_EXPORT_MAX, FAVOURITE_FOLDER_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Cell, toCsv, toXlsx } from '../../lib/spreadsheet.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { sightOf } from '../resume/candidate-view.ts';
import { toCard } from '../resume/resume.card.ts';
import { phoneForPage } from '../resume/resume.presenter.ts';
import { visibleFolders } from './favourite-folder.service.ts';
import { type FavouriteFilter, favouriteRows, folderIdsByResume, idList } from './favourite-list.ts';
import { favouriteTeam } from './favourite-team.ts';

/** The resume ids of `resumeIds` whose contacts the member has opened (contact_openings). */
async function openedByViewer(ctx: AppContext, userId: number, resumeIds: number[]): Promise<Set<number>> {
  if (!resumeIds.length) return new Set();
  const rows = await ctx.database.rows<{ resume_id: number }>(sql`
    select distinct resume_id::int as resume_id from contact_openings
    where user_id = ${userId} and resume_id in (${idList(resumeIds)})`);
  return new Set(rows.map((r) => r.resume_id));
}

/**
 * What the favourites list shows (the same search text and folder), up to 1000 candidates, as CSV
 * or XLSX. Each row is what the list shows the member (the card through sightOf: names only with
 * open_contact) plus the note, the folders and who added it; contacts only of candidates the
 * member has opened (sightOf with contactsOpened), as the resume page shows them.
 */
export async function exportFavourites(ctx: AppContext, user: AuthUser, filter: FavouriteFilter, format: 'csv' | 'xlsx') {
  const team = await favouriteTeam(ctx, user);
  const folders = await visibleFolders(ctx, team, user.id);
  if (filter.folder && !folders.some((f) => f.id === filter.folder)) throw new AppError('not_found', FAVOURITE_FOLDER_MSG.notFound);
  const rows = await favouriteRows(ctx, team, user.id, filter, FAVOURITE_EXPORT_MAX, 0);
  const ids = rows.map((r) => Number(r.id));
  const [inFolders, opened] = await Promise.all([
    folderIdsByResume(
      ctx,
      folders.map((f) => f.id),
      ids,
    ),
    openedByViewer(ctx, user.id, ids),
  ]);
  const folderName = new Map(folders.map((f) => [f.id, f.name]));
  // Names are one decision for the viewer; contacts are per candidate (opened or not).
  const withNames = sightOf(user).names;
  const header = [
    ...(withNames ? ['Фамилия', 'Имя', 'Телефон', 'E-mail', 'Telegram'] : ['Инициалы']),
    'Должность',
    'Возраст',
    'Город',
    'Зарплата',
    'Валюта',
    'Опыт, мес.',
    'Последнее место работы',
    'Последняя должность',
    'Заметка',
    'Папки',
    'Добавил(а)',
    'Добавлено',
    'Ссылка',
  ];
  const data: Cell[][] = rows.map((r) => {
    const card = toCard(r, user);
    const sight = sightOf(user, opened.has(Number(r.id)));
    const who = withNames
      ? [
          card.last_name ?? '',
          card.first_name ?? '',
          sight.contacts ? (phoneForPage(r.phone) ?? '') : '',
          sight.contacts ? (r.email ?? '') : '',
          sight.contacts ? (r.telegram ?? '') : '',
        ]
      : [card.initials ?? ''];
    return [
      ...who,
      card.title,
      card.age,
      card.city?.title ?? '',
      card.salary?.amount ?? null,
      card.salary?.currency ?? '',
      card.total_experience_months,
      card.last_job?.company ?? '',
      card.last_job?.position ?? '',
      r.note ?? '',
      (inFolders.get(Number(r.id)) ?? []).map((id) => folderName.get(id) ?? '').join(', '),
      `${r.added_by_family} ${r.added_by_name}`.trim(),
      new Date(r.added_at).toISOString().slice(0, 10),
      `${ctx.config.appUrl}/favourite/${card.hash}`,
    ];
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return format === 'csv'
    ? { body: toCsv(header, data), type: 'text/csv; charset=utf-8', filename: `izbrannoe-${stamp}.csv`, rows: data.length }
    : {
        body: toXlsx('Избранное', header, data),
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        filename: `izbrannoe-${stamp}.xlsx`,
        rows: data.length,
      };
}
