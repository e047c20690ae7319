import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export type AnswerCompression = {
  /** Answers smaller than this go as they are: a few KB more on the wire cost less than compressing them. */
  threshold: number;
  /** Brotli quality for JSON made per request (1–11). */
  brotliQuality: number;
  /** gzip level for the clients that take no brotli. */
  gzipLevel: number;
};

/**
 * Measured on the load bench's answers (a search page ~18 KB, a resume ~3 KB), CPU per answer and
 * size: brotli 5 (the old setting) 410 µs, 3.7 KB; brotli 3 180 µs, 4.3 KB; brotli 1 115 µs, 4.9 KB
 * (still a quarter of the JSON); gzip 3 170 µs, 4.4 KB (no cheaper at levels 1–2). A resume page
 * (and main_info, notifications, a short dictionary) stays below the threshold and goes as it is.
 */
export const API_COMPRESSION: AnswerCompression = { threshold: 4096, brotliQuality: 1, gzipLevel: 3 };

type Encoding = 'br' | 'gzip';

/**
 * The encoding of an answer from Accept-Encoding, as @fastify/compress chooses it: the highest
 * quality of br and gzip (`*` and x-gzip counting as gzip), br on a tie; none for q=0 or no header.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let best: Encoding | undefined;
  let bestQuality = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';');
    let name = rawName.trim();
    if (name === '*' || name === 'x-gzip') name = 'gzip';
    if (name !== 'br' && name !== 'gzip') continue;
    let quality = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k?.trim() === 'q') quality = Number.parseFloat(v ?? '') || 0;
    }
    if (quality <= 0) continue;
    if (quality > bestQuality || (quality === bestQuality && name === 'br')) {
      best = name;
      bestQuality = quality;
    }
  }
  return best;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * The API's JSON answers compressed in one synchronous call into a buffer sent with its length,
 * instead of @fastify/compress's stream per answer (an async iterator, a zlib stream on the thread
 * pool and a chunked body). Other answers (files, streams, pages) are left to @fastify/compress,
 * which skips an answer that already has a Content-Encoding.
 */
export function registerAnswerCompression(app: FastifyInstance, opts: AnswerCompression): void {
  const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: opts.brotliQuality } } as const;
  const gzip = { level: opts.gzipLevel };
  // Accept-Encoding takes few distinct values: each is parsed once.
  const chosen = new Map<string, Encoding | undefined>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < opts.threshold) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !JSON_TYPE.test(type)) return done(null, payload);
    const current = reply.getHeader('content-encoding');
    if (current && current !== 'identity') return done(null, payload);
    if (request.headers['x-no-compression'] !== undefined) return done(null, payload);
    const header = request.headers['accept-encoding'];
    if (!header) return done(null, payload);
    let encoding = chosen.get(header);
    if (encoding === undefined && !chosen.has(header)) {
      encoding = chooseEncoding(header);
      if (chosen.size < 100) chosen.set(header, encoding);
    }
    if (!encoding) return done(null, payload);
    const input = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(input, { params: { ...brotli.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : zlib.gzipSync(input, gzip);
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/\baccept-encoding\b|\*/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, body);
  });
}
