import { escapeHtml } from '@hr/contract/html';
/**
 * Server-side rich-text cleaning (PRODUCT 5 and 9): keeps `p br ul ol li strong b em i u` and
 * `a[href]` with http(s)/mailto links (given rel="nofollow noopener"); other tags are removed with
 * their text kept, except script/style whose content goes too. Never rejects for markup.
 */
const ALLOWED = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'template', 'noscript']);
const VOID = new Set(['br']);

const escapeText = (s: string) => s.replace(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = escapeHtml;

function safeHref(attrs: string): string | null {
  const m = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
  const href = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim().replace(/&amp;/g, '&');
  return /^(https?:\/\/|mailto:)/i.test(href) ? href : null;
}

export function sanitizeHtml(input: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  const tag = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
  let last = 0;
  for (let m = tag.exec(input); m; m = tag.exec(input)) {
    if (!dropping) out += escapeText(input.slice(last, m.index));
    last = tag.lastIndex;
    const name = m[1]?.toLowerCase();
    if (!name) continue; // a comment
    const closing = m[0].startsWith('</');
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !m[0].endsWith('/>')) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(name)) {
      out += '<br>';
      continue;
    }
    if (name === 'a') {
      const href = safeHref(m[2] ?? '');
      out += href ? `<a href="${escapeAttr(href)}" rel="nofollow noopener" target="_blank">` : '<a>';
    } else out += `<${name}>`;
    open.push(name);
  }
  if (!dropping) out += escapeText(input.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Visible characters: text without tags, entities decoded, white space collapsed (the contract's one helper). */
export { visibleTextOf as visibleText } from '@hr/contract/html';
