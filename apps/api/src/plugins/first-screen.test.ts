import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_DATA_ID } from '@hr/contract/constants';
import { describe, expect, it } from 'vitest';
import { scriptJson } from '../lib/script-json.ts';
import { filesOf, layoutOf, withFirstScreen } from './first-screen.ts';

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

/** A page's state as the web's server entry makes it (pageState: a dehydrated query cache). */
const stateOf = (title: string) => ({
  answered: ['/api/user/main_info', '/api/resume/search'],
  state: {
    mutations: [],
    queries: [
      { queryKey: ['page', 'main_info'], queryHash: '["page","main_info"]', state: { data: null, status: 'success' } },
      { queryKey: ['search', 'guest', ''], queryHash: '["search","guest",""]', state: { data: { data: [{ title }] }, status: 'success' } },
    ],
  },
});
const EMPTY = { answered: [], state: { mutations: [], queries: [] } };

/** The JSON the page carries, as main.tsx reads it. */
function carried(page: string): unknown {
  const open = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`;
  const start = page.indexOf(open) + open.length;
  return JSON.parse(page.slice(start, page.indexOf('</script>', start)));
}

describe('withFirstScreen: the page with its first screen', () => {
  it('puts the drawn HTML in #root, links the preloaded styles and sets the colour scheme', () => {
    const page = withFirstScreen(PAGE, { html: '<main>результаты</main>', state: stateOf('Бухгалтер') });
    expect(page).toContain(`<div id="root" ${FIRST_SCREEN_ATTRIBUTE}="wide"><main>результаты</main></div>`);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/vendor-b.css">');
    expect(page).not.toContain('rel="preload" as="style"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<html lang="ru" data-mantine-color-scheme="light">');
    expect(carried(page)).toEqual(stateOf('Бухгалтер'));
  });

  it('a resume whose text closes the script element cannot end it or start a comment', () => {
    const hostile = '</script><script>alert(1)</script><!-- --> &amp; <![CDATA[ ]]> \u2028 \u2029';
    const page = withFirstScreen(PAGE, { html: '<p></p>', state: stateOf(hostile) });
    const data = page.slice(page.indexOf(`id="${FIRST_SCREEN_DATA_ID}">`) + `id="${FIRST_SCREEN_DATA_ID}">`.length);
    // One closing tag: the element's own; nothing else of the markup's.
    expect(data.match(/<\/script>/g)).toHaveLength(1);
    const json = data.slice(0, data.indexOf('</script>'));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(carried(page)).toEqual(stateOf(hostile));
  });

  it('scriptJson escapes each of <, >, &, U+2028 and U+2029 and gives back the same value', () => {
    expect(scriptJson({ a: '<>&\u2028\u2029' })).toBe('{"a":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
    const value = { text: '</SCRIPT >&lt;\u2028', list: [1, null, 'ё'] };
    expect(JSON.parse(scriptJson(value))).toEqual(value);
  });

  it('leaves a page without the empty #root as it is', () => {
    const other = PAGE.replace('<div id="root"></div>', '<div id="app"></div>');
    expect(withFirstScreen(other, { html: '<p>x</p>', state: EMPTY })).toBe(other);
  });

  it('a «$» in the drawn HTML is kept as it is (no replacement patterns)', () => {
    const page = withFirstScreen(PAGE, { html: '<p>от 100 000 $&amp; $1 $` $\'</p>', state: EMPTY });
    expect(page).toContain('<p>от 100 000 $&amp; $1 $` $\'</p>');
  });
});

describe('withFirstScreen: a member\'s page and a vacancy\'s', () => {
  const member = {
    answered: ['/api/user/main_info', '/api/user/access/spec_search/get'],
    state: {
      mutations: [],
      queries: [
        { queryKey: ['page', 'main_info'], queryHash: '["page","main_info"]', state: { data: { id: 7, name: 'Анна' }, status: 'success' } },
        { queryKey: ['user', 'access-flag', 7, 'spec_search'], queryHash: '["user","access-flag",7,"spec_search"]', state: { data: true, status: 'success' } },
      ],
    },
  };

  it('a member\'s page carries the answers but nothing drawn: the browser draws it, as the member, at once', () => {
    const page = withFirstScreen(PAGE, { html: null, state: member });
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain(FIRST_SCREEN_ATTRIBUTE);
    expect(carried(page)).toEqual(member);
    // Nothing drawn, so nothing to style before the scripts: the styles stay preloaded.
    expect(page).toContain('rel="preload" as="style"');
  });

  it('a drawn page links the styles of its own chunk, once, after the shell\'s, and preloads no code before them', () => {
    const page = withFirstScreen(PAGE, {
      html: '<article>вакансия</article>',
      state: EMPTY,
      files: { css: ['assets/vendor-b.css', 'assets/vacancy-d.css'] },
    });
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/vacancy-d.css">');
    // What index.html names already is not named twice (a second link would reorder the styles).
    expect(page.match(/vendor-b\.css/g)).toHaveLength(1);
    // The app's code comes after the first paint (main.tsx): nothing competes with the styles.
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(page.indexOf('vacancy-d.css')).toBeGreaterThan(page.indexOf('vendor-b.css'));
    expect(page.indexOf('vacancy-d.css')).toBeLessThan(page.indexOf('</head>'));
  });
});

describe('filesOf: a page chunk\'s files from the build manifest', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-a.css'] },
    '_ui.js': { file: 'assets/ui-u.js', css: ['assets/ui-u.css'], imports: ['index.html'] },
    '_zod.js': { file: 'assets/zod-z.js' },
    'src/page.tsx': { file: 'assets/page-p.js', src: 'src/page.tsx', imports: ['index.html', '_ui.js', '_zod.js'], css: ['assets/page-p.css'] },
    'src/other.tsx': { file: 'assets/other-o.js', src: 'src/other.tsx', css: ['assets/other-o.css'] },
  };

  it('follows the imports, leaves the entry out and takes nothing of other pages', () => {
    expect(filesOf(manifest, ['src/page.tsx']).css.sort()).toEqual(['assets/page-p.css', 'assets/ui-u.css']);
  });

  it('a module the build does not know gives nothing', () => {
    expect(filesOf(manifest, ['src/missing.tsx'])).toEqual({ css: [] });
  });
});

describe('layoutOf: the layout a page is drawn in', () => {
  const ANDROID = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

  it('a phone\'s, from Chrome\'s client hint or a phone\'s user agent', () => {
    expect(layoutOf({ 'sec-ch-ua-mobile': '?1', 'user-agent': ANDROID })).toBe('phone');
    expect(layoutOf({ 'user-agent': IPHONE })).toBe('phone');
  });

  it('the wide one for a desktop, for a hint that says so and for no headers at all', () => {
    expect(layoutOf({ 'sec-ch-ua-mobile': '?0', 'user-agent': DESKTOP })).toBe('wide');
    expect(layoutOf({ 'user-agent': DESKTOP })).toBe('wide');
    expect(layoutOf({})).toBe('wide');
  });

  it('a drawn page says which layout it was drawn in', () => {
    const page = withFirstScreen(PAGE, { html: '<p></p>', state: EMPTY, layout: 'phone' });
    expect(page).toContain(`<div id="root" ${FIRST_SCREEN_ATTRIBUTE}="phone">`);
  });
});
