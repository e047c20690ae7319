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

/**
 * What the walk reads of a parsed node: the browser's DOM (below), or on the server, where there is
 * no DOMParser, the parser the server's entry hands in (ssr/rich-text-parser.ts). Both must read the
 * same tree, or a page the server drew would not match the browser's render.
 */
export type ParsedView<N> = {
  /** The text of a text node, null for anything else. */
  text(node: N): string | null;
  /** The lower-case tag of an element, null for anything else (comments, doctype). */
  tag(node: N): string | null;
  href(node: N): string | null;
  children(node: N): Iterable<N>;
};

function walk<N>(view: ParsedView<N>, node: N, depth: number, out: SafeNode[]): void {
  const text = view.text(node);
  if (text !== null) {
    if (text) out.push(text);
    return;
  }
  const tag = view.tag(node);
  if (tag === null || DROPPED_WITH_CONTENT.has(tag)) return;
  const children: SafeNode[] = [];
  if (depth < MAX_DEPTH) for (const child of view.children(node)) walk(view, child, depth + 1, children);
  if (!ALLOWED.has(tag)) {
    out.push(...children);
    return;
  }
  if (tag === 'a') {
    const href = safeHref(view.href(node));
    if (!href) {
      out.push(...children);
      return;
    }
    out.push({ tag: 'a', href, children });
    return;
  }
  out.push({ tag: tag as RichTextTag, children: tag === 'br' ? [] : children });
}

/** The allow-listed tree of parsed nodes (the top-level nodes of the text). */
export function safeNodesOf<N>(view: ParsedView<N>, roots: Iterable<N>): SafeNode[] {
  const out: SafeNode[] = [];
  for (const root of roots) walk(view, root, 0, out);
  return out;
}

const domView: ParsedView<Node> = {
  text: (node) => (node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : null),
  tag: (node) => (node.nodeType === Node.ELEMENT_NODE ? (node as Element).tagName.toLowerCase() : null),
  href: (node) => (node as Element).getAttribute('href'),
  children: (node) => node.childNodes,
};

let serverParser: ((html: string) => SafeNode[]) | null = null;
/** The server's entry parses with its own parser (there is no DOMParser in Node). */
export function setServerRichTextParser(parse: (html: string) => SafeNode[]): void {
  serverParser = parse;
}

/** Parses with the browser's inert DOMParser (no scripts run, no images load) and keeps the allow-list. */
export function richTextNodes(html: string): SafeNode[] {
  if (!html) return [];
  if (typeof DOMParser === 'undefined') return serverParser ? serverParser(html) : [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return safeNodesOf(domView, doc.body.childNodes);
}
