import { TEMPLATE_PLACEHOLDERS } from '@hr/contract';
import { Fragment } from 'react';

const TITLES = new Map<string, string>(TEMPLATE_PLACEHOLDERS.map((p) => [p.key, p.title]));

/** A template's text as a person reads it: each known `{{key}}` shown as a marked «Имя кандидата». */
export function PlaceholderText({ text }: { text: string }) {
  const parts = text.split(/(\{\{\s*[a-z_]+\s*\}\})/g);
  return (
    <>
      {parts.map((part, i) => {
        const key = /^\{\{\s*([a-z_]+)\s*\}\}$/.exec(part)?.[1];
        const title = key ? TITLES.get(key) : undefined;
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
        if (!title) return <Fragment key={i}>{part}</Fragment>;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={i} className="template-placeholder">
            {title}
          </span>
        );
      })}
    </>
  );
}
