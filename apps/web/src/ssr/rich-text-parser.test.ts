import { describe, expect, it } from 'vitest';
import { parseRichTextOnServer } from './rich-text-parser.ts';

// The tree the browser's DOMParser gives for the same stored HTML (written out by hand): the server
// must draw exactly what the browser then renders, or the hydrated page is redrawn with an error.
describe('rich text on the server', () => {
  it('keeps the allowed tags, decodes entities and keeps the text of what it drops', () => {
    const html = '<p>Зарплата от 100&nbsp;000 &amp; бонусы &lt;годовые&gt;</p><ul><li><strong>Белая</strong> зарплата</li><li>ДМС<br>с первого дня</li></ul><div>Текст <span>внутри</span></div>';
    expect(parseRichTextOnServer(html)).toEqual([
      { tag: 'p', children: ['Зарплата от 100\u00a0000 & бонусы <годовые>'] },
      {
        tag: 'ul',
        children: [
          { tag: 'li', children: [{ tag: 'strong', children: ['Белая'] }, ' зарплата'] },
          { tag: 'li', children: ['ДМС', { tag: 'br', children: [] }, 'с первого дня'] },
        ],
      },
      'Текст ',
      'внутри',
    ]);
  });

  it('drops scripts with their content and links it may not keep', () => {
    const html = '<p>a<script>alert(1)</script><style>p{}</style><a href="javascript:alert(1)">плохая</a> <a href="https://example.com/x?a=1&amp;b=2">хорошая</a></p>';
    expect(parseRichTextOnServer(html)).toEqual([
      { tag: 'p', children: ['a', 'плохая', ' ', { tag: 'a', href: 'https://example.com/x?a=1&b=2', children: ['хорошая'] }] },
    ]);
  });

  it('drops the whitespace before the first element, as the browser does, and keeps what is between', () => {
    expect(parseRichTextOnServer('\n  <p>один</p>\n<p>два</p>')).toEqual([
      { tag: 'p', children: ['один'] },
      '\n',
      { tag: 'p', children: ['два'] },
    ]);
  });
});
