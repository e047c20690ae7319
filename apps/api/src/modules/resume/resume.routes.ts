import { errorBody, paginated, resumeCard, resumeContacts, resumeFull, resumeHashParam, success } from '@hr/contract';
import { resumeVisitor } from '@hr/contract/resume-visitor';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { audit } from '../audit/audit.ts';
import { pageQuery } from '@hr/contract/pagination';
import { authorizeResume } from './resume.policy.ts';
import { openContacts, popularResumes, viewResume } from './resume.service.ts';
import { visitorResume } from './resume.visitor.ts';
import { signalsRoutes } from './signals/signals.routes.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['resume'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody, 429: errorBody };

/** Resume page, contacts, popular (search lives in ./search, signals and history in ./signals). */
export function resumeRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // «Уже в работе у коллег» and the history (PRODUCT 10).
    await app.register(signalsRoutes(ctx));

    app.get(
      '/popular',
      { preHandler: requireUser, schema: { tags, querystring: pageQuery, response: { 200: success(paginated(resumeCard)), ...errors } } },
      async (request) => ok(await popularResumes(ctx, currentUser(request), request.query.page, request.query.per_page)),
    );

    app.get(
      '/:hash',
      { preHandler: requireUser, schema: { tags, params: resumeHashParam, response: { 200: success(resumeFull), ...errors } } },
      async (request) => ok(await viewResume(ctx, currentUser(request), request.params.hash)),
    );

    // Anyone (a shared link, a search card): the resume without who the candidate is (PRODUCT 9).
    app.get(
      '/:hash/public',
      { schema: { tags, params: resumeHashParam, response: { 200: success(resumeVisitor), 404: errorBody } } },
      async (request) => ok(await visitorResume(ctx, request.params.hash)),
    );

    app.post(
      '/:hash/contacts',
      { preHandler: requireUser, schema: { tags, params: resumeHashParam, response: { 200: success(resumeContacts), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeResume(user, 'open_contacts');
        const res = await openContacts(ctx, user, request.params.hash);
        await audit(ctx, { actorId: user.id, action: 'resume.contacts_open', objectType: 'resume', objectId: request.params.hash, ip: request.ip });
        return ok(res);
      },
    );
  };
}
