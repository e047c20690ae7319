import { type CandidatePerson, type CandidateSight, maskGeneration, maskMarkedText, maskText } from './resume.mask.ts';
import { canSeeCandidateNames } from './resume.policy.ts';
import type { UserRow } from '../../db/schema/index.ts';

/**
 * What one viewer may see of one candidate — the one decision behind every door that shows a
 * candidate (search cards and snippets, the resume page, the visitor's page and the server-drawn
 * first screen, favourites, popular, «Подходящие кандидаты», replies, exports, Telegram and mail
 * copies). `names`: the candidate's names and photo, also where typed into free text. `contacts`:
 * phones, e-mails, links and messenger handles, also where typed into free text.
 */
export type { CandidateSight };
/** Taken before reading the rows to show, and handed to the reveal functions (resume.mask.ts). */
export { maskGeneration };

export const VISITOR_SIGHT: CandidateSight = Object.freeze({ names: false, contacts: false });
/** The team of a vacancy the candidate replied to: the candidate sent them who they are. */
export const REPLY_TEAM_SIGHT: CandidateSight = Object.freeze({ names: true, contacts: true });

export function initialsOf(first: string | null, last: string | null): string {
  return [first, last]
    .filter((s): s is string => !!s)
    .map((s) => `${s[0]?.toUpperCase()}.`)
    .join(' ');
}

export type CandidateViewer = (Pick<UserRow, 'flags'> & { leadFlags?: string[] }) | null;

/**
 * A member with `open_contact` sees the names; contacts only once they opened this candidate's
 * contacts (which counted toward the daily limit and was logged). Lists of cards never carry
 * contacts: `contactsOpened` is false there.
 */
export function sightOf(viewer: CandidateViewer, contactsOpened = false): CandidateSight {
  if (!viewer) return VISITOR_SIGHT;
  const names = canSeeCandidateNames(viewer as UserRow);
  return { names, contacts: names && contactsOpened };
}

/** Free text as the viewer may read it. */
export const revealText = (text: string, person: CandidatePerson, sight: CandidateSight, readAt?: number) =>
  maskText(text, person, sight, readAt);
export const revealOptionalText = (text: string | null | undefined, person: CandidatePerson, sight: CandidateSight) =>
  text == null ? null : maskText(text, person, sight);
/**
 * A search highlight (raw, with its match markers) as the viewer may read it. `readAt`: the
 * masking's generation taken before the rows were read (maskGeneration).
 */
export const revealMarkedText = (
  marked: string,
  person: CandidatePerson,
  sight: CandidateSight,
  marks: { open: string; close: string; cut?: boolean },
  readAt?: number,
) => maskMarkedText(marked, person, sight, marks, readAt);

/** The name a list shows for a candidate: the full name when the viewer may see it, else the initials. */
export function displayNameOf(person: CandidatePerson, fullName: string, sight: CandidateSight): string {
  return sight.names ? fullName : initialsOf(person.firstName, person.lastName) || 'Кандидат';
}
