import {
  errorBody,
  rowId,
  success,
  TEAM_MSG,
  team,
  teamAnswerBody,
  teamInviteAnswer,
  teamInviteCreateBody,
  teamInviteCreated,
  teamInviteIdParam,
  teamJoinBody,
  teamMemberCandidate,
  teamMemberSearchQuery,
  emptyAnswer,
} from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import {
  answerInvite,
  askToJoin,
  cancelInvite,
  findTeamCandidates,
  getTeam,
  inviteToTeam,
  leaveTeam,
  removeMember,
} from './team.service.ts';
import { ok } from '../../lib/envelope.ts';
import { authorizeTeam } from './team.policy.ts';

const tags = ['team'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };

export function teamRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get('/', { schema: { tags, response: { 200: success(team), ...errors } } }, async (request) => ok(await getTeam(ctx, currentUser(request))));

    app.post(
      '/invite',
      { schema: { tags, body: teamAnswerBody, response: { 200: success(teamInviteAnswer), ...errors } } },
      async (request) => {
        const res = await answerInvite(ctx, currentUser(request), request.body.id, request.body.status as 0 | 1);
        const what = res.direction === 'join' ? 'Запрос' : 'Приглашение';
        return ok({ accepted: res.accepted }, `${what} ${res.accepted ? 'принят' : 'отклонен'}${res.direction === 'join' ? '' : 'о'}`);
      },
    );

    app.post(
      '/invite/create',
      { schema: { tags, body: teamInviteCreateBody, response: { 200: success(teamInviteCreated), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeTeam(user, 'invite');
        return ok(await inviteToTeam(ctx, user, request.body), 'Приглашение отправлено');
      },
    );

    // The inviter takes back a pending invitation or join request; anyone else's: 404.
    app.delete(
      '/invite/:id',
      { schema: { tags, params: teamInviteIdParam, response: { 200: success(emptyAnswer), ...errors } } },
      async (request) => {
        const { direction } = await cancelInvite(ctx, currentUser(request), request.params.id);
        return ok({}, direction === 'invite' ? TEAM_MSG.inviteCancelled : TEAM_MSG.joinCancelled);
      },
    );

    // A lead finds club members by name (or exact e-mail) to invite them; others: 403.
    app.get(
      '/candidates',
      { schema: { tags, querystring: teamMemberSearchQuery, response: { 200: success(z.array(teamMemberCandidate)), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeTeam(user, 'find_members');
        return ok(await findTeamCandidates(ctx, user, request.query.search));
      },
    );

    app.post(
      '/join',
      { schema: { tags, body: teamJoinBody, response: { 200: success(teamInviteCreated), ...errors } } },
      async (request) => ok(await askToJoin(ctx, currentUser(request), request.body.lead_id), 'Запрос отправлен руководителю команды'),
    );

    app.delete(
      '/member/:id',
      { schema: { tags, params: z.object({ id: rowId() }), response: { 200: success(emptyAnswer), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeTeam(user, 'remove_member');
        await removeMember(ctx, user, request.params.id);
        return ok({}, 'Участник исключён из команды');
      },
    );

    app.post('/leave', { schema: { tags, response: { 200: success(emptyAnswer), ...errors } } }, async (request) => {
      await leaveTeam(ctx, currentUser(request));
      return ok({}, 'Вы вышли из команды');
    });
  };
}
