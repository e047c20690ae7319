/**
 * The one client-side allow-list for vacancy descriptions (PRODUCT 5), the same as the server's:
 * p br ul ol li strong b em i u, and a[href] with http(s) or mailto. Other elements are dropped
 * and their text kept; script/style and the like go with their content. The result is a plain
 * tree that React renders as elements — no HTML string ever reaches the page.
 */
export type SafeNode = string | SafeElement;
export type SafeElement = { tag: SafeTag; href?: string; children: SafeNode[] };
export type SafeTag = (typeof ALLOWED)[number];

const ALLOWED = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a'] as const;
const ALLOWED_SET: ReadonlySet<string> = new Set(ALLOWED);
/** Elements whose content is not text for a reader. */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
]);
const MAX_DEPTH = 40;

/** Only absolute http(s) and mailto links survive (no javascript:, data:, relative or protocol-relative). */
export function safeHref(raw: string | null): string | undefined {
  if (!raw) return undefined;
  const value = raw.trim();
  if (/^mailto:[^\s]+$/i.test(value)) return value;
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && /^https?:\/\//i.test(value)) return url.href;
  } catch {
    /* not a URL */
  }
  return undefined;
}

function walk(node: Node, depth: number, out: SafeNode[]): void {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    if (text) out.push(text);
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_WITH_CONTENT.has(tag)) return;
  const children: SafeNode[] = [];
  if (depth < MAX_DEPTH) for (const child of element.childNodes) walk(child, depth + 1, children);
  if (!ALLOWED_SET.has(tag)) {
    out.push(...children);
    return;
  }
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) {
      out.push(...children);
      return;
    }
    out.push({ tag: 'a', href, children });
    return;
  }
  out.push({ tag: tag as SafeTag, children: tag === 'br' ? [] : children });
}

/** Parses with the browser's inert DOMParser (no scripts run, no images load) and keeps the allow-list. */
export function sanitizeHtml(html: string): SafeNode[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out: SafeNode[] = [];
  for (const child of doc.body.childNodes) walk(child, 0, out);
  return out;
}
