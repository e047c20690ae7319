import type { FastifyInstance } from 'fastify';
import { MULTIPART_MSG, malformedRequest } from '../lib/multipart.ts';

/** Charsets a body may declare: the site reads UTF-8 only (ASCII is a part of it). */
const CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);
/** RFC 2046: a boundary is 1–70 characters (the multipart parser cannot even search for one past 256). */
const BOUNDARY_MAX = 70;

/** `type/subtype; a=b; c="d"` → the type, lower case, and the parameters (names lower case, quotes removed). */
export function parseContentType(header: string): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = header.split(';');
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name && !params.has(name)) params.set(name, value);
  }
  return { type: type.trim().toLowerCase(), params };
}

/**
 * Before any body is read: a declared charset other than UTF-8, and a multipart/form-data without a
 * usable boundary, are a 422 with the reason (errors.request) — never handed to a parser that would
 * misread the text or throw a 500.
 */
export function registerRequestShape(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['content-type'];
    if (!header || request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    done(shapeError(header));
  });
}

/** The refusal of a declared body type, or undefined when the body may be read. */
function shapeError(header: string): Error | undefined {
  const { type, params } = parseContentType(header);
  const charset = params.get('charset');
  if (charset !== undefined && !CHARSETS.has(charset.toLowerCase())) return malformedRequest(MULTIPART_MSG.charset);
  if (type === 'multipart/form-data') {
    const boundary = params.get('boundary');
    if (!boundary) return malformedRequest(MULTIPART_MSG.noBoundary);
    if (boundary.length > BOUNDARY_MAX) return malformedRequest(MULTIPART_MSG.badBoundary);
  }
  return undefined;
}
