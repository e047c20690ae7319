import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { vacancyPageHead, withVacancyHead } from '../modules/vacancy/vacancy.page.ts';
import { createFirstScreen } from './first-screen.ts';
import { registerSeoFiles } from './seo-files.ts';

const API_PREFIXES = ['/api/', '/sanctum/'];
const CSRF_PLACEHOLDER = '__CSRF_TOKEN__';

/**
 * Serves the built client from the same origin. Every page route answers index.html with the
 * session's CSRF token in `<meta name="csrf-token">` (the route guard posts it to /api/auth/check).
 */
export async function registerSpa(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerSeoFiles(app, ctx);
  const dist = ctx.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  // `npm start` may build the client while the database starts (scripts/start.mjs); the server then
  // listens once the build is done, so the build is looked for at the first page, not here.
  const building = process.env.HR_LISTEN_AFTER_BUILD === '1';
  let hasBuild = existsSync(indexFile);
  // (The assets' folder made now, so the static plugin does not warn it is missing; Vite refills it.)
  if (building) mkdirSync(path.join(dist, 'assets'), { recursive: true });
  if (hasBuild || building) {
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      // The build writes .br and .gz beside each chunk (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
    });
  }
  // Re-read when the build changes under a running server (a rebuild otherwise 404s its new assets).
  let template = hasBuild ? readFileSync(indexFile, 'utf8') : fallbackPage();
  let templateTime = hasBuild ? statSync(indexFile).mtimeMs : 0;
  let publicFiles = hasBuild ? listPublicFiles(dist) : new Set<string>();
  const firstScreen = hasBuild || building ? createFirstScreen(app, ctx) : null;
  const currentTemplate = () => {
    if (!hasBuild && building && existsSync(indexFile)) {
      hasBuild = true;
      publicFiles = listPublicFiles(dist);
    }
    if (!hasBuild) return template;
    const mtime = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime && mtime !== templateTime) {
      template = readFileSync(indexFile, 'utf8');
      templateTime = mtime;
    }
    return template;
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => url.startsWith(p))) {
      return reply.code(404).send({ status: 'error', message: 'Не найдено' });
    }
    const page = currentTemplate();
    if (publicFiles.has(url)) return reply.sendFile(url.slice(1), dist, { maxAge: 3600_000 });
    const token = ctx.sessions.ensureSession(request, reply);
    let html = page.replace(CSRF_PLACEHOLDER, token);
    // A shared vacancy link previews with its title, salary and city (messengers run no scripts).
    const vacancyId = /^\/vacancy\/(\d{1,10})\/?$/.exec(url)?.[1];
    const head = vacancyId ? await vacancyPageHead(ctx, Number(vacancyId)) : null;
    if (head) html = withVacancyHead(html, head);
    if (firstScreen) html = await firstScreen.draw(request, html);
    return sendPage(request, reply, html);
  };
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ status: 'error', message: 'Не найдено' });
    }
    return servePage(request, reply);
  });
}

/**
 * The page, compressed as the browser accepts (the not-found handler is no route, so the compress
 * plugin's hook never sees it; a page with its first screen is ~90 KB of HTML, ~12 KB in brotli).
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (html.length < 1024 || request.method === 'HEAD') return reply.send(html);
  if (/\bbr\b/.test(accepted)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}

function listPublicFiles(dist: string): Set<string> {
  const files = new Set<string>();
  for (const name of ['favicon.svg', 'favicon.ico']) {
    if (existsSync(path.join(dist, name))) files.add(`/${name}`);
  }
  return files;
}

function fallbackPage(): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="csrf-token" content="${CSRF_PLACEHOLDER}"><title>HR-клуб</title></head><body><p>Клиент не собран: выполните <code>npm run build</code>.</p></body></html>`;
}
