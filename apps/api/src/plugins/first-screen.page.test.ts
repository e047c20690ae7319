import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_DATA_ID } from '@hr/contract/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/helpers.ts';
import { createResume } from '../../test/factories.ts';
import type { BuiltApp } from '../app.ts';
import { memberOf } from '../modules/admin/admin.fixtures.ts';

const uniqueWord = () => `zq${Array.from({ length: 8 }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(0, 20)]).join('')}`;

/**
 * A web build of its own: a server entry that draws the cards' titles and carries the answers it
 * was given as they are (the real one dehydrates them: ssr/first-screen.tsx), so the test reads
 * what the plugin asked of the services.
 */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'hr-web-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html>\n<html lang="ru"><head><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(root, 'dist-ssr', 'first-screen.js'),
    `export function firstScreenRequests(url) {
  return url.pathname === '/'
    ? { session: '/api/user/main_info', data: '/api/resume/search' + url.search, forMember: ['/api/user/access/spec_search/get'], shared: true, modules: [] }
    : null;
}
export async function renderFirstScreen(url, answers) {
  if (answers.data.status !== 200) return null;
  return '<ul>' + answers.data.body.res.data.map((c) => '<li>' + c.title.replace(/</g, '&lt;') + '</li>').join('') + '</ul>';
}
export function pageState(answers) {
  return { answered: answers.filter((a) => a.status === 200).map((a) => a.url), state: { queries: answers } };
}
`,
  );
  return path.join(root, 'dist');
}

type Carried = { answered: string[]; state: { queries: { url: string; status: number; body: { res?: { id?: number } } }[] } };

function carried(page: string): Carried | null {
  const open = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`;
  const start = page.indexOf(open);
  if (start < 0) return null;
  return JSON.parse(page.slice(start + open.length, page.indexOf('</script>', start))) as Carried;
}

let built: BuiltApp;
let word: string;
let webDist: string;

/** The page as a browser gets it; the server entry loads beside the start, so the first may go without. */
async function pageOf(client: TestClient, url: string, tries = 50): Promise<string> {
  let page = '';
  for (let i = 0; i < tries; i++) {
    page = (await client.request('GET', url, undefined, { headers: { accept: 'text/html' } })).body.raw as string;
    if (page.includes(FIRST_SCREEN_DATA_ID)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return page;
}

beforeAll(async () => {
  webDist = fakeWebBuild();
  built = await createTestApp({ WEB_DIST: webDist, FIRST_SCREEN: '1' });
  word = uniqueWord();
  await createResume(built.ctx.database, { title: `Бухгалтер ${word} </script><script>alert(1)</script>` });
});

describe('a search page\'s first screen, from the services', () => {
  it('a visitor\'s page is drawn and carries the answers it was drawn from, escaped', async () => {
    const page = await pageOf(new TestClient(built.app), `/?text=${word}`);
    expect(page).toContain(`${FIRST_SCREEN_ATTRIBUTE}="wide"`);
    const data = carried(page);
    expect(data?.answered).toEqual([`/api/resume/search?text=${word}`]);
    expect(data?.state.queries.map((a) => `${a.url} ${a.status}`)).toEqual(['/api/user/main_info 401', `/api/resume/search?text=${word} 200`]);
    // The candidate's text cannot close the page's script element.
    expect(page.match(/<\/script>/g)).toHaveLength(1);
  });

  it('a member\'s page carries their own answers, never kept for anyone else', async () => {
    const member = await memberOf(built.app, built.ctx.database);
    const visitor = new TestClient(built.app);
    const url = `/?text=${word}&searchOrderBy=publication_time`;
    const before = carried(await pageOf(visitor, url));
    const own = await pageOf(member.client, url);
    expect(own).not.toContain(FIRST_SCREEN_ATTRIBUTE);
    const mine = carried(own);
    expect(mine?.answered).toEqual(['/api/user/main_info', `/api/resume/search?text=${word}&searchOrderBy=publication_time`, '/api/user/access/spec_search/get']);
    expect(mine?.state.queries[0]?.body.res?.id).toBe(member.id);
    // The visitor's drawn page, cached for the address, is the visitor's before and after.
    const after = carried(await pageOf(new TestClient(built.app), url));
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).not.toContain(member.email);
  });

  it('a new build of the server entry under the running server is used from then on', async () => {
    const entry = path.join(path.dirname(webDist), 'dist-ssr', 'first-screen.js');
    writeFileSync(entry, readFileSync(entry, 'utf8').replace("'<ul>'", "'<ul class=\"second-build\">'"));
    const later = new Date(Date.now() + 5000);
    utimesSync(entry, later, later);
    // A new address each time: a visitor's drawn page is kept 15 s per address.
    let page = '';
    for (let i = 0; i < 40 && !page.includes('second-build'); i++) {
      page = await pageOf(new TestClient(built.app), `/?text=${word}&page=1&per_page=${20 + (i % 2) * 30}&salary_from=${i + 1}`, 1);
      if (!page.includes('second-build')) await new Promise((r) => setTimeout(r, 100));
    }
    expect(page).toContain('<ul class="second-build">');
  });

  it('a search the route would refuse gives the page without its first screen', async () => {
    // (The server entry is loaded by now: the pages above were drawn.)
    const page = await pageOf(new TestClient(built.app), '/?page=0', 1);
    expect(page).not.toContain(FIRST_SCREEN_ATTRIBUTE);
    expect(carried(page)).toBeNull();
  });
});
