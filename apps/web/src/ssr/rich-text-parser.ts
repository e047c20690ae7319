import { parseDocument } from 'htmlparser2';
import { type ParsedView, type SafeNode, safeNodesOf } from '@/shared/lib/rich-text.ts';

/**
 * Rich text on the server, which has no DOMParser: htmlparser2 reads the stored HTML (already
 * cleaned by the API with the same allow-list, through the same parser) into the tree the browser's
 * DOMParser gives, and the shared walk keeps the allow-list — so the page drawn here is the one the
 * browser renders when it hydrates.
 */
type ChildNode = ReturnType<typeof parseDocument>['children'][number];

const view: ParsedView<ChildNode> = {
  text: (node) => (node.type === 'text' ? node.data : null),
  tag: (node) => ('name' in node && (node.type === 'tag' || node.type === 'script' || node.type === 'style') ? node.name.toLowerCase() : null),
  href: (node) => ('attribs' in node ? (node.attribs.href ?? null) : null),
  children: (node) => ('children' in node ? node.children : []),
};

export function parseRichTextOnServer(html: string): SafeNode[] {
  // Whitespace before the first element is dropped by the browser's parser (it comes before <body>).
  return safeNodesOf(view, parseDocument(html.replace(/^\s+/, '')).children);
}
