import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PrebuiltDictionaries } from './dictionary.document.ts';

export type Coding = 'br' | 'gzip';

/**
 * The coding to send for an Accept-Encoding header: brotli, else gzip (`x-gzip` and `*` count), else
 * none. The same choice @fastify/compress makes with `encodings: ['br', 'gzip']`, q=0 meaning «not this».
 */
export function pickCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const given = params.find((p) => p.startsWith('q='));
    const value = given === undefined ? 1 : Number(given.slice(2));
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** The tag of one coding of an answer: a strong tag differs per coding, inside the quotes. */
export const codedEtag = (etag: string, coding: Coding | null): string =>
  coding === null ? etag : `${etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"`;

/**
 * If-None-Match against an answer's tag in any of its codings (the weak comparison RFC 9110 asks for
 * here: `W/` ignored); `*` matches, since the answer exists.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const base = etag.slice(1, -1);
  for (const m of header.matchAll(/"([^"]*)"/g)) {
    const tag = (m[1] ?? '').replace(/-(br|gz)$/, '');
    if (tag === base) return true;
  }
  return false;
}

/**
 * 304 when the caller holds this answer (no body, nothing built or compressed), else the prebuilt
 * bytes in the best coding the caller takes. Content-Encoding is set here, so @fastify/compress
 * passes the bytes on untouched (it skips an answer that already names its coding).
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  if (!etagMatches(request.headers['if-none-match'], etag)) return false;
  reply
    .code(304)
    .header('ETag', codedEtag(etag, pickCoding(request.headers['accept-encoding'])))
    .send();
  return true;
}

export function sendPrebuilt(request: FastifyRequest, reply: FastifyReply, doc: PrebuiltDictionaries): FastifyReply {
  const coding = pickCoding(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8').header('ETag', codedEtag(doc.etag, coding));
  if (coding === null) return reply.send(doc.json);
  return reply.header('Content-Encoding', coding).send(coding === 'br' ? doc.br : doc.gzip);
}
