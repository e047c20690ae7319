import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app.ts';
import { createResume } from '../../test/factories.ts';
import { createPrivateTestApp, registeredMember, type TestClient } from '../../test/helpers.ts';
import { API_COMPRESSION, chooseEncoding } from './compression.ts';

describe('the encoding an answer is sent in', () => {
  it('follows Accept-Encoding as @fastify/compress did', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br, gzip')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('BR;Q=1')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('deflate')).toBeUndefined();
  });
});

describe('compressed JSON answers', () => {
  let built: BuiltApp;
  let client: TestClient;
  beforeAll(async () => {
    // A database of its own: on the shared one other files add resumes between the three searches
    // compared below, and the pages differ.
    built = await createPrivateTestApp();
    for (let i = 0; i < 12; i++) await createResume(built.ctx.database, { title: `Менеджер по продажам ${i}` });
    client = (await registeredMember(built.app)).client;
  });

  const get = (url: string, acceptEncoding?: string) =>
    built.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('a large one: brotli (or gzip) in one piece with its length; the same JSON once decoded', async () => {
    const plain = await get('/api/resume/search?page=1');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION.threshold);

    const br = await get('/api/resume/search?page=1', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/resume/search?page=1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const refused = await get('/api/resume/search?page=1', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('a small one goes as it is', async () => {
    const res = await get('/api/user/main_info', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(API_COMPRESSION.threshold);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe('success');
  });
});
