import { cityOption, cityQuery, DICTIONARY_NAMES, dictionary, paginated, roleSearchAnswer, roleSearchQuery, success } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getDictionaries, normalizeDictionaryNames, searchCities, unknownDictionaryMessage } from './dictionary.service.ts';
import { ok } from '../../lib/envelope.ts';
import { searchRoles } from './dictionary.roles.ts';

/**
 * `fields` after normalisation: the client sends `fields[]=a&fields[]=b` (SEED 7); `fields=a`,
 * `fields=a&fields=b` and `fields=a,b` are accepted too. No fields: every dictionary.
 */
const dictionaryQuerystring = z.object({
  fields: z
    .array(z.enum(DICTIONARY_NAMES, { error: (issue) => unknownDictionaryMessage(String(issue.input)) }))
    .optional()
    .describe('Names of the dictionaries (repeatable, also as `fields[]`); none: all'),
});

const ANSWER_TTL_MS = 60_000;

/** GET /api/dictionary and GET /api/auth/register/city (registered with prefix `/api`). */
export function dictionaryRoutes(ctx: AppContext): FastifyPluginAsync {
  const answers = new LRUCache<string, string>({ max: 200, ttl: ANSWER_TTL_MS });
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/dictionary',
      {
        schema: {
          tags: ['dictionary'],
          summary: 'Reference dictionaries (SEED 3), each with its last update time',
          querystring: dictionaryQuerystring,
          response: { 200: success(z.record(z.string(), dictionary)) },
        },
        preValidation: async (request) => {
          const query = (request.query ?? {}) as Record<string, unknown>;
          const raw = [query['fields[]'], query.fields].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
          delete query['fields[]'];
          const names = normalizeDictionaryNames(raw);
          if (names.length) query.fields = names;
          else delete query.fields;
          request.query = query;
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-cache');
        const names = request.query.fields ?? [];
        // Dictionaries change only when seeded: the answer (already allow-listed by the schema once)
        // is kept as JSON text for a minute, so a hot call skips the query and the serialisation.
        const key = names.join(',');
        const hit = answers.get(key);
        if (hit !== undefined) return reply.type('application/json; charset=utf-8').send(hit as never);
        const res = await getDictionaries(ctx.database, names);
        const answer = success(z.record(z.string(), dictionary)).parse(ok(res));
        const json = JSON.stringify(answer);
        answers.set(key, json);
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );

    r.get(
      '/dictionary/role',
      {
        schema: {
          tags: ['dictionary'],
          summary: 'Professional roles (roleTree leaves) by any word\'s beginning of their title or another name; 20 at most',
          querystring: roleSearchQuery,
          response: { 200: success(roleSearchAnswer) },
        },
      },
      async (request) => ok({ data: await searchRoles(ctx.database, request.query.search) }),
    );

    r.get(
      '/auth/register/city',
      {
        schema: {
          tags: ['dictionary'],
          summary: 'City autocomplete: prefix matches, then typo-tolerant matches; 20 per page',
          querystring: cityQuery,
          response: { 200: success(paginated(cityOption)) },
        },
      },
      async (request) => {
        const res = await searchCities(ctx.database, { search: request.query.search, page: request.query.page });
        return ok(res);
      },
    );
  };
}
