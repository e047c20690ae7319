import { z } from 'zod';

// Finding a professional role (roleTree) by what a person types: any word's beginning, in the
// role's title or in the words people use for it («рекрутер» for «Специалист по подбору персонала»).
// The server's GET /api/dictionary/role and the web's role pickers use the same rule.

/**
 * Other names of roles, by roleTree value (hh's role ids): what a member types when the dictionary's
 * title is not the word they think in.
 */
export const ROLE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  '118': ['Рекрутер', 'Рекрутинг', 'Рекрутмент', 'Менеджер по подбору персонала', 'HR', 'Хантер', 'Сорсер', 'Ресёрчер'],
  '69': ['HR-менеджер', 'HR generalist', 'Менеджер по работе с персоналом'],
  '38': ['HRD', 'HR-директор'],
  '171': ['Руководитель отдела подбора', 'Head of HR'],
  '117': ['Кадровик', 'Инспектор отдела кадров'],
  '70': ['Аккаунт-менеджер', 'Менеджер по работе с клиентами', 'Sales'],
  '96': ['Developer', 'Разработчик', 'Backend', 'Frontend'],
  '18': ['Главбух', 'Accountant'],
  '88': ['Администратор офиса'],
};

/** Lower case, «ё» as «е». */
const fold = (text: string) => text.toLowerCase().replace(/ё/g, 'е');
const wordsOf = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** The words typed, as a role search reads them (case and «ё» ignored). */
export const roleSearchWords = (query: string): string[] => wordsOf(query);

/**
 * How a role answers the typed words: `title` — each word begins a word of the title; the matching
 * other name — each begins a word of the title or of that name; null — no match. Nothing typed
 * matches every role.
 */
export function roleMatch(
  query: string,
  role: { value: string; title: string },
): { via: 'title' } | { via: 'keyword'; keyword: string } | null {
  const typed = roleSearchWords(query);
  if (!typed.length) return { via: 'title' };
  const titleWords = wordsOf(role.title);
  const covers = (words: string[]) => typed.every((t) => words.some((w) => w.startsWith(t)));
  if (covers(titleWords)) return { via: 'title' };
  for (const keyword of ROLE_KEYWORDS[role.value] ?? []) {
    if (covers([...titleWords, ...wordsOf(keyword)])) return { via: 'keyword', keyword };
  }
  return null;
}

export const ROLE_SEARCH_LIMIT = 20;

/** GET /api/dictionary/role?search= */
export const roleSearchQuery = z.object({
  search: z.string({ error: 'Введите название роли' }).trim().max(100, { error: 'Не больше 100 символов' }).optional().default(''),
});
/** A found role: its value and title, the category it is listed in, and the other name that matched. */
export const roleOption = z.object({
  value: z.string(),
  title: z.string(),
  group: z.string(),
  keyword: z.string().nullable(),
});
export type RoleOption = z.infer<typeof roleOption>;
export const roleSearchAnswer = z.object({ data: z.array(roleOption) });
export type RoleSearchAnswer = z.infer<typeof roleSearchAnswer>;
