import { describe, expect, it } from 'vitest';
import { sanitizeHtml, visibleText } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed tags and the text of others', () => {
    expect(sanitizeHtml('<p>Привет, <b>мир</b> <span class="x">и <u>все</u></span></p>')).toBe('<p>Привет, <b>мир</b> и <u>все</u></p>');
    // An unclosed <li> ends where the next one starts, as a browser reads it.
    expect(sanitizeHtml('<ul><li>раз<li>два</ul>')).toBe('<ul><li>раз</li><li>два</li></ul>');
  });

  it('drops scripts, styles, handlers and bad links', () => {
    expect(sanitizeHtml('до<script>alert(1)</script>после')).toBe('допосле');
    expect(sanitizeHtml('<style>p{}</style><p onclick="x()">текст</p>')).toBe('<p>текст</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">ссылка</a>')).toBe('<a>ссылка</a>');
    expect(sanitizeHtml('<a href="https://hr.example/?a=1&b=2" onmouseover="x">сайт</a>')).toBe(
      '<a href="https://hr.example/?a=1&amp;b=2" rel="nofollow noopener" target="_blank">сайт</a>',
    );
    expect(sanitizeHtml('<img src=x onerror=alert(1)>текст')).toBe('текст');
  });

  it('keeps only absolute http(s) and mailto links, with our rel and target', () => {
    expect(sanitizeHtml('<a href="/admin">a</a><a href="//evil.example">b</a><a href="data:text/html,x">c</a>')).toBe('<a>a</a><a>b</a><a>c</a>');
    expect(sanitizeHtml('<a href=" mailto:hr@example.ru " rel="opener" target="_self">почта</a>')).toBe(
      '<a href="mailto:hr@example.ru" rel="nofollow noopener" target="_blank">почта</a>',
    );
    expect(sanitizeHtml('<a href="JaVaScRiPt:alert(1)" title="x">ссылка</a>')).toBe('<a>ссылка</a>');
  });

  it('escapes stray angle brackets and closes what was left open', () => {
    expect(sanitizeHtml('a < b > c & d')).toBe('a &lt; b &gt; c &amp; d');
    expect(sanitizeHtml('<p><strong>жирный')).toBe('<p><strong>жирный</strong></p>');
  });

  it('counts visible characters', () => {
    expect(visibleText('<p>Раз  <b>два</b></p>\n<p>три</p>')).toBe('Раз два три');
  });
});
