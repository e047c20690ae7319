/*
 * A property-based sweep over every operation of the OpenAPI document: fast-check generates wrong
 * types, huge strings, odd unicode and encodings, missing and extra fields and bad path parameters,
 * sent by a visitor, a member with every option and an administrator (the XSRF token always sent).
 * The promise under test: whatever arrives, the answer is never a 5xx and never hangs.
 * Used by src/modules/errors/robustness.test.ts (2,000 requests) and bench/robustness.ts (10,000).
 * Imports no test runner, so the bench can use it as it is.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { ACCESS_FLAGS } from '@hr/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};
type Param = { in: string; name: string; schema?: Schema; required?: boolean };
/** A form the route reads as multipart/form-data (the route's `x-multipart` note): its fields and file fields. */
type MultipartNote = { json: boolean; files: string[]; fields: Schema };
export type Operation = { method: string; template: string; params: Param[]; body?: Schema; multipart?: MultipartNote };
export type Who = 'visitor' | 'member' | 'admin';

type Body = { contentType?: string; payload: string | Buffer; label: string };
type Case = { op: Operation; who: Who; path: string; query: string; body?: Body; accept: string };

/** Every operation of the document (the hidden /api/openapi.json itself is not in it). */
export function operationsOf(doc: {
  paths: Record<
    string,
    Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; 'x-multipart'?: MultipartNote }>
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const multipart = op['x-multipart'];
      ops.push({
        method: method.toUpperCase(),
        template,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? (multipart?.json ? multipart.fields : undefined),
        multipart,
      });
    }
  }
  return ops;
}

// ---------- values ----------

const TRICKY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uFFFE\uFFFF',
  '\u202Eевил',
  '\u200B\u200D',
  '\u0085\u2028\u2029',
  'e\u0301\u0301\u0301',
  'ﷺ',
  '１２３',
  'İıß',
  '😀👩‍👩‍👧‍👦',
  '\r\n\t',
  "' OR 1=1 --",
  '"; drop table users; --',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '{{7*7}}${7*7}',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '\\',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '-9223372036854775809',
  '0x1F',
  ' 1 ',
  'true',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  'test@example.ru',
  'тест@пример.рф',
  '+7 (999) 000-00-00',
];

const oddString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** Long enough to pass every maxLength and, now and then, the 1 MiB body limit. */
const hugeString = (max: number) =>
  fc.tuple(fc.constantFrom('x', 'я', '😀', '\u0000', '%', 'a ', '<a>'), fc.integer({ min: 200, max })).map(([c, n]) => c.repeat(n));

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -0, -1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE),
);

const scalar = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 2, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.dictionary(oddString, scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: hugeString(20_000) },
  { weight: 1, arbitrary: fc.constantFrom([[[[[[]]]]]], { a: { b: { c: { d: {} } } } }, Array(300).fill(1), {}) },
);

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'user_id',
  'account_type',
  'flags',
  'is_admin',
  'role',
  '_token',
  'hash',
  '',
];
const extraKey = fc.oneof(fc.constantFrom(...EXTRA_KEYS), oddString);

/** A value the schema would accept, give or take (lengths and formats are not chased). */
function plausible(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return anyValue;
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => plausible(a, depth)));
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const types = (Array.isArray(s.type) ? s.type : [s.type ?? 'any']).map((t): fc.Arbitrary<unknown> => {
    switch (t) {
      case 'string':
        return fc.oneof(
          fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 30, 60)) }),
          fc.constantFrom('Иванов Иван', 'test@example.ru', '2024-01-15', '+7 (916) 123-45-67', 'secret123', 'Москва', '1'),
        );
      case 'integer':
        return fc.integer({ min: s.minimum ?? -5, max: Math.min(s.maximum ?? 100_000, 2 ** 31) });
      case 'number':
        return fc.double({ min: s.minimum ?? -5, max: s.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(plausible(s.items, depth + 1), { maxLength: 4 });
      case 'object':
        return objectJson(s, depth + 1).map((json) => JSON.parse(json) as unknown);
      default:
        return anyValue;
    }
  });
  return fc.oneof(...types);
}

/** Right type, wrong type, or far too long. */
const fieldValue = (s: Schema | undefined, depth: number) =>
  fc.oneof({ weight: 4, arbitrary: plausible(s, depth) }, { weight: 3, arbitrary: anyValue }, { weight: 1, arbitrary: hugeString(6000) });

/**
 * A JSON object as text (so `__proto__` and duplicate keys are real keys on the wire): each declared
 * field present or missing, with a right or wrong value, plus a few fields nobody asked for.
 */
function objectJson(s: Schema, depth = 0): fc.Arbitrary<string> {
  const props = Object.entries(s.properties ?? {});
  const fields = props.map(([name, schema]) =>
    fc.option(
      fieldValue(schema, depth).map((v) => [name, v] as const),
      { freq: 4, nil: undefined },
    ),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.array(fc.tuple(extraKey, anyValue), { maxLength: 3 }), fc.boolean())
    .map(([declared, extra, duplicate]) => {
      const entries = [...declared.filter((e) => e !== undefined), ...extra] as [string, unknown][];
      if (duplicate && entries[0]) entries.push([entries[0][0], null]);
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
    });
}

const RAW_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'not json',
  '',
  'null',
  '"строка"',
  '0',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '{"__proto__":{"is_admin":true,"flags":["mass_search"]}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  '{"a":1e99999}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/octet-stream',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'image/png',
  ';;;',
];

const BYTES = [
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), // UTF-16LE {} with a BOM
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d]), // overlong NUL
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // encoded surrogate
  Buffer.from('{"a":"\xff\xfe"}', 'latin1'),
  Buffer.from([0x1f, 0x8b, 0x08, 0x00]), // a gzip header, nothing else
];

// ---------- multipart ----------

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const FILE_BYTES: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(
    PDF,
    Buffer.from('{\\rtf1\\ansi Резюме}'),
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), // an OLE2 header, nothing more
    Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(22), Buffer.from([17, 0, 0, 0]), Buffer.from('word/document.xml')]),
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), // an executable called cv.pdf
    Buffer.from('id,fio\n1,Иванов\n'),
    Buffer.from('{"fio":"Иванов"}\n{"fio":'),
    Buffer.alloc(0),
    Buffer.from('\r\n--'),
  ),
  fc.uint8Array({ maxLength: 3000 }).map((b) => Buffer.from(b)),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => Buffer.concat([PDF, Buffer.alloc(n, 0x20)])),
);
const FILE_NAMES = ['cv.pdf', 'резюме.docx', 'import.jsonl', 'import.csv', '', '../../etc/passwd', 'a"b.pdf', 'x\r\nContent-Type: text/html', '%00.rtf', 'CON', `${'я'.repeat(300)}.pdf`, '😀.doc'];
const FIELD_NAMES = ['__proto__', 'constructor', '', 'a"b', 'x\r\ny', 'файл', 'f'.repeat(300), 'file[]', 'consent'];
const PART_TYPES = ['application/pdf', 'text/plain', 'application/octet-stream', '', 'multipart/mixed; boundary=inner', 'text/plain; charset=koi8-r'];

type Part = { name: string; filename?: string; type?: string; data: Buffer };

/** The declared fields as strings (right, wrong or huge), a few files, extra and hostile parts. */
function partsArb(note: MultipartNote): fc.Arbitrary<Part[]> {
  const declared = Object.entries(note.fields.properties ?? {}).map(([name, schema]) =>
    fc.option(
      fieldValue(schema, 1).map((v): Part => ({ name, data: Buffer.from(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)) })),
      { freq: 5, nil: undefined },
    ),
  );
  const file = fc
    .record({
      name: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...note.files) }, { weight: 1, arbitrary: fc.constantFrom(...FIELD_NAMES) }),
      filename: fc.option(fc.constantFrom(...FILE_NAMES), { freq: 8, nil: undefined }),
      type: fc.option(fc.constantFrom(...PART_TYPES), { freq: 2, nil: undefined }),
      data: FILE_BYTES,
    })
    .map((p): Part => ({ ...p }));
  const extra = fc.tuple(fc.constantFrom(...FIELD_NAMES), oddString).map(([name, v]): Part => ({ name, data: Buffer.from(v) }));
  return fc
    .tuple(fc.tuple(...declared), fc.array(file, { maxLength: 3 }), fc.array(extra, { maxLength: 2 }))
    .map(([fields, files, extras]) => [...fields.filter((p): p is Part => p !== undefined), ...files, ...extras]);
}

/** How the form is spoiled on the wire, if at all. */
const SPOILS = [
  'none',
  'none',
  'none',
  'no closing boundary',
  'cut mid-part',
  'LF line ends',
  'no boundary in the header',
  'another boundary in the header',
  'quoted boundary',
  'boundary of 200 characters',
  'garbage before the first part',
  'a part without Content-Disposition',
  'a header line of 20 000 characters',
  'charset=koi8-r',
  'the body of JSON',
  'empty body',
] as const;

function multipartArb(note: MultipartNote): fc.Arbitrary<Body> {
  return fc
    .record({ parts: partsArb(note), spoil: fc.constantFrom(...SPOILS), boundary: fc.constantFrom('----hrSweep7MA4YWxk', "a'()+_,-./:=?b", 'x', 'Граница') })
    .map(({ parts, spoil, boundary: chosen }): Body => {
      const boundary = spoil === 'boundary of 200 characters' ? 'b'.repeat(200) : /^[\x20-\x7e]+$/.test(chosen) ? chosen : 'ascii-only';
      const head = (p: Part) => {
        const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
        const lines = spoil === 'a part without Content-Disposition' ? [] : [disposition];
        if (p.type) lines.push(`Content-Type: ${p.type}`);
        if (spoil === 'a header line of 20 000 characters') lines.push(`X-Long: ${'x'.repeat(20_000)}`);
        return Buffer.from(`--${boundary}\r\n${lines.join('\r\n')}\r\n\r\n`);
      };
      let chunks: Buffer[] = [];
      if (spoil === 'garbage before the first part') chunks.push(Buffer.from('преамбула\r\n--not-it\r\n'));
      for (const p of parts) chunks.push(head(p), p.data, Buffer.from('\r\n'));
      if (spoil !== 'no closing boundary') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (spoil === 'cut mid-part') payload = payload.subarray(0, Math.floor(payload.length / 2));
      if (spoil === 'LF line ends') payload = Buffer.from(payload.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
      if (spoil === 'the body of JSON') payload = Buffer.from('{"fio":"Иванов","consent":true}');
      if (spoil === 'empty body') payload = Buffer.alloc(0);
      chunks = [];
      const contentType =
        spoil === 'no boundary in the header'
          ? 'multipart/form-data'
          : spoil === 'another boundary in the header'
            ? 'multipart/form-data; boundary=someone-else'
            : spoil === 'quoted boundary'
              ? `multipart/form-data; boundary="${boundary}"`
              : spoil === 'charset=koi8-r'
                ? `multipart/form-data; boundary=${boundary}; charset=koi8-r`
                : `multipart/form-data; boundary=${boundary}`;
      return { contentType, payload, label: `multipart (${spoil}, ${parts.length} parts)` };
    });
}

function bodyArb(op: Operation): fc.Arbitrary<Body | undefined> {
  if (op.multipart) {
    const note = op.multipart;
    return fc.oneof({ weight: 3, arbitrary: multipartArb(note) }, { weight: 1, arbitrary: plainBodyArb(op) });
  }
  return plainBodyArb(op);
}

function plainBodyArb(op: Operation): fc.Arbitrary<Body | undefined> {
  const raw = fc.oneof(
    fc.constantFrom(...RAW_JSON).map((payload): Body => ({ contentType: 'application/json', payload, label: 'raw json' })),
    fc
      .tuple(fc.constantFrom(...CONTENT_TYPES), oddString)
      .map(([contentType, payload]): Body => ({ contentType, payload, label: contentType })),
    fc.constantFrom(...BYTES).map((payload): Body => ({ contentType: 'application/json', payload, label: 'bad bytes' })),
    fc
      .uint8Array({ maxLength: 120 })
      .map((b): Body => ({ contentType: 'application/json', payload: Buffer.from(b), label: 'random bytes' })),
    hugeString(400_000).map((s): Body => ({ contentType: 'application/json', payload: JSON.stringify({ text: s }), label: 'huge' })),
  );
  const notObject = anyValue.map(
    (v): Body => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null', label: 'json value' }),
  );
  if (!op.body)
    return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: notObject }, { weight: 1, arbitrary: raw });
  const asObject = objectJson(op.body).map((payload): Body => ({ contentType: 'application/json', payload, label: 'object' }));
  return fc.oneof(
    { weight: 7, arbitrary: asObject },
    { weight: 1, arbitrary: notObject },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Percent-encodes every UTF-8 byte (a lone surrogate goes out as U+FFFD, as a browser sends it). */
const encode = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, (c, i: number, all: string) => (isPaired(all, i) ? c : '\uFFFD')));
function isPaired(s: string, i: number): boolean {
  const code = s.charCodeAt(i);
  if (code <= 0xdbff) return (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
  return (s.charCodeAt(i - 1) & 0xfc00) === 0xd800;
}

const RAW_SEGMENTS = ['%00', '%zz', '%', '%E0%A4%A', '%C0%80', '%ED%A0%80', '..%2F..%2Fetc', '%2e%2e', '%20', '..', '.', '%2F', '%5C'];
const pathValue = (s: Schema | undefined) =>
  fc.oneof(
    { weight: 3, arbitrary: plausible(s).map((v) => encode(String(v))) },
    {
      weight: 3,
      arbitrary: fc.constantFrom('0', '-1', '1', '2', 'abc', '1.5', '1e3', '99999999999999999999', 'AAAAAAAAAAAAAAAAAAAAAA', 'null'),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 2, arbitrary: oddString.map(encode) },
    { weight: 1, arbitrary: hugeString(3000).map(encode) },
  );

const RAW_QUERIES = [
  '%',
  '%zz=1',
  '&&&',
  '=',
  '==&=',
  'a[b][c][d][e][f]=1',
  'page=1&page=2&page=3',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  '?',
  '#',
  'page=%00',
  'a=%ED%A0%80',
];

function queryArb(op: Operation): fc.Arbitrary<string> {
  const params = op.params.filter((p) => p.in === 'query');
  const one = (name: string, s: Schema | undefined) =>
    fc.option(
      fc.oneof(
        {
          weight: 3,
          arbitrary: fieldValue(s, 0).map((v) => [`${encode(name)}=${encode(typeof v === 'object' ? JSON.stringify(v) : String(v))}`]),
        },
        {
          weight: 1,
          arbitrary: fc.array(scalar, { minLength: 1, maxLength: 4 }).map((vs) => vs.map((v) => `${encode(name)}=${encode(String(v))}`)),
        },
        {
          weight: 1,
          arbitrary: fc.array(scalar, { minLength: 1, maxLength: 3 }).map((vs) => vs.map((v) => `${encode(name)}[]=${encode(String(v))}`)),
        },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((v) => [`${encode(name)}=${v}`]) },
      ),
      { freq: 3, nil: undefined },
    );
  return fc
    .tuple(
      fc.tuple(...params.map((p) => one(p.name, p.schema))),
      fc.array(fc.tuple(extraKey, scalar), { maxLength: 2 }),
      fc.option(fc.constantFrom(...RAW_QUERIES), { freq: 6, nil: undefined }),
    )
    .map(([declared, extra, raw]) => {
      const parts = declared.filter((d) => d !== undefined).flat();
      for (const [k, v] of extra) parts.push(`${encode(k)}=${encode(String(v))}`);
      if (raw) parts.push(raw);
      return parts.length ? `?${parts.join('&')}` : '';
    });
}

/** Stands in a path for an id the sweep made (a published vacancy), so a form reaches its parser. */
export const KNOWN_ID = '__known_id__';

function caseArb(op: Operation): fc.Arbitrary<Case> {
  const names = [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const pathParams = fc.tuple(
    ...names.map((n) => {
      const random = pathValue(op.params.find((p) => p.in === 'path' && p.name === n)?.schema);
      return op.multipart ? fc.oneof({ weight: 4, arbitrary: fc.constant(KNOWN_ID) }, { weight: 1, arbitrary: random }) : random;
    }),
  );
  return fc
    .record({
      who: fc.constantFrom<Who>('visitor', 'member', 'admin'),
      values: pathParams,
      query: queryArb(op),
      body: bodyArb(op),
      accept: fc.constantFrom('application/json', 'application/json', '*/*', 'text/html', 'text/csv', ''),
    })
    .map(({ who, values, query, body, accept }) => {
      let i = 0;
      const path = op.template.replace(/\{[^}]+\}/g, () => values[i++] as string);
      return { op, who, path, query, body, accept };
    });
}

/** What sweepCases gives the form routes: four turns each among all turns, a form body three times in four. */
function multipartShare(ops: Operation[]): number {
  const forms = ops.filter((op) => op.multipart).length;
  return ((4 * forms) / (ops.length + 3 * forms)) * 0.75;
}

/** `count` cases, the operations taking turns so each gets its share; the same seed gives the same cases. */
export function sweepCases(ops: Operation[], count: number, seed: number): Case[] {
  // A form route takes four turns to one of the others: its parser and its files have the most to break.
  const turns = ops.flatMap((op) => (op.multipart ? [op, op, op, op] : [op]));
  const perOp = Math.ceil(count / turns.length);
  const lists = turns.map((op, i) => fc.sample(caseArb(op), { seed: seed + i * 7919, numRuns: perOp }));
  const cases: Case[] = [];
  for (let k = 0; cases.length < count; k++) for (const list of lists) if (cases.length < count && list[k]) cases.push(list[k] as Case);
  return cases;
}

// ---------- clients ----------

/** Cookies as a browser keeps them; the XSRF header is always the cookie's value. */
class Jar {
  cookies = new Map<string, string>();
  readonly ip = `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
  header(): Record<string, string> {
    const h: Record<string, string> = {};
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) h['x-xsrf-token'] = xsrf;
    return h;
  }
  keep(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

type Account = { jar: Jar; email?: string; password?: string };

async function call(app: FastifyInstance, jar: Jar, method: string, url: string, body?: unknown) {
  const res = await app.inject({
    method: method as 'POST',
    url,
    remoteAddress: jar.ip,
    headers: { accept: 'application/json', ...jar.header() },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  jar.keep(res);
  return res;
}

async function signIn(app: FastifyInstance, account: Account): Promise<void> {
  account.jar.cookies.clear();
  await call(app, account.jar, 'GET', '/sanctum/csrf-cookie');
  if (!account.email) return;
  const res = await call(app, account.jar, 'POST', '/login', { email: account.email, password: account.password, remember: true });
  if (res.statusCode !== 200) throw new Error(`sweep: login of ${account.email} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
}

/** Every option but the one that silences reply notifications: the widest view of the site. */
const ALL_FLAGS = ACCESS_FLAGS.filter((f) => f !== 'not_reply_notify');

/** A visitor, a member with every option and an administrator, each on its own address. */
async function accounts(app: FastifyInstance, database: Database): Promise<Record<Who, Account>> {
  const make = async (type: 'resident' | 'admin'): Promise<Account> => {
    const jar = new Jar();
    const email = `sweep-${randomUUID().slice(0, 8)}@example.ru`;
    const password = 'secret123';
    await call(app, jar, 'GET', '/sanctum/csrf-cookie');
    const digits = `9${randomInt(10, 99)}${randomInt(1_000_000, 9_999_999)}`;
    const res = await call(app, jar, 'POST', '/register', {
      fio: 'Проверкина Анна Сергеевна',
      email,
      phone: `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
      password,
      password_confirmation: password,
      company: 'ООО «Проверка»',
      position: 'HR-менеджер',
      city_name: 'Москва',
      company_people_count: '51-150',
      profession_area: 'Подбор персонала',
      is_resident: false,
      has_consultation: false,
    });
    if (res.statusCode !== 200) throw new Error(`sweep: register answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    await database.db
      .update(users)
      .set({ flags: [...ALL_FLAGS], accountType: type, profileConfirmedAt: new Date() })
      .where(eq(users.email, email));
    const account = { jar, email, password };
    await signIn(app, account);
    return account;
  };
  const visitor: Account = { jar: new Jar() };
  await signIn(app, visitor);
  return { visitor, member: await make('resident'), admin: await make('admin') };
}

/** A vacancy open for replies, so the form route's bodies reach its parser and its storage. */
async function publishedVacancy(app: FastifyInstance, member: Account): Promise<string> {
  const res = await call(app, member.jar, 'POST', '/api/vacancy', {
    title: 'Вакансия для проверки',
    city: '1069',
    description: `<p>${'Ищем специалиста по подбору персонала в команду, задачи и условия ниже. '.repeat(4)}</p>`,
    status: 'published',
  });
  if (res.statusCode !== 200) throw new Error(`sweep: vacancy answered ${res.statusCode} ${res.body.slice(0, 300)}`);
  return String((res.json() as { res: { id: number } }).res.id);
}

// ---------- the sweep ----------

export type SweepReport = {
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  byWho: Record<Who, number>;
  /** Requests whose body was a multipart/form-data form (the form routes' own bodies). */
  multipart: number;
  /** The share of the requests that the form routes' turns would give multipart bodies (their 4 turns, 3 in 4 a form). */
  multipartExpectedShare: number;
  /** Every 5xx, hang or thrown error: what was sent and what came back. */
  failures: string[];
  ms: number;
};

const REQUEST_TIMEOUT_MS = 15_000;

export async function runSweep(
  app: FastifyInstance,
  database: Database,
  opts: { count: number; seed: number; concurrency?: number; onProgress?: (done: number) => void },
): Promise<SweepReport> {
  const started = Date.now();
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const ops = operationsOf(doc);
  const cases = sweepCases(ops, opts.count, opts.seed);
  const report: SweepReport = {
    operations: ops.length,
    requests: 0,
    byStatus: {},
    byWho: { visitor: 0, member: 0, admin: 0 },
    multipart: 0,
    multipartExpectedShare: multipartShare(ops),
    failures: [],
    ms: 0,
  };
  const workers = Math.max(1, opts.concurrency ?? 2);
  let next = 0;

  const worker = async () => {
    const who = await accounts(app, database);
    const knownId = await publishedVacancy(app, who.member);
    for (let i = next++; i < cases.length; i = next++) {
      const c = { ...(cases[i] as Case) };
      c.path = c.path.replaceAll(KNOWN_ID, knownId);
      const account = who[c.who];
      const headers: Record<string, string> = { ...account.jar.header() };
      if (c.accept) headers.accept = c.accept;
      if (c.body?.contentType) headers['content-type'] = c.body.contentType;
      const what =
        `${c.who} ${c.op.method} ${c.path}${c.query}`.slice(0, 300) +
        (c.body ? ` [${c.body.label}] ${String(c.body.payload).slice(0, 120)}` : '');
      let res: LightMyRequestResponse | undefined;
      let timer: NodeJS.Timeout | undefined;
      try {
        res = await Promise.race([
          app.inject({
            method: c.op.method as 'GET',
            url: c.path + c.query,
            headers,
            remoteAddress: account.jar.ip,
            ...(c.body ? { payload: c.body.payload } : {}),
          }),
          new Promise<undefined>((resolve) => {
            timer = setTimeout(() => resolve(undefined), REQUEST_TIMEOUT_MS);
          }),
        ]);
      } catch (err) {
        report.failures.push(`${what} → threw ${(err as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
      report.requests++;
      report.byWho[c.who]++;
      if (c.body?.label.startsWith('multipart')) report.multipart++;
      const status = res ? String(res.statusCode) : 'timeout';
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      if (!res) report.failures.push(`${what} → no answer in ${REQUEST_TIMEOUT_MS} ms`);
      else {
        if (res.statusCode >= 500) report.failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        account.jar.keep(res);
        // A fuzzed logout (or a revoked session) signs the account out: sign it back in.
        if (account.email && (res.statusCode === 401 || !account.jar.cookies.has('hr_session'))) await signIn(app, account);
        if (!account.jar.cookies.has('XSRF-TOKEN')) await signIn(app, account);
      }
      opts.onProgress?.(report.requests);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  report.ms = Date.now() - started;
  return report;
}
