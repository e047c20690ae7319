import { SEARCH_EXACT_COUNT_LIMIT, SEARCH_MAX_DEPTH } from '@hr/contract/search-params';
import type { SearchResult } from '@hr/contract';

const numberFormat = new Intl.NumberFormat('ru-RU');

/** 12345 → «12 345» (a no-break space inside). */
export function formatNumber(value: number): string {
  return numberFormat.format(value).replace(/\u202f/g, '\u00a0');
}

/** A facet count: «≈ 1 200» when counted on a sample. */
export function formatCount(count: number, estimated?: boolean): string {
  return estimated && count > 0 ? `≈\u00a0${formatNumber(count)}` : formatNumber(count);
}

/** «Найдено 440 резюме», «Найдено более 10 000 резюме», «Найдено ≈ 3 400 резюме». */
export function foundText(result: Pick<SearchResult, 'total' | 'total_capped' | 'total_is_estimate'>): string {
  if (result.total === 0) return 'Резюме не найдены';
  if (result.total_capped) return `Найдено более ${formatNumber(SEARCH_EXACT_COUNT_LIMIT)} резюме`;
  if (result.total_is_estimate) return `Найдено ≈\u00a0${formatNumber(result.total)} резюме`;
  return `Найдено ${formatNumber(result.total)} резюме`;
}

/** Past the depth limit only the first results can be paged through (as hh.ru does). */
export function depthNote(total: number): string | null {
  return total > SEARCH_MAX_DEPTH ? `Показаны первые ${formatNumber(SEARCH_MAX_DEPTH)} — уточните запрос, чтобы увидеть остальных` : null;
}

/** Parameter names as the page calls them (for messages about a link). */
const PARAM_TITLES: Record<string, string> = {
  text: 'Ключевые слова',
  logic: 'Слова',
  field: 'Где искать',
  period: 'Период опыта',
  search_city: 'Город',
  relocation: 'Переезд',
  subway: 'Метро',
  experience: 'Опыт работы',
  workingType: 'Тип занятости',
  schedule: 'График работы',
  education: 'Образование',
  sex: 'Пол',
  age_from: 'Возраст от',
  age_to: 'Возраст до',
  salary_from: 'Зарплата от',
  salary_to: 'Зарплата до',
  drive: 'Водительские права',
  roleTree: 'Профессиональная роль',
  resumeStatus: 'Статус поиска работы',
  lastActive: 'Резюме обновлено',
  searchOrderBy: 'Сортировка',
  label: 'Отметки',
  page: 'Страница',
  per_page: 'На странице',
  query: 'Расширенный запрос',
};

export function paramTitle(key: string): string {
  return PARAM_TITLES[key] ?? key;
}
