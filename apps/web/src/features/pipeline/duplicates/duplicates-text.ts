import { DUPLICATE_REASON_TITLES, type DuplicateOf, MERGE_FIELD_TITLES, type MergeField, type MergeRecord, plural } from '@hr/contract';

const MOSCOW = 'Europe/Moscow';

/** «24 ноября 2026, 14:05» in Moscow time. */
export function moscowMoment(iso: string): string {
  return new Date(iso).toLocaleString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: MOSCOW });
}

/** «24 ноября 2026» in Moscow time. */
export function moscowDay(iso: string): string {
  return new Date(iso).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: MOSCOW });
}

/** Why and where: «тот же телефон · отклик на «Рекрутер», этап «Новые», 24 ноября 2026». */
export function matchLine(item: DuplicateOf): string {
  const why = DUPLICATE_REASON_TITLES[item.reason];
  if (item.kind === 'resume') return `${why} · резюме в базе клуба, обновлено ${moscowDay(item.created_at)}`;
  const stage = item.stage_title ? `, этап «${item.stage_title}»` : '';
  return `${why} · отклик на «${item.vacancy_title ?? ''}»${stage}, ${moscowDay(item.created_at)}`;
}

export const matchLink = (item: DuplicateOf) =>
  item.kind === 'reply' && item.vacancy_id && item.reply_id ? `/vacancy/${item.vacancy_id}/reply/${item.reply_id}` : `/resume/${item.hash}`;

export const fieldsText = (fields: readonly string[]) => fields.map((f) => MERGE_FIELD_TITLES[f as MergeField] ?? f).join(', ');

/** «Объединено с «Иванов Иван» (отклик на «Рекрутер») — Мария Петрова, 24 ноября 2026, 14:05; взято: E-mail». */
export function mergeLine(m: MergeRecord): string {
  const who = m.by ? `${m.by.name} ${m.by.family}`.trim() : 'участник команды';
  const where = m.vacancy_titles.length
    ? ` (${m.vacancy_titles.length === 1 ? 'отклик на' : 'отклики на'} ${m.vacancy_titles.map((t) => `«${t}»`).join(', ')})`
    : '';
  const taken = m.fields.length ? `; взято из дубля: ${fieldsText(m.fields)}` : '; поля оставлены как были';
  return `Объединено с «${m.merged_fio}»${where} — ${who}, ${moscowMoment(m.at)}${taken}`;
}

/** What the merge will do, line by line (the dialog's summary). */
export function mergeSummary(o: { moved: number; joined: number; taken: MergeField[]; vacancy: string }): string[] {
  const lines: string[] = [];
  if (o.moved === 1) lines.push('Отклик дубля перейдёт к этому кандидату со своей историей.');
  else if (o.moved) lines.push(`${o.moved} ${plural(o.moved, ['отклик', 'отклика', 'откликов'])} дубля перейдут к этому кандидату со своей историей.`);
  if (o.joined)
    lines.push(`${o.joined} ${plural(o.joined, ['отклик', 'отклика', 'откликов'])} на одну вакансию станут одним: история, письма и собеседования дубля сохранятся в отклике на «${o.vacancy}».`);
  lines.push(o.taken.length ? `Из дубля будут взяты: ${fieldsText(o.taken)}.` : 'Все поля останутся как в этом отклике.');
  lines.push('Резюме-дубль будет удалено; объединение запишется в историю отклика и в журнал.');
  return lines;
}
