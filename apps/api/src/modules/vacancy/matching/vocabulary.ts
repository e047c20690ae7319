import { STOP_WORDS } from '../../resume/search/search.service.ts';

// What a recruiter hears as the same job: concepts with the phrases that name them, and the words
// of a title that say little about the job («менеджер», «старший»).

/**
 * A phrase of a concept: word beginnings (matched as prefixes of the resume's stemmed words, so
 * «рекрут» finds «рекрутер», «рекрутинг», «рекрутмент»), how close it is to the concept (1 — the
 * same thing, less — near it), and how it is named in an explanation.
 */
export type Phrase = { words: string[]; strength: number; label: string };
export type Concept = { id: string; label: string; phrases: Phrase[] };

const p = (text: string, strength: number, label = text): Phrase => ({ words: text.split(' '), strength, label });

export const CONCEPTS: Concept[] = [
  {
    id: 'recruiting',
    label: 'подбор персонала',
    phrases: [
      p('подбор персонал', 1, 'подбор персонала'),
      p('подбор кадр', 1, 'подбор кадров'),
      p('поиск персонал', 1, 'поиск персонала'),
      p('поиск кандидат', 1, 'поиск кандидатов'),
      p('рекрут', 1, 'рекрутер'),
      p('recruit', 1, 'recruitment'),
      p('хантинг', 1),
      p('хантер', 1, 'хантер'),
      p('headhunt', 1, 'headhunting'),
      p('сорсинг', 1),
      p('сорсер', 1),
      p('sourc', 1, 'sourcing'),
      // «ё» is read as «е»; «ресечер» is a spelling met in real resumes, shown as written properly.
      p('ресерчер', 1, 'ресёрчер'),
      p('ресечер', 1, 'ресёрчер'),
      p('talent acquisition', 1),
      p('executive search', 1),
      p('найм', 0.8),
      p('собеседован', 0.6, 'собеседования'),
      p('менеджер персонал', 0.6, 'менеджер по персоналу'),
      p('hr', 0.6, 'HR'),
    ],
  },
  {
    id: 'hr',
    label: 'управление персоналом',
    phrases: [
      p('hr', 1, 'HR'),
      p('менеджер персонал', 1, 'менеджер по персоналу'),
      p('управлен персонал', 1, 'управление персоналом'),
      p('директор персонал', 1, 'директор по персоналу'),
      p('персонал', 0.6),
      p('кадр', 0.6, 'кадры'),
    ],
  },
  {
    id: 'sales',
    label: 'продажи',
    phrases: [
      p('продаж', 1, 'продажи'),
      p('sales', 1),
      p('торгов представител', 0.9, 'торговый представитель'),
      p('аккаунт', 0.8, 'аккаунт-менеджер'),
      p('account', 0.8, 'account manager'),
      p('работ клиент', 0.8, 'работа с клиентами'),
    ],
  },
  {
    id: 'development',
    label: 'разработка',
    phrases: [p('разработчик', 1), p('программист', 1), p('developer', 1), p('backend', 0.8), p('fullstack', 0.8)],
  },
  {
    id: 'accounting',
    label: 'бухгалтерия',
    phrases: [p('бухгалтер', 1, 'бухгалтерия'), p('accountant', 1), p('главбух', 1)],
  },
  {
    id: 'testing',
    label: 'тестирование',
    phrases: [p('тестировщик', 1), p('тестирован', 1, 'тестирование'), p('qa', 1, 'QA')],
  },
  {
    id: 'analytics',
    label: 'аналитика',
    phrases: [p('аналитик', 1), p('analyst', 1)],
  },
];

/**
 * Words that say little about the job on their own: a sales manager and a recruitment manager are
 * both «менеджеры». They add a little to a title's match, never make one.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(
  `менеджер специалист сотрудник работник ведущий старший младший главный помощник ассистент стажер стажёр
   заместитель руководитель начальник директор заведующий отдел отдела группы группа направления
   manager specialist senior junior middle lead head assistant`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower case, «ё» as «е». */
export const normalize = (text: string) => text.toLowerCase().replace(/ё/g, 'е');

/** The words of a text (letters and digits; hyphens split «IT-рекрутер»), normalised. */
export const wordsIn = (text: string): string[] => normalize(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether the word is a stop word of the text search (it matches nothing there). */
export const isStopWord = (word: string) => STOP_WORDS.has(word);

/**
 * Where in `words` a phrase stands: the indexes of the words beginning with each of its words
 * (in any order), or null when one is missing.
 */
export function phraseAt(phrase: Phrase, words: string[]): number[] | null {
  const at: number[] = [];
  for (const w of phrase.words) {
    const i = words.findIndex((x, j) => !at.includes(j) && x.startsWith(w));
    if (i < 0) return null;
    at.push(i);
  }
  return at;
}
