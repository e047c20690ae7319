import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_DATA_ID, type PageAnswer } from '@hr/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { onPersonalDataDeleted } from '../lib/personal-data-caches.ts';
import { LRUCache } from 'lru-cache';
import { remember } from '../lib/promise-cache.ts';

/**
 * A visitor's search page comes with its first screen drawn: the web build's server entry
 * (apps/web/src/ssr/first-screen.tsx, built into dist-ssr/) draws the page with the app's own
 * components from the API's own answers, and the page carries those answers for the browser, which
 * hydrates what it shows. The results are on the screen once the HTML and the CSS are, not after
 * the app's JavaScript has loaded and run (on a slow machine, a second and more).
 *
 * Members get the page as before: their first screen depends on what their browser keeps (access
 * flags, dictionaries). Anything that goes wrong (no build, a slow or failed answer, an error while
 * drawing) gives the page without a first screen, which the browser draws as it always did.
 */

type FirstScreenModule = {
  firstScreenRequests(url: URL): { session: string; search: string } | null;
  renderFirstScreen(url: URL, answers: { session: PageAnswer; search: PageAnswer }): Promise<string | null>;
};
type Drawn = { html: string; answers: PageAnswer[] };

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

export function createFirstScreen(app: FastifyInstance, ctx: AppContext): FirstScreen | null {
  const file = path.join(path.dirname(ctx.config.webDist), 'dist-ssr', 'first-screen.js');
  // `npm start` on a first start serves the page while this entry is still being built
  // (scripts/start.mjs), and moves the finished build into place at once: looked for every second.
  const building = process.env.HR_FIRST_SCREEN_BUILDING === '1';
  if (!ctx.config.firstScreen || (!existsSync(file) && !building)) return null;
  let renderer: FirstScreenModule | null = null;
  // Loaded beside the start (a few hundred ms): pages served before it simply go without.
  const load = () =>
    import(pathToFileURL(file).href).then(
      (module: FirstScreenModule) => {
        renderer = module;
      },
      (error: unknown) => ctx.log.warn({ err: error }, 'first screen: the server entry did not load'),
    );
  if (existsSync(file)) load();
  else {
    const watch = setInterval(() => {
      if (!existsSync(file)) return;
      clearInterval(watch);
      load();
    }, 1000).unref();
    app.addHook('onClose', async () => clearInterval(watch));
  }
  const drawn = new LRUCache<string, Promise<Drawn>>({ max: DRAWN_ENTRIES, ttl: DRAWN_TTL_MS });
  // A candidate deleted on request must not stay on a drawn page until it expires.
  const stopForgetting = onPersonalDataDeleted(ctx.realtime, () => drawn.clear());
  app.addHook('onClose', async () => stopForgetting());

  const ask = async (request: FastifyRequest, url: string): Promise<PageAnswer> => {
    // The visitor's own request, as their browser would send it: their cookies, their address (the
    // search's limit per visitor counts it).
    const reply = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
      remoteAddress: request.ip,
    });
    return { url, status: reply.statusCode, body: reply.json() };
  };

  const drawFor = async (request: FastifyRequest, module: FirstScreenModule): Promise<Drawn | null> => {
    const url = new URL(request.url, 'http://localhost');
    const wanted = module.firstScreenRequests(url);
    if (!wanted) return null;
    const session = await ask(request, wanted.session);
    if (session.status !== 401) return null;
    const key = `${url.pathname}|${wanted.search}`;
    let result = drawn.get(key);
    if (!result) {
      result = remember(drawn, key, (async () => {
        const search = await ask(request, wanted.search);
        const html = await module.renderFirstScreen(url, { session, search });
        // Not kept: an error answer (a limit, a bad parameter) is the browser's to show.
        if (!html) throw new NoFirstScreen();
        return { html, answers: [session, search] };
      })());
    }
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

/** JSON inside <script>: nothing in it can close the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The page with the first screen in #root and its answers beside it (main.tsx reads them). Its
 * styles are linked instead of preloaded (the first screen is drawn with them before any script
 * runs), and the colour scheme Mantine's styles select on is set from the start.
 */
export function withFirstScreen(page: string, drawn: Drawn): string {
  const root = '<div id="root"></div>';
  if (!page.includes(root)) return page;
  return page
    .replace('<html lang="ru">', '<html lang="ru" data-mantine-color-scheme="light">')
    .replace(/<link rel="preload" as="style" crossorigin href=/g, '<link rel="stylesheet" crossorigin href=')
    .replace(
      root,
      () =>
        `<div id="root" ${FIRST_SCREEN_ATTRIBUTE}>${drawn.html}</div>\n    <script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptJson({ answers: drawn.answers })}</script>`,
    );
}
