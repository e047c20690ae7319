import { createElement, type ReactNode, useMemo } from 'react';
import { type SafeNode, sanitizeHtml } from '../lib/sanitize-html.ts';

function render(nodes: readonly SafeNode[], prefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${prefix}.${index}`;
    if (typeof node === 'string') return node;
    if (node.tag === 'br') return <br key={key} />;
    if (node.tag === 'a') {
      return (
        <a key={key} href={node.href} rel="nofollow noopener noreferrer" target="_blank">
          {render(node.children, key)}
        </a>
      );
    }
    return createElement(node.tag, { key }, ...render(node.children, key));
  });
}

/** The stored description, through the client's allow-list, as React elements. */
export function VacancyDescription({ html, id }: { html: string; id?: string }) {
  const nodes = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div className="vacancy-description" id={id}>
      {render(nodes, 'd')}
    </div>
  );
}
