import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/app-error.ts';

/** PostgreSQL keeps no U+0000 in text or jsonb: such input would come back as a database error. */
export const NUL_MESSAGE = 'Недопустимый символ (U+0000) в тексте';

/**
 * Every string of a request (body, query, path parameters, and the keys of body objects) is checked
 * for U+0000 before validation: the caller gets a 422 naming the field, never a 500 from the database.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // Nearly every request holds none: a scan without paths first, the path only for the refusal.
    if (!hasNul(request.params) && !hasNul(request.query) && !hasNul(request.body)) return done();
    const field = nulIn(request.params) ?? nulIn(request.query) ?? nulIn(request.body);
    done(field === undefined ? undefined : fieldError(field || 'body', NUL_MESSAGE));
  });
}

/** Text that is read as such: parsed JSON and query objects, not a Buffer or a stream. */
const isPlainObject = (value: unknown): value is object =>
  !!value && typeof value === 'object' && !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';

/** Whether any string (or object key) of a request part holds U+0000; iterative, as nulIn. */
export function hasNul(root: unknown): boolean {
  if (root === undefined || root === null) return false;
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) {
        if (key.includes('\u0000')) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The dotted path of the first string holding U+0000 ('' for the value itself), or undefined.
 * Iterative: a body may nest thousands of levels deep (JSON.parse allows it; recursion here would not).
 */
export function nulIn(root: unknown): string | undefined {
  const stack: [unknown, string][] = [[root, '']];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [value, path] = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (isPlainObject(value)) {
      // Parsed JSON and query objects (the query parser's have no Object prototype); a Buffer or a stream is not text.
      const entries = Object.entries(value);
      for (const [key] of entries) if (key.includes('\u0000')) return path || 'body';
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, v] = entries[i] as [string, unknown];
        stack.push([v, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}
