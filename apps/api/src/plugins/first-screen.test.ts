import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_DATA_ID } from '@hr/contract/constants';
import { describe, expect, it } from 'vitest';
import { withFirstScreen } from './first-screen.ts';

// The page as the web build writes it (apps/web/vite.config.ts: the shell's styles preloaded).
const PAGE = `<!doctype html>
<html lang="ru">
  <head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="preload" as="style" crossorigin href="/assets/vendor-b.css">
    <link rel="modulepreload" crossorigin href="/assets/boot-c.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const answers = (title: string) => [
  { url: '/api/user/main_info', status: 401, body: { status: 'error', message: 'Не авторизован' } },
  { url: '/api/resume/search', status: 200, body: { status: 'success', res: { data: [{ title }] } } },
];

/** The JSON the page carries, as main.tsx reads it. */
function carried(page: string): unknown {
  const open = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`;
  const start = page.indexOf(open) + open.length;
  return JSON.parse(page.slice(start, page.indexOf('</script>', start)));
}

describe('withFirstScreen: the page with its first screen', () => {
  it('puts the drawn HTML in #root, links the preloaded styles and sets the colour scheme', () => {
    const page = withFirstScreen(PAGE, { html: '<main>результаты</main>', answers: answers('Бухгалтер') });
    expect(page).toContain(`<div id="root" ${FIRST_SCREEN_ATTRIBUTE}><main>результаты</main></div>`);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/vendor-b.css">');
    expect(page).not.toContain('rel="preload" as="style"');
    expect(page).toContain('<html lang="ru" data-mantine-color-scheme="light">');
    expect(carried(page)).toEqual({ answers: answers('Бухгалтер') });
  });

  it('a resume whose text closes the script element cannot end it or start a comment', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028';
    const page = withFirstScreen(PAGE, { html: '<p></p>', answers: answers(hostile) });
    const data = page.slice(page.indexOf(`id="${FIRST_SCREEN_DATA_ID}">`));
    // One closing tag: the element's own.
    expect(data.match(/<\/script>/g)).toHaveLength(1);
    expect(data).not.toContain('<!--');
    expect(data).not.toContain('\u2028');
    expect(carried(page)).toEqual({ answers: answers(hostile) });
  });

  it('leaves a page without the empty #root as it is', () => {
    const other = PAGE.replace('<div id="root"></div>', '<div id="app"></div>');
    expect(withFirstScreen(other, { html: '<p>x</p>', answers: [] })).toBe(other);
  });

  it('a «$» in the drawn HTML is kept as it is (no replacement patterns)', () => {
    const page = withFirstScreen(PAGE, { html: '<p>от 100 000 $&amp; $1 $` $\'</p>', answers: [] });
    expect(page).toContain('<p>от 100 000 $&amp; $1 $` $\'</p>');
  });
});
