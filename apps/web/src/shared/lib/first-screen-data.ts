import { FIRST_SCREEN_DATA_ID } from '@hr/contract/constants';
import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page the server prepared carries (plugins/first-screen.ts): the API's GETs it answers, and
 * their answers as the query cache holds them (TanStack Query's dehydrated state, hydrated by boot).
 */
export type FirstScreenData = { answered: string[]; state: DehydratedState };

/** The session's GET, the first thing the browser's entry asks (main.tsx). */
export const SESSION_URL = '/api/user/main_info';

let carried: FirstScreenData | null | undefined;

/** The page's embedded data (read once), or null when the page came without it. */
export function readFirstScreenData(): FirstScreenData | null {
  if (carried !== undefined) return carried;
  carried = null;
  const element = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element?.textContent) return carried;
  try {
    const data = JSON.parse(element.textContent) as Partial<FirstScreenData>;
    if (Array.isArray(data.answered) && Array.isArray(data.state?.queries)) carried = data as FirstScreenData;
  } catch {
    /* the page asks for everything itself */
  }
  return carried;
}

/** Whether the page came with the answer of this GET (main.tsx then does not ask for it). */
export const pageAnswers = (url: string): boolean => readFirstScreenData()?.answered.includes(url) === true;
