import { z } from 'zod';

/**
 * Message templates (PRODUCT 11): `GET|POST /api/templates`, `PUT|DELETE /api/templates/{id}`,
 * `POST /api/templates/preview`. Placeholders are filled by `fillTemplate` on both sides (the web's
 * preview is the letter); values are escaped where the letter is HTML.
 */
export const TEMPLATE_KINDS = ['invite', 'reject', 'thanks', 'other'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_KIND_TITLES: Record<TemplateKind, string> = {
  invite: 'Приглашение',
  reject: 'Отказ',
  thanks: 'Спасибо за отклик',
  other: 'Другое',
};

export const TEMPLATE_PLACEHOLDERS = [
  { key: 'first_name', title: 'Имя кандидата' },
  { key: 'vacancy', title: 'Название вакансии' },
  { key: 'company', title: 'Компания' },
  { key: 'interview_at', title: 'Дата и время интервью' },
  { key: 'place', title: 'Место или ссылка интервью' },
  { key: 'member', title: 'Ваше имя' },
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number]['key'];
export type TemplateValues = Partial<Record<TemplatePlaceholder, string>>;

/**
 * `{{key}}` → its value, in one pass (a value is never read again as a template); an unknown key
 * stays as typed. A known one without a value becomes «—», except after a comma at the end of a
 * phrase, where it goes with the comma: «Здравствуйте, {{first_name}}!» → «Здравствуйте!».
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS.map((p) => p.key));
  return text.replace(/(,[ \t]*)?\{\{\s*([a-z_]+)\s*\}\}/g, (whole, comma: string | undefined, key: string, at: number, all: string) => {
    if (!known.has(key)) return whole;
    const value = values[key as TemplatePlaceholder];
    if (value) return (comma ?? '') + value;
    const next = all[at + whole.length];
    if (comma && (next === undefined || '!.?;\n\r'.includes(next))) return '';
    return `${comma ?? ''}—`;
  });
}

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 5_000;
export const TEMPLATES_PER_MEMBER_MAX = 100;

export const TEMPLATE_MSG = {
  nameRequired: 'Назовите шаблон',
  subjectRequired: 'Укажите тему письма',
  bodyRequired: 'Напишите текст письма',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
  notFound: 'Шаблон не найден',
  notOwn: 'Менять и удалять можно только свои шаблоны',
  tooMany: `Можно сохранить не больше ${TEMPLATES_PER_MEMBER_MAX} шаблонов`,
  saved: 'Шаблон сохранён',
  deleted: 'Шаблон удалён',
} as const;

export const messageTemplate = z.object({
  id: z.number().int(),
  kind: z.enum(TEMPLATE_KINDS),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  shared: z.boolean(),
  /** The member may change and delete it (their own). */
  own: z.boolean(),
  /** null: one of the club's defaults. */
  owner: z.object({ id: z.number().int(), name: z.string(), family: z.string() }).nullable(),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;
export const templateList = z.object({ items: z.array(messageTemplate) });
export type TemplateList = z.infer<typeof templateList>;

const required = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: TEMPLATE_MSG.tooLong(max) });

export const templateBody = z.object({
  name: required(TEMPLATE_NAME_MAX, TEMPLATE_MSG.nameRequired),
  subject: required(TEMPLATE_SUBJECT_MAX, TEMPLATE_MSG.subjectRequired),
  body: required(TEMPLATE_BODY_MAX, TEMPLATE_MSG.bodyRequired),
  kind: z.enum(TEMPLATE_KINDS).default('other'),
  shared: z.boolean().default(false),
});
export type TemplateBody = z.input<typeof templateBody>;

/** POST /api/templates/preview: the letter a reply would get (the member edits it before sending). */
export const templatePreviewBody = z.object({
  template_id: z.coerce.number().int().positive().max(2_147_483_647),
  vacancy_id: z.coerce.number().int().positive().max(2_147_483_647),
  reply_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  interview_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const templatePreview = z.object({ subject: z.string(), body: z.string() });
export type TemplatePreview = z.infer<typeof templatePreview>;
