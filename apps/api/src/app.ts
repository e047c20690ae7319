import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createSearchRuntime } from './modules/resume/search/search.runtime.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createMailer } from './lib/mailer.ts';
import { postgresFileStorage } from './lib/file-storage.ts';
import { queuedMail } from './lib/mail.ts';
import { publicSiteReasons } from './seed/demo-policy.ts';
import { JobQueue } from './lib/queue.ts';
import { runCleanup } from './jobs/cleanup.ts';
import type { JobHandlers } from './jobs/registry.ts';
import { runImportJob } from './modules/admin/admin.imports.ts';
import { issueLoginCode } from './modules/auth/auth.service.ts';
import { remindRequester } from './modules/review/review.requests.ts';
import { runDigestPass } from './modules/autosearch/digest/digest.service.ts';
import { autosearchUnsubscribeRoutes } from './modules/autosearch/autosearch.unsubscribe.routes.ts';
import { sendTelegramJob } from './modules/telegram/telegram.service.ts';
import { Outage } from './lib/outage.ts';
import { databaseRateLimiter, redisWithFallback } from './lib/rate-limiter.ts';
import { RealtimeHub } from './lib/realtime.ts';
import { onPersonalDataDeleted } from './lib/personal-data-caches.ts';
import { loggerOptions, logRequests } from './lib/logger.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { connectRedis } from './lib/redis.ts';
import { adminRoutes, selfExportRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes.ts';
import { seedDictionaries } from './modules/dictionary/dictionary.seed.ts';
import { errorReportRoutes } from './modules/errors/errors.routes.ts';
import { favouriteRoutes } from './modules/favourite/favourite.routes.ts';
import { autosearchRoutes } from './modules/autosearch/autosearch.routes.ts';
import { resumeRoutes } from './modules/resume/resume.routes.ts';
import { exportRoutes } from './modules/resume/export/export.routes.ts';
import { searchRoutes } from './modules/resume/search/search.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { registerAdmission } from './plugins/admission.ts';
import { API_COMPRESSION, registerAnswerCompression } from './plugins/compression.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { registerRequestShape } from './plugins/request-shape.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { helmetOptions, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions, createSessionTools } from './plugins/session.ts';
import { registerRealtimeSocket } from './plugins/realtime-socket.ts';
import { notifyRoutes } from './modules/notify/notify.routes.ts';
import { telegramRoutes } from './modules/telegram/telegram.routes.ts';
import { educationRoutes } from './modules/education/education.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { vacancyRoutes } from './modules/vacancy/vacancy.routes.ts';
import { registerSpa } from './plugins/spa.ts';
import { onResumesChanged } from './lib/search-caches.ts';
import { analyticsRoutes } from './modules/pipeline/analytics.routes.ts';
import { bulkRoutes } from './modules/pipeline/bulk.routes.ts';
import { duplicatesRoutes } from './modules/pipeline/duplicates.routes.ts';
import { interviewsRoutes } from './modules/pipeline/interviews.routes.ts';
import { stagesRoutes } from './modules/pipeline/stages.routes.ts';
import { templatesRoutes } from './modules/pipeline/templates.routes.ts';
import { remindInterview } from './modules/pipeline/interviews.reminder.ts';
import { sendTrackedMail } from './modules/pipeline/reply-message.delivery.ts';

export type BuiltApp = { app: FastifyInstance; ctx: AppContext };

/**
 * The job table: each kind of src/jobs/registry.ts with the module function that runs it. Wired
 * here, not in the registry, so lib/ and jobs/ never import a module (no import cycle).
 */
const jobHandlers: JobHandlers<AppContext> = {
  mail: (ctx, mail) => sendTrackedMail(ctx, mail),
  'telegram.message': (ctx, message) => sendTelegramJob(ctx, message),
  'auth.login_code': (ctx, p) => issueLoginCode(ctx, p),
  'review.reminder': (ctx, p) => remindRequester(ctx, p.request_id),
  'admin.resume_import': (ctx, p) => runImportJob(ctx, p.import_id),
  'autosearch.digest': async (ctx) => {
    const pass = await runDigestPass(ctx);
    if (pass.due) ctx.log.info({ pass }, 'autosearch digests done');
  },
  'interview.reminder': (ctx, p) => remindInterview(ctx, p),
  'maintenance.cleanup': async (ctx) => {
    const deleted = await runCleanup(ctx.database);
    ctx.log.info({ deleted }, 'retention cleanup done');
  },
};

export type BuildOptions = {
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /** Start the background job worker (off in tests, which run jobs by hand). */
  startWorker?: boolean;
  logger?: boolean | object;
};

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel, !config.isTest && !!process.stdout.isTTY),
    // Fastify's two lines per request give way to logRequests' one.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  logRequests(app);
  // Every request in one line, first come first served (plugins/admission.ts).
  registerAdmission(app, { concurrency: config.httpConcurrency, queueLimit: config.httpQueueLimit });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.isTest }));

  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: app.log,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    }));
  if (!opts.database) await database.migrate();
  // Never awaited: the site starts and serves with Redis down, limits falling back to the database.
  const redisOutage = new Outage('Redis', app.log);
  const redis = config.redisUrl ? connectRedis(config.redisUrl, redisOutage) : undefined;
  const limiter = redis ? redisWithFallback(redis, databaseRateLimiter(database), redisOutage) : databaseRateLimiter(database);
  const queue = new JobQueue<AppContext>(database, app.log);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    database,
    log: app.log,
    logContents: publicSiteReasons(config).length === 0,
  });
  const sessions = createSessionTools(config, database);
  const realtime = new RealtimeHub(config.sessionSecret, config.redisUrl, app.log);
  await realtime.ready;
  const search = createSearchRuntime(database, {
    statementTimeoutMs: config.searchStatementTimeoutMs,
    databaseUrl: config.searchDatabaseUrl,
  });
  const ctx: AppContext = {
    config,
    database,
    limiter,
    queue,
    mailer,
    mail: queuedMail,
    files: postgresFileStorage(database),
    sessions,
    realtime,
    search,
    log: app.log,
  };
  // A deletion on request on any instance empties this instance's caches of people's data at once.
  const stopForgetting = onPersonalDataDeleted(realtime, () => {
    search.invalidate();
    sessions.forgetCachedUsers();
  });
  // An import on any instance: the cached search counts and pages no longer hold.
  const stopForgettingSearches = onResumesChanged(realtime, () => search.invalidate());

  // JSON answers: compressed in one call at a low brotli quality, small ones not at all (plugins/compression.ts).
  registerAnswerCompression(app, API_COMPRESSION);
  // Everything else compressible that is not precompressed (a stream, a text file): the plugin, above the same threshold.
  await app.register(fastifyCompress, {
    threshold: API_COMPRESSION.threshold,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, helmetOptions(config.appUrl, config.secureCookies));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'HR-клуб API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'hr_session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas named with .meta({ id }) in the contract (the recursive ones) go to components/schemas,
    // where the routes' $refs point.
    transformObject: jsonSchemaTransformObject,
  });
  registerErrorHandling(app, { outage: database.outage });
  registerRequestShape(app);
  registerNulGuard(app);
  registerSessions(app, sessions);
  queue.attach(ctx, jobHandlers);
  await registerRealtimeSocket(app, realtime, database);

  // The route table: each area with its prefix.
  await app.register(authRoutes(ctx));
  await app.register(userRoutes(ctx), { prefix: '/api/user' });
  await app.register(teamRoutes(ctx), { prefix: '/api/user/team' });
  await app.register(dictionaryRoutes(ctx), { prefix: '/api' });
  await app.register(errorReportRoutes(ctx), { prefix: '/api/error' });
  await app.register(adminRoutes(ctx), { prefix: '/api/admin' });
  await app.register(selfExportRoutes(ctx), { prefix: '/api/user' });
  await app.register(resumeRoutes(ctx), { prefix: '/api/resume' });
  await app.register(exportRoutes(ctx), { prefix: '/api/resume' });
  await app.register(searchRoutes(ctx), { prefix: '/api/resume' });
  await app.register(favouriteRoutes(ctx), { prefix: '/api/favourite' });
  await app.register(autosearchRoutes(ctx), { prefix: '/api/autosearch' });
  await app.register(notifyRoutes(ctx), { prefix: '/api/notify' });
  await app.register(telegramRoutes(ctx));
  await app.register(educationRoutes(ctx), { prefix: '/api/user/education' });
  await app.register(reviewRoutes(ctx), { prefix: '/api/review' });
  await app.register(vacancyRoutes(ctx), { prefix: '/api/vacancy' });
  // The hiring pipeline (PRODUCT 11): each part under /api with its full paths.
  for (const routes of [stagesRoutes, templatesRoutes, bulkRoutes, interviewsRoutes, duplicatesRoutes, analyticsRoutes]) {
    await app.register(routes(ctx), { prefix: '/api' });
  }
  await app.register(autosearchUnsubscribeRoutes(ctx), { prefix: '/api/autosearch/unsubscribe' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await registerSpa(app, ctx);

  await seedDictionaries(database);

  if (opts.startWorker !== false) queue.start();
  app.addHook('onClose', async () => {
    stopForgetting();
    stopForgettingSearches();
    await queue.stop();
    mailer.close();
    redis?.disconnect();
    await realtime.close();
    if (!opts.database) await database.close();
  });
  return { app, ctx };
}
