import { dictionary, errorBody, mainInfo, paginated, resumeFull, searchAnswer, success } from '@hr/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import type { BuiltApp } from '../app.ts';
import { createResume } from '../../test/factories.ts';
import { createTestApp, registeredMember } from '../../test/helpers.ts';
import { compileFast, isFaithful, responseSerializerCompiler } from './response-serializer.ts';

const SECRET = 'secret-hash-$argon2id$v=19';
const PHONE = '+7 (916) 123-45-67';

/** Puts the undeclared fields into every object of the answer (at any depth), as a careless handler would. */
function withUndeclared(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUndeclared);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = withUndeclared(v);
  return { ...out, password_hash: SECRET, phone: PHONE };
}

const viaZod = (schema: $ZodType) => zodSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' }) as (d: unknown) => string;

describe('compiled response serialisation', () => {
  it('compiles the schemas of the busiest answers (none falls back to zod)', () => {
    const schemas = {
      searchAnswer,
      resume: success(resumeFull),
      mainInfo: success(mainInfo),
      dictionary: success(z.record(z.string(), dictionary)),
      page: success(paginated(z.object({ id: z.number().int(), title: z.string().nullable() }))),
      errorBody,
    };
    for (const [name, schema] of Object.entries(schemas)) expect(compileFast(schema), name).toBeTypeOf('function');
  });

  it('leaves to zod a schema whose output zod changes', () => {
    expect(isFaithful(z.object({ a: z.string().transform((s) => s.trim()) }))).toBe(false);
    expect(isFaithful(z.object({ a: z.string().default('x') }))).toBe(false);
    expect(isFaithful(z.object({ a: z.date() }))).toBe(false);
    expect(isFaithful(z.object({ a: z.string() }).passthrough())).toBe(false);
    expect(isFaithful(z.record(z.enum(['a', 'b']), z.string()))).toBe(false);
    expect(compileFast(z.object({ a: z.string().transform(Number) }))).toBeUndefined();
  });

  it('writes what zod writes, undeclared fields left out at every depth: unions, nullables, records, recursion', () => {
    // Recursive, unnamed (a named schema would join the OpenAPI document of every app built after it).
    const item: z.ZodType<{ value: string; children?: unknown[] }> = z.lazy(() => z.object({ value: z.string(), children: z.array(item).optional() }));
    const schema = z.object({
      status: z.literal('success'),
      res: z.object({
        n: z.number().int(),
        x: z.number(),
        name: z.string().nullable(),
        maybe: z.object({ a: z.string() }).nullable(),
        gone: z.string().optional(),
        either: z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.number() })]),
        tagged: z.discriminatedUnion('t', [z.object({ t: z.literal('x'), x: z.string() }), z.object({ t: z.literal('y') })]),
        byName: z.record(z.string(), z.object({ count: z.number() })),
        list: z.array(z.object({ id: z.number(), note: z.string().nullable().optional() })),
        tree: z.array(item),
        anything: z.unknown(),
        mode: z.enum(['one', 'two']),
      }),
      message: z.string().optional(),
    });
    const fast = compileFast(schema);
    expect(fast).toBeTypeOf('function');
    const answers = [
      {
        status: 'success',
        res: {
          n: 3,
          x: 1.5,
          name: null,
          maybe: { a: 'a' },
          either: { kind: 'b', b: 2 },
          tagged: { t: 'y' },
          byName: { 'ключ "1"': { count: 1 } },
          list: [{ id: 1 }, { id: 2, note: null }, { id: 3, note: 'текст\n"в кавычках"' }],
          tree: [{ value: 'a', children: [{ value: 'b', children: [] }] }],
          anything: { kept: [1, 'as is'] },
          mode: 'two',
        },
      },
      {
        status: 'success',
        message: 'Готово',
        res: { n: 0, x: -2, name: 'Имя', maybe: null, gone: 'g', either: { kind: 'a', a: 'x' }, tagged: { t: 'x', x: 'x' }, byName: {}, list: [], tree: [], anything: null, mode: 'one' },
      },
    ];
    for (const answer of answers) {
      const dirty = withUndeclared(answer) as Record<string, unknown>;
      // `anything` is z.unknown(): zod keeps what it holds, and so does the compiled path; a record
      // declares every key it holds (its values' objects get the undeclared fields).
      const res = dirty.res as Record<string, unknown>;
      res.anything = (answer.res as Record<string, unknown>).anything;
      res.byName = Object.fromEntries(Object.entries(answer.res.byName).map(([k, v]) => [k, withUndeclared(v)]));
      const text = fast?.(dirty) ?? '';
      // The same JSON value (fast-json-stringify writes the required properties first).
      expect(JSON.parse(text)).toEqual(JSON.parse(viaZod(schema)(dirty)));
      expect(JSON.parse(text)).toEqual(answer);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('123-45-67');
    }
  });

  it('leaves out a record key `__proto__` as zod does (a field name from a request may be one)', () => {
    const errors = JSON.parse('{"__proto__": ["a"], "name": ["b"]}');
    const body = { status: 'error', message: 'm', errors };
    const text = compileFast(errorBody)?.(body) ?? '';
    expect(text).toBe(viaZod(errorBody)(body));
    expect(JSON.parse(text)).toEqual({ status: 'error', message: 'm', errors: { name: ['b'] } });
  });

  it('fails as zod fails when a declared field is missing', () => {
    const fast = compileFast(z.object({ a: z.string(), b: z.number().nullable() }));
    expect(() => fast?.({ a: 'x' })).toThrow();
    expect(() => viaZod(z.object({ a: z.string(), b: z.number().nullable() }))({ a: 'x' })).toThrow();
  });

  it('in verify mode, refuses an answer the two paths would write differently', () => {
    const compile = responseSerializerCompiler({ verify: true });
    const serialize = compile({ schema: z.object({ n: z.number().int() }), method: 'GET', url: '/t', httpStatus: '200' });
    expect(serialize({ n: 2 })).toBe('{"n":2}');
    // zod refuses 2.5 for an integer; the compiled path would round it.
    expect(() => serialize({ n: 2.5 })).toThrow();
  });
});

describe('undeclared fields on real routes', () => {
  let built: BuiltApp;
  beforeAll(async () => {
    built = await createTestApp();
    // Every answer object gains a password hash and a phone, as if a handler passed a raw row on.
    built.app.addHook('preSerialization', async (request, _reply, payload) => {
      if (!request.headers['x-test-undeclared']) return payload;
      const answer = payload as { res?: Record<string, unknown> };
      // The dictionaries' answer is a record by name (every key of it is declared): its values get them.
      if (request.url.startsWith('/api/dictionary') && answer.res) {
        return { ...answer, res: Object.fromEntries(Object.entries(answer.res).map(([k, v]) => [k, withUndeclared(v)])) };
      }
      return withUndeclared(payload);
    });
  });

  it('never writes them: resume page, search, main_info, dictionaries, an error', async () => {
    const resume = await createResume(built.ctx.database, { firstName: 'Полина', lastName: 'Скрытова' });
    const { client } = await registeredMember(built.app);
    const headers = { 'x-test-undeclared': '1' };
    const urls = [
      `/api/resume/${resume.hash}`,
      '/api/resume/search?page=1',
      '/api/user/main_info',
      '/api/dictionary?fields[]=experience&fields[]=schedule',
      '/api/resume/nosuchhash',
    ];
    for (const url of urls) {
      const res = await client.request('GET', url, undefined, { headers });
      expect(res.status, url).toBeLessThan(500);
      const raw = JSON.stringify(res.body);
      expect(raw, url).not.toContain('password_hash');
      expect(raw, url).not.toContain(SECRET);
      expect(raw, url).not.toContain('123-45-67');
      expect(res.body.status, url).toMatch(/^(success|error)$/);
    }
    const page = await client.request('GET', `/api/resume/${resume.hash}`, undefined, { headers });
    expect(page.body.res.hash).toBe(resume.hash);
    const search = await client.request('GET', '/api/resume/search?page=1', undefined, { headers });
    expect(search.body.res.total).toBeGreaterThan(0);
  });
});
