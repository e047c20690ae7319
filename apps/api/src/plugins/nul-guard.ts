import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/app-error.ts';

/** PostgreSQL keeps no U+0000 in text or jsonb: such input would come back as a database error. */
export const NUL_MESSAGE = 'Недопустимый символ (U+0000) в тексте';

/**
 * Every string of a request (body, query, path parameters, and the keys of body objects) is checked
 * for U+0000 before validation: the caller gets a 422 naming the field, never a 500 from the database.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = nulIn(request.params) ?? nulIn(request.query) ?? nulIn(request.body);
    if (field !== undefined) throw fieldError(field || 'body', NUL_MESSAGE);
  });
}

/** The dotted path of the first string holding U+0000 ('' for the value itself), or undefined. */
export function nulIn(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulIn(value[i], path ? `${path}.${i}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  // Parsed JSON and query objects (the query parser's have no Object prototype); a Buffer or a stream is not text.
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function') {
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return path || 'body';
      const found = nulIn(v, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
