/**
 * A ts_headline fragment of the resume text, made readable before it is escaped and marked up.
 *
 * The fragment document joins the skills and each job with «. », so a job description that already
 * ends with a dot gave «..»; an author's «...» is one ellipsis «…»; and the card puts «…» at both
 * ends of a fragment, so the punctuation left at its edges by the cut («. Старший», «раза.») goes.
 * The match markers (\u0001, \u0002) are kept where they are.
 */
const EDGE_START = /^[\s.,;:…—–-]+/u;
const EDGE_END = /[\s.,;:…—–-]+$/u;

export function tidyFragment(raw: string): string {
  return raw
    .replace(/\s+/gu, ' ')
    .replace(/\.{3,}|…+/gu, '…')
    .replace(/\.(?:\s*\.)+/gu, '.')
    .replace(/…\s*\.|\.\s*…/gu, '…')
    .replace(/\s+([.,;:])/gu, '$1')
    .replace(EDGE_START, '')
    .replace(EDGE_END, '');
}
