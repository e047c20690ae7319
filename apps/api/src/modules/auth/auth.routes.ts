import {
  authCheckBody,
  codeBody,
  errorBody,
  forgotBody,
  loginBody,
  loginChannels,
  loginCheckBody,
  MSG,
  registerAnswer,
  registerBody,
  resetBody,
  success,
  emptyAnswer,
} from '@hr/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { revokeRealtime } from '../../plugins/realtime-socket.ts';
import { auditedLogin } from '../audit/audit.login.ts';
import {
  type Caller,
  checkLoginCode,
  checkPasswordLogin,
  deviceNonce,
  mintDeviceMark,
  register,
  requestPasswordReset,
  resetPassword,
  sendLoginCode,
} from './auth.service.ts';
import { ok } from '../../lib/envelope.ts';

const empty = emptyAnswer;
const errors = { 401: errorBody, 419: errorBody, 422: errorBody, 429: errorBody };
const tags = ['auth'];

/** Marks a browser that signed in to an account (see `mintDeviceMark`); sent only to `/login`. */
const DEVICE_COOKIE = 'hr_device';
const DEVICE_MARK_DAYS = 365;

/** The CSRF check has already made sure a session id exists on every state-changing call. */
function callerOf(request: FastifyRequest): Caller {
  if (!request.sid) throw new AppError('csrf');
  return { ip: request.ip, sid: request.sid, device: request.cookies[DEVICE_COOKIE] };
}

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const { sessions } = ctx;

    /** After a correct sign-in: keep the browser's mark for this account, or give it one. */
    const markDevice = (request: FastifyRequest, reply: FastifyReply, email: string) => {
      if (deviceNonce(ctx, email, request.cookies[DEVICE_COOKIE])) return;
      reply.setCookie(DEVICE_COOKIE, mintDeviceMark(ctx, email), {
        path: '/login',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.secureCookies,
        maxAge: DEVICE_MARK_DAYS * 86400,
      });
    };

    // Answers from the session id alone: who is signed in is not looked up.
    app.get('/sanctum/csrf-cookie', { schema: { tags, summary: 'Issue the session and XSRF-TOKEN cookies' }, config: { user: false } }, async (request, reply) => {
      sessions.ensureSession(request, reply);
      // Sent again even when the session exists, in case the page lost the readable cookie.
      reply.setCookie('XSRF-TOKEN', sessions.csrfFor(request.sid as string), { path: '/', sameSite: 'lax', secure: ctx.config.secureCookies });
      return reply.code(204).send();
    });

    app.post('/login', { schema: { tags, body: loginBody, response: { 200: success(empty), ...errors } } }, async (request, reply) => {
      const user = await auditedLogin(ctx, request, 'password', () => checkPasswordLogin(ctx, callerOf(request), request.body.email, request.body.password));
      await sessions.startSession(request, reply, user, request.body.remember);
      markDevice(request, reply, user.email);
      return ok({});
    });

    app.post('/logout', { schema: { tags, response: { 200: success(empty), 419: errorBody } } }, async (request, reply) => {
      const userId = request.user?.id;
      const ended = request.sid;
      await sessions.endSession(request, reply);
      // Sockets subscribed with this session's tokens stop now, not when their token runs out.
      if (userId !== undefined && ended) await revokeRealtime(ctx.realtime, userId, { only: ended });
      return ok({});
    });

    app.post('/register', { schema: { tags, body: registerBody, response: { 200: success(registerAnswer), ...errors } } }, async (request, reply) => {
      const outcome = await register(ctx, callerOf(request), request.body);
      if (outcome.kind === 'existing') {
        return ok({ user: { email: outcome.email, phone: outcome.phone } });
      }
      await sessions.startSession(request, reply, outcome.user, false);
      return ok({});
    });

    app.post('/password/email', { schema: { tags, body: forgotBody, response: { 200: success(empty), ...errors } } }, async (request) => {
      await requestPasswordReset(ctx, callerOf(request), request.body.email);
      return ok({}, MSG.resetSent);
    });

    app.post('/password/reset', { schema: { tags, body: resetBody, response: { 200: success(empty), ...errors } } }, async (request, reply) => {
      const user = await resetPassword(ctx, callerOf(request), request.body);
      await sessions.endAllSessionsOf(user.id);
      await revokeRealtime(ctx.realtime, user.id);
      await sessions.startSession(request, reply, user, false);
      markDevice(request, reply, user.email);
      return ok({}, MSG.passwordChanged);
    });

    app.post('/api/auth/login/check', { schema: { tags, body: loginCheckBody, response: { 200: success(loginChannels), ...errors } } }, async (request) => {
      const res = await sendLoginCode(ctx, callerOf(request), request.body.email);
      return ok(res);
    });

    app.post('/api/auth/code', { schema: { tags, body: codeBody, response: { 200: success(empty), ...errors } } }, async (request, reply) => {
      const user = await auditedLogin(ctx, request, 'code', () => checkLoginCode(ctx, callerOf(request), request.body.code));
      await sessions.startSession(request, reply, user, false);
      markDevice(request, reply, user.email);
      return ok({});
    });

    // The route guard's question «am I signed in?», asked with the page's CSRF token.
    app.post('/api/auth/check', { schema: { tags, body: authCheckBody.nullish(), response: { 200: success(empty), 401: errorBody, 419: errorBody } } }, async (request) => {
      if (!request.user) throw new AppError('unauthenticated');
      return ok({});
    });
  };
}
