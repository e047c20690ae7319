import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * Answers written by a serializer compiled from each route's response schema (fast-json-stringify)
 * instead of a zod parse followed by JSON.stringify: the same JSON, at a fraction of the CPU (its
 * required properties first: an object's keys may come in another order).
 *
 * Both write only the declared properties (a field an answer object carries but its schema does
 * not declare — a password hash, a hidden contact — never reaches the wire). A schema whose output
 * zod would change (a transform, a default, a pipe, a date…) or that JSON Schema cannot state
 * exactly is answered by zod as before; so is every answer of a route whose schema fails to compile.
 */

type Schema = $ZodType | { properties: $ZodType };
type Serialize = (data: unknown) => string;

/** zod kinds whose parsed output is the input minus undeclared keys, which a JSON Schema states exactly. */
const FAITHFUL = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'any',
  'unknown',
  'object',
  'array',
  'union',
  'record',
  'enum',
  'literal',
  'nullable',
  'optional',
  'lazy',
  'readonly',
  'template_literal',
]);

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  options?: $ZodType[];
  keyType?: $ZodType;
  valueType?: $ZodType;
  innerType?: $ZodType;
  getter?: () => $ZodType;
  checks?: unknown[];
};
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** Whether every part of the schema is of a FAITHFUL kind (recursive schemas are visited once). */
export function isFaithful(root: $ZodType): boolean {
  const seen = new Set<$ZodType>();
  const stack = [root];
  for (let schema = stack.pop(); schema; schema = stack.pop()) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    const def = defOf(schema);
    if (!FAITHFUL.has(def.type)) return false;
    switch (def.type) {
      case 'object': {
        // A passthrough or catch-all object keeps keys it does not declare: not for the compiled path.
        if (def.catchall && defOf(def.catchall).type !== 'never') return false;
        stack.push(...Object.values(def.shape ?? {}));
        break;
      }
      case 'array':
        if (def.element) stack.push(def.element);
        break;
      case 'union':
        stack.push(...(def.options ?? []));
        break;
      case 'record': {
        // Only free string keys: an enum-keyed record is checked by zod key by key.
        const key = def.keyType ? defOf(def.keyType) : undefined;
        if (key?.type !== 'string' || key.checks?.length) return false;
        if (def.valueType) stack.push(def.valueType);
        break;
      }
      case 'nullable':
      case 'optional':
      case 'readonly':
        if (def.innerType) stack.push(def.innerType);
        break;
      case 'lazy':
        if (def.getter) stack.push(def.getter());
        break;
    }
  }
  return true;
}

type Json = { [key: string]: unknown };
/** Any key of a record but `__proto__`. */
const RECORD_KEY = '^(?!__proto__$)';
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The zod JSON Schema made ready for fast-json-stringify:
 * - `additionalProperties: false` dropped — fast-json-stringify writes the declared properties only
 *   either way, and a union's branch is then chosen as zod chooses it (extra keys ignored, not a mismatch);
 * - `anyOf: [X, {type: 'null'}]` → X with `nullable: true` (a null check instead of a validation per value);
 * - a record's values under a pattern that leaves out `__proto__`, as zod does.
 */
export function adaptJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adaptJsonSchema);
  if (!isJson(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    if (key === 'additionalProperties' && value === false) continue;
    // fast-json-stringify would write a default for a missing key; zod's output never has one here.
    if (key === 'default') continue;
    // Keys under `properties`/`definitions` are names, not keywords: only their values are schemas.
    out[key] = key === 'properties' || key === 'definitions' ? mapValues(value) : adaptJsonSchema(value);
  }
  // A record: zod leaves out an own `__proto__` key (a field name taken from a request may be one);
  // fast-json-stringify writes only the keys its pattern matches.
  if (isJson(out.additionalProperties) && !out.properties) {
    out.patternProperties = { [RECORD_KEY]: out.additionalProperties };
    delete out.additionalProperties;
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => isJson(s) && s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt !== -1 && isJson(other) && typeof other.type === 'string' && !('$ref' in other) && !('anyOf' in other) && !('oneOf' in other)) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

const mapValues = (value: unknown) =>
  isJson(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, adaptJsonSchema(v)])) : value;

/** The compiled serializer of a schema, or undefined when zod must answer for it. */
export function compileFast(schema: $ZodType): Serialize | undefined {
  if (!isFaithful(schema)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' });
    return fastJson(adaptJsonSchema(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

const resolve = (schema: Schema): $ZodType => ('properties' in schema && !('_zod' in schema) ? schema.properties : (schema as $ZodType));

export type ResponseSerializerOptions = {
  /**
   * Also serialise each answer through zod and fail (a 500) unless both write the same JSON value
   * (the compiled path writes the required properties first; the order of keys may differ): the tests
   * run with it, so every answer they see proves the compiled path writes what zod would.
   */
  verify?: boolean;
};

/**
 * Fastify's serializer compiler for the routes' zod response schemas. A route's serializer is built
 * on its first answer (most routes of a test file never answer; a server's startup stays short),
 * once per schema object.
 */
export function responseSerializerCompiler(opts: ResponseSerializerOptions = {}): FastifySerializerCompiler<Schema> {
  // null: the schema is answered by zod.
  const compiled = new WeakMap<$ZodType, Serialize | null>();
  return (route) => {
    const schema = resolve(route.schema);
    const viaZod = zodSerializerCompiler(route) as Serialize;
    let serialize: Serialize | undefined;
    return (data) => {
      if (!serialize) {
        let fast = compiled.get(schema);
        if (fast === undefined) {
          fast = compileFast(schema) ?? null;
          compiled.set(schema, fast);
        }
        serialize = fast ?? viaZod;
      }
      if (!opts.verify || serialize === viaZod) return serialize(data);
      const fast = serialize(data);
      const reference = viaZod(data);
      if (fast !== reference && !isDeepStrictEqual(JSON.parse(fast), JSON.parse(reference))) {
        throw new Error(`compiled answer of ${route.method} ${route.url} ${route.httpStatus} differs from zod's:\n${fast}\n${reference}`);
      }
      return fast;
    };
  };
}
