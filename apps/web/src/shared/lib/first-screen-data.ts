import { FIRST_SCREEN_DATA_ID, type PageAnswer } from '@hr/contract/constants';

/** The server's answers embedded in the page, or null when the page came without a first screen. */
export function readFirstScreenData(): PageAnswer[] | null {
  const element = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as { answers?: PageAnswer[] };
    return Array.isArray(data.answers) ? data.answers : null;
  } catch {
    return null;
  }
}
