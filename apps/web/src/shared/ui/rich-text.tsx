import { RICH_TEXT_LINK_ATTRIBUTES } from '@hr/contract/rich-text';
import { createElement, type ReactNode, useMemo } from 'react';
import { richTextNodes, type SafeNode } from '@/shared/lib/rich-text.ts';

function render(nodes: readonly SafeNode[], prefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${prefix}.${index}`;
    if (typeof node === 'string') return node;
    if (node.tag === 'br') return <br key={key} />;
    if (node.tag === 'a') {
      return (
        <a key={key} href={node.href} rel={`${RICH_TEXT_LINK_ATTRIBUTES.rel} noreferrer`} target={RICH_TEXT_LINK_ATTRIBUTES.target}>
          {render(node.children, key)}
        </a>
      );
    }
    return createElement(node.tag, { key }, ...render(node.children, key));
  });
}

/** Stored rich text through the contract's allow-list, as React elements (shared/lib/rich-text.ts). */
export function RichText({ html, id, className }: { html: string; id?: string; className?: string }) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  return (
    <div className={className} id={id}>
      {render(nodes, 'd')}
    </div>
  );
}
