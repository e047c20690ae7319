import { PIPELINE_MSG, plural, STAGES_MAX, type StageKind, type StagesBody, type StageWithCount, stagesBody } from '@hr/contract';

/** A stage as the editor holds it: `key` is stable while a new stage has no id yet. */
export type StageRow = { key: string; id?: number; title: string; kind: StageKind; count: number };

export type StageErrors = { rows: Record<string, string>; general?: string };

let seq = 0;
export const rowsOf = (stages: readonly StageWithCount[]): StageRow[] =>
  stages.map((s) => ({ key: `s${s.id}`, id: s.id, title: s.title, kind: s.kind, count: s.count }));

export function newRow(): StageRow {
  seq += 1;
  return { key: `new${seq}`, title: '', kind: 'active', count: 0 };
}

/** The rows with one moved `delta` places (kept within the list). */
export function moveRow(rows: readonly StageRow[], index: number, delta: number): StageRow[] {
  const to = Math.min(rows.length - 1, Math.max(0, index + delta));
  if (to === index || index < 0 || index >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(to, 0, row as StageRow);
  return next;
}

/** «Новые», «Выход на работу» and «Отказ» stay (one of each kind); a stage holding replies stays too. */
export function whyNotDeletable(row: StageRow): string | null {
  if (row.kind !== 'active') return 'Этот этап обязателен: его можно переименовать и передвинуть';
  if (row.count > 0) return `Удалить нельзя: в этапе ${row.count} ${plural(row.count, ['отклик', 'отклика', 'откликов'])}`;
  return null;
}

export const bodyOf = (rows: readonly StageRow[]): StagesBody => ({
  stages: rows.map((r) => (r.id ? { id: r.id, title: r.title, kind: r.kind } : { title: r.title, kind: r.kind })),
});

/** The contract's checks before sending: a message per row (by its title), the rest for the whole list. */
export function checkRows(rows: readonly StageRow[]): StageErrors {
  const parsed = stagesBody.safeParse(bodyOf(rows));
  if (parsed.success) return { rows: {} };
  return errorsAt(
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    rows,
  );
}

/** A 422's field errors (`stages.3.title`, `stages.3`, `stages`) laid on the rows. */
export function serverErrors(fields: Record<string, readonly string[]>, rows: readonly StageRow[]): StageErrors {
  return errorsAt(
    Object.entries(fields).flatMap(([key, messages]) => messages.map((message) => ({ path: key.split('.'), message }))),
    rows,
  );
}

function errorsAt(issues: readonly { path: readonly string[]; message: string }[], rows: readonly StageRow[]): StageErrors {
  const result: StageErrors = { rows: {} };
  const general: string[] = [];
  for (const { path, message } of issues) {
    const row = path[0] === 'stages' && path[1] !== undefined ? rows[Number(path[1])] : undefined;
    if (row && !result.rows[row.key]) result.rows[row.key] = message;
    else if (!row && !general.includes(message)) general.push(message);
  }
  if (rows.length > STAGES_MAX && !general.includes(PIPELINE_MSG.stagesMax)) general.push(PIPELINE_MSG.stagesMax);
  if (general.length) result.general = general.join('\n');
  return result;
}
