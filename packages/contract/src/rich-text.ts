// The one allow-list of rich text (vacancy descriptions, education announcements), plain data:
// the server cleans with it (sanitize-html), the client renders and edits within it.

/** Elements kept; anything else is removed with its text kept. */
export const RICH_TEXT_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a'] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/** Attributes kept, per element (none on the others). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Partial<Record<RichTextTag, readonly string[]>>> = { a: ['href'] };

/** URL schemes a link may use: absolute http(s) and mailto only (no relative, no javascript:/data:). */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;

/** What every kept link gets besides its address. */
export const RICH_TEXT_LINK_ATTRIBUTES = { rel: 'nofollow noopener', target: '_blank' } as const;

/** Elements whose content is not text for a reader: removed together with it. */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
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
] as const;

/** A link address the allow-list keeps: `https://…`, `http://…` or `mailto:…` (after trimming). */
export function isAllowedRichTextHref(href: string): boolean {
  const value = href.trim();
  return RICH_TEXT_SCHEMES.some((scheme) =>
    scheme === 'mailto' ? /^mailto:\S+$/i.test(value) : value.toLowerCase().startsWith(`${scheme}://`) && value.length > scheme.length + 3,
  );
}
