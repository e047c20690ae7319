const ALLOWED = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'UL', 'OL', 'LI', 'A', 'H3', 'H4', 'BLOCKQUOTE', 'SPAN', 'DIV']);
const DROPPED_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'FORM']);

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  if (DROPPED_WITH_CONTENT.has(element.tagName)) return null;
  const children = [...element.childNodes].map((child) => clean(child, doc)).filter((child): child is Node => child !== null);
  if (!ALLOWED.has(element.tagName)) {
    const fragment = doc.createDocumentFragment();
    for (const child of children) fragment.append(child);
    return fragment;
  }
  const copy = doc.createElement(element.tagName.toLowerCase());
  if (element.tagName === 'A') {
    const href = element.getAttribute('href') ?? '';
    if (/^(https?:|mailto:|\/(?!\/))/i.test(href.trim())) {
      copy.setAttribute('href', href.trim());
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
  }
  for (const child of children) copy.append(child);
  return copy;
}

/**
 * The announcement's HTML with only harmless formatting kept (paragraphs, emphasis, lists, links):
 * no scripts, no event attributes, no styles. DOMParser does not run anything while parsing.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  for (const child of [...doc.body.childNodes]) {
    const cleaned = clean(child, out);
    if (cleaned) root.append(cleaned);
  }
  return root.innerHTML;
}
