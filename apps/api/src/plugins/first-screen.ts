import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_DATA_ID, type PageAnswer } from '@hr/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { onPersonalDataDeleted } from '../lib/personal-data-caches.ts';
import { LRUCache } from 'lru-cache';
import { remember } from '../lib/promise-cache.ts';
import { scriptJson } from '../lib/script-json.ts';
import { createPageAnswers } from './first-screen-answers.ts';

/**
 * A search page never shows a member the visitor's layout first. A visitor's page comes with its
 * first screen drawn: the web build's server entry
 * (apps/web/src/ssr/first-screen.tsx, built into dist-ssr/) draws the page with the app's own
 * components from the API's own answers (asked of the services directly: first-screen-answers.ts),
 * and the page carries those answers for the browser as its query cache's dehydrated state, which
 * the browser hydrates before it hydrates what it shows (nothing is asked again). The results are
 * on the screen once the HTML and the CSS are, not after the app's JavaScript has loaded and run
 * (on a slow machine, a second and more).
 *
 * A member's page is not drawn here (their first screen also depends on what their browser keeps),
 * but it carries everything their first screen depends on from the server — who they are, the two
 * search options that change the page's layout, their first results — so the browser's first render
 * is already the member's, at once (before, it drew a visitor's page for a second and more, then
 * everything moved). Anything that goes wrong (no build, a slow or failed answer, an error while
 * drawing) gives the page without either, which the browser draws as it always did.
 */

/** The web's server entry (apps/web/src/ssr/first-screen.tsx: the types are described there). */
type FirstScreenModule = {
  firstScreenRequests(url: URL): {
    session: string;
    data: string;
    forMember: string[];
    shared: boolean;
    modules: string[];
  } | null;
  renderFirstScreen(url: URL, answers: { session: PageAnswer; data: PageAnswer }, layout: Layout): Promise<string | null>;
  pageState(answers: PageAnswer[]): PageState;
};
/** What the page carries (JSON): the GETs it answers, and the query cache's dehydrated state. */
export type PageState = { answered: string[]; state: unknown };
/**
 * A visitor's page: drawn HTML, its state and the styles of the page's own chunks; a member's:
 * the state only (html null).
 */
type Drawn = { html: string | null; state: PageState; files?: ChunkFiles; layout?: Layout };
type Layout = 'phone' | 'wide';

/**
 * A phone's page is drawn in the phone's layout (the browser then hydrates it instead of rendering it
 * again): Chrome says so in a client hint on every request, other browsers in their user agent. A
 * wrong guess (a tablet held wide) only costs that render again, as before.
 */
export function layoutOf(headers: Record<string, string | string[] | undefined>): Layout {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'wide';
  return /\b(Mobi|iPhone|Android)\b/.test(String(headers['user-agent'] ?? '')) ? 'phone' : 'wide';
}

/**
 * How long a page waits for its first screen before it goes without one. The search it waits for is
 * the one the browser would wait for (a late one goes on and is kept for the browser's own request):
 * this only bounds a stuck server.
 */
const DRAW_BUDGET_MS = 3000;
/** A visitor's first screen of an address is the same for every visitor: drawn once a while. */
const DRAWN_TTL_MS = 15_000;
const DRAWN_ENTRIES = 200;

export type FirstScreen = { draw(request: FastifyRequest, page: string): Promise<string> };

class NoFirstScreen extends Error {}

/** The session's GET, the first thing the browser's entry asks (apps/web/src/main.tsx). */
const SESSION_URL = '/api/user/main_info';

export function createFirstScreen(app: FastifyInstance, ctx: AppContext): FirstScreen | null {
  const file = path.join(path.dirname(ctx.config.webDist), 'dist-ssr', 'first-screen.js');
  // `npm start` on a first start serves the page while this entry is still being built
  // (scripts/start.mjs), and moves the finished build into place at once: looked for every second.
  const building = process.env.HR_FIRST_SCREEN_BUILDING === '1';
  if (!ctx.config.firstScreen || (!existsSync(file) && !building)) return null;
  let renderer: FirstScreenModule | null = null;
  // Loaded beside the start (a few hundred ms): pages served before it simply go without. Loaded
  // again when a build replaces it (`npm start` rebuilds a stale entry after the server has started
  // with the old one, whose exports may no longer be what this plugin calls): looked at every second.
  let loadedAt: number | undefined;
  const load = () => {
    const at = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (at === undefined || at === loadedAt) return;
    loadedAt = at;
    import(`${pathToFileURL(file).href}?built=${at}`).then(
      (module: FirstScreenModule) => {
        if (loadedAt === at) renderer = module;
      },
      (error: unknown) => ctx.log.warn({ err: error }, 'first screen: the server entry did not load'),
    );
  };
  load();
  const watch = setInterval(load, 1000).unref();
  app.addHook('onClose', async () => clearInterval(watch));
  // Which built files hold a page's chunk (its code and styles), from the build's manifest.
  const manifestFile = path.join(ctx.config.webDist, '.vite', 'manifest.json');
  let manifest: { at: number; entries: Manifest } | null = null;
  const chunkFiles = (modules: string[]): ChunkFiles | undefined => {
    if (!modules.length) return undefined;
    const at = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
    if (!at) return undefined;
    if (manifest?.at !== at) manifest = { at, entries: JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest };
    return filesOf(manifest.entries, modules);
  };
  const drawn = new LRUCache<string, Promise<Drawn>>({ max: DRAWN_ENTRIES, ttl: DRAWN_TTL_MS });
  // A candidate deleted on request must not stay on a drawn page until it expires.
  const stopForgetting = onPersonalDataDeleted(ctx.realtime, () => drawn.clear());
  app.addHook('onClose', async () => stopForgetting());

  // As the page's own request: its session, its address (the search's limit per visitor counts it).
  const ask = createPageAnswers(ctx);

  const drawFor = async (request: FastifyRequest, module: FirstScreenModule): Promise<Drawn | null> => {
    const url = new URL(request.url, 'http://localhost');
    const wanted = module.firstScreenRequests(url);
    // Any other page still carries who is asking, as the drawn ones do: the browser would ask
    // main_info itself, and a visitor's 401 is an error in the console (a visitor's 404, login…).
    if (!wanted) return { html: null, state: module.pageState([await ask(request, SESSION_URL)]) };
    const session = await ask(request, wanted.session);
    if (session.status === 200) {
      // A member's own answers: never kept, never shared.
      const more = await Promise.all([wanted.data, ...wanted.forMember].map((get) => ask(request, get)));
      return { html: null, state: module.pageState([session, ...more]) };
    }
    if (session.status !== 401) return null;
    const layout = layoutOf(request.headers);
    const drawNow = async () => {
      const data = await ask(request, wanted.data);
      const html = await module.renderFirstScreen(url, { session, data }, layout);
      // Not kept: an error answer (a limit, a bad parameter, a draft) is the browser's to show.
      if (!html) throw new NoFirstScreen();
      return { html, state: module.pageState([session, data]), files: chunkFiles(wanted.modules), layout };
    };
    const key = `${layout}|${url.pathname}|${wanted.data}`;
    let result = wanted.shared ? drawn.get(key) : undefined;
    if (!result) result = wanted.shared ? remember(drawn, key, drawNow()) : drawNow();
    return result.catch((error: unknown) => {
      if (!(error instanceof NoFirstScreen)) throw error;
      return null;
    });
  };

  return {
    async draw(request, page) {
      const module = renderer;
      if (!module || request.method !== 'GET') return page;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(resolve, DRAW_BUDGET_MS, null);
      });
      try {
        const result = await Promise.race([drawFor(request, module), late]);
        return result ? withFirstScreen(page, result) : page;
      } catch (error) {
        request.log.warn({ err: error }, 'first screen: drawn without it');
        return page;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}


/**
 * The page with the first screen in #root and its state beside it (main.tsx reads it). Its
 * styles are linked instead of preloaded (the first screen is drawn with them before any script
 * runs), with the styles of the drawn page's own chunk after them, and the colour scheme Mantine's
 * styles select on is set from the start. The scripts are not preloaded: a drawn page needs its
 * styles first, and on a slow phone connection the app's code (~300 KB) preloaded beside them held
 * the first paint back by a second (Lighthouse mobile: the vacancy's FCP 3.3 s); main.tsx loads the
 * app once the first frame is on the screen.
 */
export function withFirstScreen(page: string, drawn: Drawn): string {
  const root = '<div id="root"></div>';
  if (!page.includes(root)) return page;
  const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptJson(drawn.state)}</script>`;
  if (drawn.html === null) return page.replace(root, () => `${root}\n    ${data}`);
  // (What index.html names already stays where it is: a second link would change the styles' order.)
  const links = (drawn.files?.css ?? [])
    .filter((file) => !page.includes(`"/${file}"`))
    .map((file) => `  <link rel="stylesheet" crossorigin href="/${file}">\n`);
  return page
    .replace('<html lang="ru">', '<html lang="ru" data-mantine-color-scheme="light">')
    .replace(/<link rel="preload" as="style" crossorigin href=/g, '<link rel="stylesheet" crossorigin href=')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', () => `${links.join('')}</head>`)
    .replace(root, () => `<div id="root" ${FIRST_SCREEN_ATTRIBUTE}="${drawn.layout ?? 'wide'}">${drawn.html}</div>\n    ${data}`);
}

type Manifest = Record<string, { file: string; src?: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
type ChunkFiles = { css: string[] };

/**
 * The styles of these source modules' chunks and of the chunks they import (Vite's manifest), less
 * the entry's own (index.html names those): a drawn page shown before its chunk has come needs them.
 */
export function filesOf(manifest: Manifest, modules: string[]): ChunkFiles {
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of chunk.css ?? []) css.add(file);
  };
  for (const module of modules) visit(module);
  return { css: [...css] };
}
