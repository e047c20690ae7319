import { AUTOSEARCH_COUNT_CAP, type AutosearchChannels, type AutosearchFrequency } from '@hr/contract/autosearch';
import { plural } from '@hr/contract/plural';

const NEW_RESUMES = ['новое резюме', 'новых резюме', 'новых резюме'] as const;

/** «999+» past the cap, else the number. */
export function newCountNumber(count: number, capped: boolean): string {
  return capped || count > AUTOSEARCH_COUNT_CAP ? `${AUTOSEARCH_COUNT_CAP}+` : String(count);
}

/** «новых: 12», «новых: 999+», «новых нет». */
export function newCountShort(count: number, capped: boolean): string {
  return count > 0 || capped ? `новых: ${newCountNumber(count, capped)}` : 'новых нет';
}

/** «1 новое резюме», «3 новых резюме», «999+ новых резюме», «Новых резюме нет». */
export function newCountText(count: number, capped: boolean): string {
  if (count <= 0 && !capped) return 'Новых резюме нет';
  return `${newCountNumber(count, capped)} ${plural(capped ? AUTOSEARCH_COUNT_CAP + 1 : count, NEW_RESUMES)}`;
}

/** Where the digest goes, in words: «на почту и в Telegram», «на почту»; null when nothing is sent. */
export function channelsText(frequency: AutosearchFrequency, channels: AutosearchChannels, telegramEnabled: boolean): string | null {
  if (frequency === 'off') return null;
  const to = [channels.email ? 'на почту' : null, channels.telegram && telegramEnabled ? 'в Telegram' : null].filter(Boolean);
  return to.length ? to.join(' и ') : null;
}

/** Page keys of the search's address that are not the search (popups, the page number). */
const NOT_SAVED = new Set(['page', 'per_page', 'show', 'redirect', 'email', 'pass_reset_token', 'user_token', 'e_notify', 'invite']);

/** A search page's query string as a saved search keeps it: every condition and the order, without the page. */
export function savedQueryOf(search: string): string {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  const kept: [string, string][] = [];
  params.forEach((value, key) => {
    if (!NOT_SAVED.has(key.replace(/\[\]$/, ''))) kept.push([key, value]);
  });
  return new URLSearchParams(kept).toString().replace(/%5B%5D=/g, '[]=');
}

/** The search page with the saved search's conditions (`/?text=…`). */
export function searchHref(query: string): string {
  const clean = savedQueryOf(query);
  return clean ? `/?${clean}` : '/';
}

/** «Раз в день, в 9:00 по Москве» → «раз в день, в 9:00 по Москве» (inside a sentence; names keep their capital). */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
