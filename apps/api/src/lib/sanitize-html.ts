import {
  isAllowedRichTextHref,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
} from '@hr/contract/rich-text';
import sanitize, { type IOptions } from 'sanitize-html';

/**
 * Server-side rich-text cleaning (PRODUCT 5 and 9) with sanitize-html and the contract's one
 * allow-list (`@hr/contract/rich-text`): `p br ul ol li strong b em i u` and `a[href]` with an
 * absolute http(s) or mailto link (given rel="nofollow noopener" target="_blank"); other tags are
 * removed with their text kept, script/style and the like with their content. Never rejects for markup.
 */
const OPTIONS: IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...(names ?? [])]])),
    a: [...(RICH_TEXT_ATTRIBUTES.a ?? []), ...Object.keys(RICH_TEXT_LINK_ATTRIBUTES)],
  },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  // Attributes are rebuilt, not filtered: a link keeps its address (when allowed) and gets ours.
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      return { tagName, attribs: href && isAllowedRichTextHref(href) ? { href, ...RICH_TEXT_LINK_ATTRIBUTES } : {} };
    },
  },
};

export function sanitizeHtml(input: string): string {
  return sanitize(input, OPTIONS);
}

/** Visible characters: text without tags, entities decoded, white space collapsed (the contract's one helper). */
export { visibleTextOf as visibleText } from '@hr/contract/html';
