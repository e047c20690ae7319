import {
  cityOption,
  cityQuery,
  DICTIONARY_NAMES,
  DICTIONARY_VERSION_HEADER,
  dictionary,
  dictionaryEtag,
  dictionaryVersionAnswer,
  dictionaryVersionParams,
  errorBody,
  paginated,
  roleSearchAnswer,
  roleSearchQuery,
  success,
} from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { dictionaryDocuments } from './dictionary.document.ts';
import { notModified, sendPrebuilt } from './dictionary.http.ts';
import { normalizeDictionaryNames, searchCities, unknownDictionaryMessage } from './dictionary.service.ts';
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

/** An old (or unknown) version of the versioned document. */
const VERSION_GONE = 'Эта версия справочников больше не действует: запросите текущую';

/** Routes whose answer cannot depend on who asks: the session's user is not looked up. */
const PUBLIC = { user: false } as const;

/** GET /api/dictionary, its version and versioned document, GET /api/auth/register/city (prefix `/api`). */
export function dictionaryRoutes(ctx: AppContext): FastifyPluginAsync {
  const documents = dictionaryDocuments(ctx.database);
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/dictionary',
      {
        config: PUBLIC,
        schema: {
          tags: ['dictionary'],
          summary: 'Reference dictionaries (SEED 3), each with its last update time',
          description:
            'Prebuilt per version: a strong ETag (`dictionaryEtag` of the contract; `-br`/`-gz` inside the quotes for the ' +
            'compressed copies) and `X-Dictionary-Version`; If-None-Match with the current tag answers 304 without a body. ' +
            '`Cache-Control: no-cache`: the client decides when to revalidate (SEED 7: after an hour).',
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
        const names = request.query.fields ?? [];
        const snapshot = await documents.current();
        reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').header(DICTIONARY_VERSION_HEADER, snapshot.version);
        if (notModified(request, reply, dictionaryEtag(snapshot.version, names))) return reply;
        return sendPrebuilt(request, reply, await documents.prebuilt(snapshot, names));
      },
    );

    r.get(
      '/dictionary/version',
      {
        config: PUBLIC,
        schema: {
          tags: ['dictionary'],
          summary: 'The current version of the dictionaries, for GET /api/dictionary/v/{version}',
          response: { 200: success(dictionaryVersionAnswer) },
        },
      },
      async (_request, reply) => {
        const { version } = await documents.current();
        reply.header('Cache-Control', 'no-cache');
        return ok({ version });
      },
    );

    r.get(
      '/dictionary/v/:version',
      {
        config: PUBLIC,
        schema: {
          tags: ['dictionary'],
          summary: 'Every dictionary at one version: immutable, cached for a year',
          description:
            'The same document as GET /api/dictionary without fields. Another version than the current one (an old one) ' +
            'answers 404, never a redirect: two instances of different releases behind one address would send a caller ' +
            'back and forth; the caller asks GET /api/dictionary/version again.',
          params: dictionaryVersionParams,
          response: { 200: success(z.record(z.string(), dictionary)), 404: errorBody },
        },
      },
      async (request, reply) => {
        const snapshot = await documents.current();
        if (request.params.version !== snapshot.version) {
          reply.header('Cache-Control', 'no-store');
          throw new AppError('not_found', VERSION_GONE);
        }
        reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Vary', 'Accept-Encoding')
          .header(DICTIONARY_VERSION_HEADER, snapshot.version);
        if (notModified(request, reply, dictionaryEtag(snapshot.version))) return reply;
        return sendPrebuilt(request, reply, await documents.prebuilt(snapshot, []));
      },
    );

    r.get(
      '/dictionary/role',
      {
        schema: {
          tags: ['dictionary'],
          summary: "Professional roles (roleTree leaves) by any word's beginning of their title or another name; 20 at most",
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
