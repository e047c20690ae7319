import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DICTIONARY_NAMES, dictionaryEtag } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createPrivateTestApp, createTestApp } from '../../../test/helpers.ts';
import { dictionaries } from '../../db/schema/index.ts';
import { seedDictionaries } from './dictionary.seed.ts';
import { codedEtag, etagMatches, pickCoding } from './dictionary.http.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const get = (app: BuiltApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });
const versionOf = async (app: BuiltApp) => (await get(app, '/api/dictionary/version')).json().res.version as string;

describe('GET /api/dictionary as a prebuilt document', () => {
  it('names the version and a strong ETag of version and names, the same on every call', async () => {
    const version = await versionOf(built);
    expect(version).toMatch(/^[0-9a-f]{20}$/);
    const a = await get(built, '/api/dictionary?fields[]=sex&fields[]=experience');
    const b = await get(built, '/api/dictionary?fields=sex,experience');
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-dictionary-version']).toBe(version);
    expect(a.headers.etag).toBe(dictionaryEtag(version, ['sex', 'experience']));
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(a.headers['cache-control']).toBe('no-cache');
    expect(String(a.headers.vary)).toMatch(/accept-encoding/i);
    expect(a.headers['set-cookie']).toBeUndefined();
    const all = await get(built, '/api/dictionary');
    expect(all.headers.etag).toBe(dictionaryEtag(version));
    expect(all.headers.etag).not.toBe(a.headers.etag);
  });

  it('answers 304 without a body to If-None-Match with the current tag, in any of its codings', async () => {
    const first = await get(built, '/api/dictionary', { 'accept-encoding': 'br, gzip' });
    const etag = String(first.headers.etag);
    expect(first.headers['content-encoding']).toBe('br');
    expect(etag).toMatch(/-br"$/);
    for (const sent of [etag, etag.replace('-br"', '-gz"'), etag.replace('-br"', '"'), `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(built, '/api/dictionary', { 'accept-encoding': 'br, gzip', 'if-none-match': sent });
      expect(again.statusCode, sent).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['x-dictionary-version']).toBe(first.headers['x-dictionary-version']);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    // Another set's tag, an old version's: the whole answer.
    const version = String(first.headers['x-dictionary-version']);
    const other = await get(built, '/api/dictionary', { 'if-none-match': dictionaryEtag(version, ['sex']) });
    expect(other.statusCode).toBe(200);
    const old = await get(built, '/api/dictionary?fields[]=sex', { 'if-none-match': dictionaryEtag('0'.repeat(20), ['sex']) });
    expect(old.statusCode).toBe(200);
    expect(Object.keys(old.json().res)).toEqual(['sex']);
  });

  it('sends brotli and gzip copies that decode to the same JSON, and JSON to a caller taking neither', async () => {
    const plain = await get(built, '/api/dictionary');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const json = plain.payload;
    expect(Object.keys(JSON.parse(json).res)).toEqual([...DICTIONARY_NAMES]);
    const br = await get(built, '/api/dictionary', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(json.length / 5);
    const gz = await get(built, '/api/dictionary', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(json);
    expect(gz.headers.etag).toBe(codedEtag(String(plain.headers.etag), 'gzip'));
    const refused = await get(built, '/api/dictionary', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.payload).toBe(json);
    // A subset is compressed too, and holds exactly what the whole document says of its names.
    const subset = await get(built, '/api/dictionary?fields[]=roleTree&fields[]=sex', { 'accept-encoding': 'br' });
    const decoded = JSON.parse(brotliDecompressSync(subset.rawPayload).toString());
    expect(Object.keys(decoded.res)).toEqual(['roleTree', 'sex']);
    expect(decoded.res.sex).toEqual(JSON.parse(json).res.sex);
    expect(decoded.res.roleTree).toEqual(JSON.parse(json).res.roleTree);
  });

  it('keeps the SEED shape of a small set, and the Russian 422 for an unknown name', async () => {
    const small = await get(built, '/api/dictionary?fields[]=sex', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBe('br');
    const plain = await get(built, '/api/dictionary?fields[]=sex');
    expect(brotliDecompressSync(small.rawPayload).toString()).toBe(plain.payload);
    const again = await get(built, '/api/dictionary?fields[]=sex', {
      'accept-encoding': 'br, gzip',
      'if-none-match': String(small.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(small.headers.etag);
    expect(plain.json()).toEqual({
      status: 'success',
      res: {
        sex: {
          updated_at: expect.any(String),
          items: [
            { value: 'male', title: 'Мужской' },
            { value: 'female', title: 'Женский' },
          ],
        },
      },
    });
    const bad = await get(built, '/api/dictionary?fields[]=sex&fields[]=nope', { 'if-none-match': '*' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/справочник/),
      errors: { fields: [expect.stringContaining('nope')] },
    });
  });
});

describe('GET /api/dictionary/v/{version}', () => {
  it('serves the whole document at the current version, immutable', async () => {
    const version = await versionOf(built);
    const all = await get(built, '/api/dictionary');
    const res = await get(built, `/api/dictionary/v/${version}`, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(all.payload);
    const again = await get(built, `/api/dictionary/v/${version}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 (never cached) for any other version', async () => {
    const res = await get(built, `/api/dictionary/v/${'0'.repeat(20)}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ status: 'error', message: expect.stringMatching(/верси/) });
  });
});

describe('the version', () => {
  // A database of its own: these tests change the dictionaries under the app.
  let priv: BuiltApp;
  beforeAll(async () => {
    priv = await createPrivateTestApp();
  });

  it('changes when the dictionaries are re-seeded, and the old versioned document is gone', async () => {
    const before = await versionOf(priv);
    const oldEtag = String((await get(priv, '/api/dictionary?fields[]=sex')).headers.etag);
    await priv.ctx.database.db.update(dictionaries).set({ checksum: 'stale', items: [] }).where(sql`${dictionaries.name} = 'sex'`);
    // Changed behind the app's back (not seeded): still the document it built.
    expect(await versionOf(priv)).toBe(before);
    await seedDictionaries(priv.ctx.database);
    const after = await versionOf(priv);
    expect(after).not.toBe(before);
    const sex = await get(priv, '/api/dictionary?fields[]=sex', { 'if-none-match': oldEtag });
    expect(sex.statusCode).toBe(200);
    expect(sex.headers.etag).toBe(dictionaryEtag(after, ['sex']));
    expect((await get(priv, `/api/dictionary/v/${before}`)).statusCode).toBe(404);
    expect((await get(priv, `/api/dictionary/v/${after}`)).statusCode).toBe(200);
  });

  it('follows a re-seed by another process within a minute', async () => {
    const before = await versionOf(priv);
    // What another process's seed writes: new items, checksum and update time.
    await priv.ctx.database.db
      .update(dictionaries)
      .set({ checksum: 'elsewhere', items: [{ value: 'x', title: 'Иное' }], updatedAt: sql`now()` })
      .where(sql`${dictionaries.name} = 'sex'`);
    expect(await versionOf(priv)).toBe(before);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    let after = before;
    for (let i = 0; i < 50 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await versionOf(priv);
    }
    expect(after).not.toBe(before);
    expect((await get(priv, '/api/dictionary?fields[]=sex')).json().res.sex.items).toEqual([{ value: 'x', title: 'Иное' }]);
  });
});

describe('content negotiation and validators', () => {
  it('picks brotli, then gzip, honouring q=0', () => {
    expect(pickCoding(undefined)).toBeNull();
    expect(pickCoding('gzip, deflate, br')).toBe('br');
    expect(pickCoding('gzip')).toBe('gzip');
    expect(pickCoding('x-gzip')).toBe('gzip');
    expect(pickCoding('br;q=0, gzip')).toBe('gzip');
    expect(pickCoding('*')).toBe('br');
    expect(pickCoding('*, br;q=0')).toBe('gzip');
    expect(pickCoding('identity')).toBeNull();
    expect(pickCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
  });

  it('matches a tag in any coding, never another set or version', () => {
    const tag = dictionaryEtag('abc', ['sex', 'drive']);
    expect(tag).toBe('"abc.sex.drive"');
    expect(codedEtag(tag, 'br')).toBe('"abc.sex.drive-br"');
    expect(etagMatches('"abc.sex.drive-gz"', tag)).toBe(true);
    expect(etagMatches('W/"abc.sex.drive"', tag)).toBe(true);
    expect(etagMatches('"abc.sex"', tag)).toBe(false);
    expect(etagMatches('"abd.sex.drive"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});
