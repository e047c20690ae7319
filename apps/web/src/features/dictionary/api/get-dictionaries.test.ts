import { DICTIONARY_CACHE_MS } from '@hr/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDictionaries } from './get-dictionaries.ts';

const KEY = 'hr-club-dictionaries';
const sex = { updated_at: '2026-01-01T00:00:00.000Z', items: [{ value: 'male', title: 'Мужской' }] };
const drive = { updated_at: '2026-01-01T00:00:00.000Z', items: [{ value: 'B', title: 'B' }] };

let stored: Map<string, string>;
let calls: { url: string; headers: Record<string, string> }[];
let answer: () => Response | Promise<Response>;

const json = (body: unknown, version = 'v2') =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Dictionary-Version': version } });
const cached = () => JSON.parse(stored.get(KEY) ?? '{}');

beforeEach(() => {
  stored = new Map();
  calls = [];
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
      removeItem: (k: string) => stored.delete(k),
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    return answer();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadDictionaries (SEED 7 with revalidation)', () => {
  it('fetches what is missing with fields[] and keeps it with its version', async () => {
    answer = () => json({ status: 'success', res: { sex, drive } }, 'v1');
    expect(await loadDictionaries(['sex', 'drive'])).toEqual({ sex: sex.items, drive: drive.items });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/dictionary?fields%5B%5D=sex&fields%5B%5D=drive');
    expect(calls[0]?.headers['If-None-Match']).toBeUndefined();
    expect(cached().sex).toMatchObject({ data: sex, version: 'v1' });
    // Within the hour: from localStorage, no request.
    expect(await loadDictionaries(['sex'])).toEqual({ sex: sex.items });
    expect(calls).toHaveLength(1);
  });

  it('revalidates copies older than an hour with If-None-Match; a 304 renews them without a body', async () => {
    const old = Date.now() - DICTIONARY_CACHE_MS - 1;
    stored.set(KEY, JSON.stringify({ sex: { at: old, data: sex, version: 'v1' }, drive: { at: old, data: drive, version: 'v1' } }));
    answer = () => new Response(null, { status: 304 });
    expect(await loadDictionaries(['sex', 'drive'])).toEqual({ sex: sex.items, drive: drive.items });
    expect(calls[0]?.headers['If-None-Match']).toBe('"v1.sex.drive"');
    expect(cached().sex.at).toBeGreaterThan(old);
    expect(cached().drive).toMatchObject({ data: drive, version: 'v1' });
    await loadDictionaries(['sex', 'drive']);
    expect(calls).toHaveLength(1);
  });

  it('takes a new version when the server has one', async () => {
    const old = Date.now() - DICTIONARY_CACHE_MS - 1;
    stored.set(KEY, JSON.stringify({ sex: { at: old, data: sex, version: 'v1' } }));
    const newer = { ...sex, items: [{ value: 'female', title: 'Женский' }] };
    answer = () => json({ status: 'success', res: { sex: newer } }, 'v2');
    expect(await loadDictionaries(['sex'])).toEqual({ sex: newer.items });
    expect(calls[0]?.headers['If-None-Match']).toBe('"v1.sex"');
    expect(cached().sex).toMatchObject({ data: newer, version: 'v2' });
  });

  it('downloads again when the old copies have different or no versions, or are empty', async () => {
    const old = Date.now() - DICTIONARY_CACHE_MS - 1;
    answer = () => json({ status: 'success', res: { sex, drive } });
    stored.set(KEY, JSON.stringify({ sex: { at: old, data: sex, version: 'v1' }, drive: { at: old, data: drive, version: 'v0' } }));
    await loadDictionaries(['sex', 'drive']);
    stored.set(KEY, JSON.stringify({ sex: { at: old, data: sex } }));
    await loadDictionaries(['sex']);
    stored.set(KEY, JSON.stringify({ sex: { at: Date.now(), data: { ...sex, items: [] }, version: 'v1' } }));
    await loadDictionaries(['sex']);
    expect(calls.map((c) => c.headers['If-None-Match'])).toEqual([undefined, undefined, undefined]);
  });

  it('ignores failures silently and keeps what it had', async () => {
    const old = Date.now() - DICTIONARY_CACHE_MS - 1;
    stored.set(KEY, JSON.stringify({ sex: { at: old, data: sex, version: 'v1' } }));
    answer = () => {
      throw new TypeError('offline');
    };
    expect(await loadDictionaries(['sex', 'drive'])).toEqual({ sex: sex.items, drive: [] });
    answer = () => new Response(JSON.stringify({ status: 'error', message: 'Ошибка' }), { status: 500 });
    expect(await loadDictionaries(['sex'])).toEqual({ sex: sex.items });
    expect(cached().sex.at).toBe(old);
  });
});
