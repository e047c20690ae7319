import { ACCESS_FLAGS, ACCOUNT_TYPES } from './access.ts';
import { ACCESS_FLAG_TITLES, AUDIT_ACTION_TITLES, AUDIT_OBJECT_TITLES, IMPORT_STATUS_TITLES } from './admin.ts';
import { titleOf } from './labels.ts';

/**
 * An audit entry's details (stored as JSON: ids, counts, reasons, codes) as lines a person reads:
 * «Причина: …», «Было: Базовый», «Удалено: резюме — 1, отклики — 2». The back office page and the
 * CSV export show the same lines. A key nobody described yet still shows under «Прочее».
 */
export type AuditDetailLine = { label: string; value: string };

const LOGIN_METHODS: Record<string, string> = { password: 'по паролю', code: 'по коду' };
const LOGIN_FAILURES: Record<string, string> = {
  bad_credentials: 'неверный e-mail или пароль',
  blocked: 'учётная запись заблокирована',
  too_many: 'слишком много попыток',
};
const FILE_FORMATS: Record<string, string> = { jsonl: 'JSON Lines', csv: 'CSV', xlsx: 'Excel (XLSX)', json: 'JSON' };

/** What a deletion on request removed, table by table. */
const DELETED_TITLES: Record<string, string> = {
  users: 'учётная запись',
  resumes: 'резюме',
  reply_resumes: 'резюме из откликов',
  vacancy_replies: 'отклики',
  vacancies: 'вакансии',
  review_opinions: 'отзывы',
  review_requests: 'запросы отзывов',
  favourites: 'избранное',
  resume_merges: 'записи объединений дублей',
  team_members: 'места в командах',
  sessions: 'сеансы входа',
  notifications: 'уведомления',
  jobs: 'задания в очереди',
  mail_outbox: 'письма в очереди',
  rate_limits: 'счётчики ограничений',
  client_errors: 'отчёты об ошибках',
  files: 'файлы',
  contact_openings_kept: 'открытия контактов (оставлен только факт)',
  audit_entries_redacted: 'записи журнала очищены от данных',
};

/** Filters of an audit export. */
const FILTER_TITLES: Record<string, string> = {
  actor_id: 'кто (ID)',
  action: 'действие',
  object_type: 'объект',
  object_id: 'ID объекта',
  from: 'с',
  to: 'по',
};

const KEY_TITLES: Record<string, string> = {
  method: 'Способ входа',
  comment: 'Комментарий',
  reason: 'Причина',
  added: 'Добавлены опции',
  removed: 'Сняты опции',
  flags: 'Опции теперь',
  from: 'Было',
  to: 'Стало',
  deleted: 'Удалено',
  education_id: 'Номер курса',
  recipients: 'Получателей',
  file: 'Файл',
  size: 'Размер',
  format: 'Формат',
  status: 'Итог',
  rows: 'Строк',
  imported: 'Добавлено',
  updated: 'Обновлено',
  rejected: 'Отклонено',
  filters: 'Отбор',
  count: 'Количество',
  folder: 'Папка',
  merged: 'Объединённое резюме',
  fields: 'Взятые поля',
  replies_moved: 'Перенесено откликов',
  replies_joined: 'Откликов слито в один',
};

/** Keys the entry's object already says (the opinion's resume is the object's link). */
const SHOWN_AS_OBJECT = new Set(['resume', 'resume_hash', 'hash']);

const number = (n: number) => n.toLocaleString('ru-RU');

/** 1 536 → «1,5 КБ». */
export function formatFileSize(bytes: number): string {
  const units = ['Б', 'КБ', 'МБ', 'ГБ'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('ru-RU', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/** 2026-11-05 → 05.11.2026; anything else as it is. */
const day = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
};

/** Any value as plain Russian text: yes/no, numbers with spaces, lists with commas, nested as «ключ — значение». */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length ? value.map(plain).join(', ') : 'нет';
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${KEY_TITLES[k]?.toLowerCase() ?? k} — ${plain(v)}`);
    return parts.length ? parts.join('; ') : '—';
  }
  return String(value);
}

/** Flags in the order the user card lists them. */
const flagList = (value: unknown) => {
  if (!Array.isArray(value) || value.length === 0) return 'нет';
  const rank = (f: string) => (ACCESS_FLAGS as readonly string[]).indexOf(f);
  return [...value]
    .map(String)
    .sort((a, b) => rank(a) - rank(b))
    .map((f) => titleOf(ACCESS_FLAG_TITLES, f))
    .join(', ');
};

function deletedCounts(value: unknown): string {
  if (!value || typeof value !== 'object') return plain(value);
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([table, n]) => `${DELETED_TITLES[table] ?? 'прочее'} — ${number(n as number)}`);
  return parts.length ? parts.join(', ') : 'ничего';
}

function filterList(value: unknown): string {
  if (!value || typeof value !== 'object') return 'весь журнал';
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([key, v]) => {
      const text =
        key === 'action'
          ? titleOf(AUDIT_ACTION_TITLES, String(v))
          : key === 'object_type'
            ? titleOf(AUDIT_OBJECT_TITLES, String(v))
            : key === 'from' || key === 'to'
              ? day(String(v))
              : plain(v);
      return `${FILTER_TITLES[key] ?? key}: ${text}`;
    });
  return parts.length ? parts.join('; ') : 'весь журнал';
}

/** One key of one action: its label and readable value, or null when there is nothing to say. */
function line(action: string, key: string, value: unknown): AuditDetailLine | null {
  if (SHOWN_AS_OBJECT.has(key)) return null;
  if (value === null || value === undefined || value === '') return null;
  switch (key) {
    case 'method':
      return { label: KEY_TITLES.method as string, value: titleOf(LOGIN_METHODS, String(value)) };
    case 'reason':
      if (action === 'auth.login_failed') return { label: 'Причина', value: titleOf(LOGIN_FAILURES, String(value)) };
      return { label: action === 'opinion.unhide' ? 'Комментарий' : 'Причина', value: plain(value) };
    case 'added':
    case 'removed':
      return Array.isArray(value) && value.length === 0 ? null : { label: KEY_TITLES[key] as string, value: flagList(value) };
    case 'flags':
      return { label: KEY_TITLES.flags as string, value: flagList(value) };
    case 'from':
    case 'to':
      return { label: KEY_TITLES[key] as string, value: titleOf(ACCOUNT_TYPES, String(value)) };
    case 'deleted':
      return { label: 'Удалено', value: deletedCounts(value) };
    case 'size':
      return typeof value === 'number' ? { label: 'Размер', value: formatFileSize(value) } : { label: 'Размер', value: plain(value) };
    case 'format':
      return { label: 'Формат', value: titleOf(FILE_FORMATS, String(value)) };
    case 'status':
      return { label: 'Итог', value: action.startsWith('import.') ? titleOf(IMPORT_STATUS_TITLES, String(value)) : plain(value) };
    case 'filters':
      return { label: 'Отбор', value: filterList(value) };
    default:
      return { label: KEY_TITLES[key] ?? 'Прочее', value: plain(value) };
  }
}

/** The order lines are read in (the database keeps JSON keys in its own order). */
const KEY_ORDER = Object.keys(KEY_TITLES);
const rankOf = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);

export function auditDetailLines(action: string, details: Record<string, unknown> | null | undefined): AuditDetailLine[] {
  if (!details) return [];
  return Object.entries(details)
    .sort(([a], [b]) => rankOf(a) - rankOf(b))
    .map(([key, value]) => line(action, key, value))
    .filter((l): l is AuditDetailLine => l !== null);
}

/** The lines in one cell of a spreadsheet: «Причина: спам; Удалено: резюме — 1». */
export const auditDetailsText = (action: string, details: Record<string, unknown> | null | undefined) =>
  auditDetailLines(action, details)
    .map((l) => `${l.label}: ${l.value}`)
    .join('; ');
