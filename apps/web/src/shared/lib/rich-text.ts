import { isAllowedRichTextHref, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_TAGS, type RichTextTag } from '@hr/contract/rich-text';

/**
 * Rich text as the reader gets it (vacancy descriptions, education announcements), through the
 * contract's allow-list — the one the server cleaned it with (sanitize-html): other elements are
 * dropped and their text kept, script/style and the like go with their content, a link keeps only an
 * absolute http(s) or mailto address. The result is a plain tree that React renders as elements: no
 * HTML string ever reaches the page.
 */
export type SafeNode = string | SafeElement;
export type SafeElement = { tag: RichTextTag; href?: string; children: SafeNode[] };

const ALLOWED: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set(RICH_TEXT_DROPPED_WITH_CONTENT);
const MAX_DEPTH = 40;

/** The address a kept link gets, or undefined (no javascript:, data:, relative or protocol-relative). */
export function safeHref(raw: string | null): string | undefined {
  if (!raw || !isAllowedRichTextHref(raw)) return undefined;
  const value = raw.trim();
  if (/^mailto:/i.test(value)) return value;
  try {
    return new URL(value).href;
  } catch {
    return undefined;
  }
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
  if (!ALLOWED.has(tag)) {
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
  out.push({ tag: tag as RichTextTag, children: tag === 'br' ? [] : children });
}

/** Parses with the browser's inert DOMParser (no scripts run, no images load) and keeps the allow-list. */
export function richTextNodes(html: string): SafeNode[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out: SafeNode[] = [];
  for (const child of doc.body.childNodes) walk(child, 0, out);
  return out;
}
