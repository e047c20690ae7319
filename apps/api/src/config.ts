import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type TrustProxy, trustProxySetting } from './lib/trust-proxy.ts';

const intFrom = (def: number) => z.coerce.number().int().min(0).default(def);

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: intFrom(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SEARCH_DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('HR-клуб <no-reply@hr-club.local>'),
  SESSION_SECRET: z.string().min(16).optional(),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_BOT_NAME: z.string().optional(),
  TELEGRAM_WEBHOOK_SECRET: z.string().optional(),
  TELEGRAM_API_ROOT: z.string().optional(),
  EDUCATION_SITE_URL: z.string().default('https://hr-club.example'),
  CONTACTS_DAILY_LIMIT: intFrom(30),
  REGISTER_LIMIT_PER_HOUR: intFrom(10),
  LOGIN_LIMIT_PER_IP: intFrom(100),
  REPLY_LIMIT_PER_HOUR: intFrom(20),
  REPLY_FILES_PER_HOUR: intFrom(300),
  ERROR_REPORTS_PER_HOUR: intFrom(1000),
  REVIEW_REMINDER_HOURS: intFrom(72),
  AUTOSEARCH_PASS_SECONDS: z.coerce.number().int().min(1).default(300),
  DB_STATEMENT_TIMEOUT_MS: intFrom(30_000),
  SEARCH_STATEMENT_TIMEOUT_MS: intFrom(5000),
  SEARCH_VISITOR_LIMIT_PER_MINUTE: intFrom(120),
  DEMO_SEED: z.enum(['0', '1']).optional(),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  HTTP_CONCURRENCY: z.coerce.number().int().min(0).optional(),
  HTTP_QUEUE_LIMIT: intFrom(5000),
  TRUST_PROXY: trustProxySetting,
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST: z.string().optional(),
  FIRST_SCREEN: z.enum(['0', '1']).default('1'),
});

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** A read replica the resume search runs on (PostgreSQL only); undefined: DATABASE_URL. */
  searchDatabaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  sessionSecret: string;
  secureCookies: boolean;
  telegram: { token?: string; botName?: string; webhookSecret?: string; apiRoot?: string };
  educationSiteUrl: string;
  contactsDailyLimit: number;
  registerLimitPerHour: number;
  /** Password logins per address in 15 minutes, whatever the account (lib/rate-limits.ts). */
  loginLimitPerIp: number;
  replyLimitPerHour: number;
  /** Reply files of all addresses together per hour (lib/rate-limits.ts). */
  replyFilesPerHour: number;
  /** Client error reports of all addresses together per hour (lib/rate-limits.ts). */
  errorReportsPerHour: number;
  reviewReminderHours: number;
  /** Seconds between two digest passes of saved searches (an «instant» one arrives within 15 minutes). */
  autosearchPassSeconds: number;
  /** Server-side limit of one statement of the app's pool (0: none). */
  dbStatementTimeoutMs: number;
  /** The same for the search pool: a slow search answers 503 instead of holding a connection. */
  searchStatementTimeoutMs: number;
  /** Searches per minute of one visitor (not signed in) per peer address. */
  searchVisitorLimitPerMinute: number;
  /** undefined: seed only the embedded database on its first start. */
  demoSeed?: boolean;
  /**
   * Signed-in lookups kept in memory at most this long; 0 = off. Revoked through the database's change
   * notices (plugins/session-revocation.ts), so on PostgreSQL it needs a connection that keeps its
   * session (LISTEN): not through a transaction-pooling PgBouncer — set 0 there.
   */
  sessionCacheSeconds: number;
  /** Requests handled at once, the rest in line (plugins/admission.ts); 0: no line. */
  httpConcurrency: number;
  /** Requests that may wait in that line before a 503. */
  httpQueueLimit: number;
  /** Whose X-Forwarded-For to believe (lib/trust-proxy.ts); false = only the peer address counts. */
  trustProxy: TrustProxy;
  logLevel: string;
  webDist: string;
  /** Visitors' search pages come with their first screen drawn (plugins/first-screen.ts); FIRST_SCREEN=0 turns it off. */
  firstScreen: boolean;
  isTest: boolean;
  /** NODE_ENV as the operator set it (undefined when unset; `npm start` runs the server as production then too). */
  nodeEnv?: string;
  /** The resume search's tuning (readSearchTuning). */
  searchTuning?: SearchTuning;
};

/** Reads the environment once at boot; a bad variable stops the start with the whole list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  // An IPv6 HOST (::1) goes in brackets, or the default address is no URL at all.
  const urlHost = isIP(e.HOST) === 6 ? `[${e.HOST}]` : e.HOST;
  const appUrl = (e.APP_URL ?? `http://${urlHost}:${port}`).replace(/\/$/, '');
  return {
    port,
    host: e.HOST,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    searchDatabaseUrl: e.SEARCH_DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? (overrides.sessionSecret || readOrCreateSecret(dataDir)),
    secureCookies: appUrl.startsWith('https://'),
    telegram: {
      token: e.TELEGRAM_BOT_TOKEN,
      botName: e.TELEGRAM_BOT_NAME,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
      apiRoot: e.TELEGRAM_API_ROOT,
    },
    educationSiteUrl: e.EDUCATION_SITE_URL.replace(/\/$/, ''),
    contactsDailyLimit: e.CONTACTS_DAILY_LIMIT,
    registerLimitPerHour: e.REGISTER_LIMIT_PER_HOUR,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    replyLimitPerHour: e.REPLY_LIMIT_PER_HOUR,
    replyFilesPerHour: e.REPLY_FILES_PER_HOUR,
    errorReportsPerHour: e.ERROR_REPORTS_PER_HOUR,
    reviewReminderHours: e.REVIEW_REMINDER_HOURS,
    autosearchPassSeconds: e.AUTOSEARCH_PASS_SECONDS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    searchStatementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
    searchVisitorLimitPerMinute: e.SEARCH_VISITOR_LIMIT_PER_MINUTE,
    demoSeed: e.DEMO_SEED === undefined ? undefined : e.DEMO_SEED === '1',
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS ?? 60,
    // On PostgreSQL, 16: measured with the default pool of 10 (docs/performance.md); PGlite runs one
    // statement at a time on the server's own thread, so its line is PGlite's own.
    httpConcurrency: e.HTTP_CONCURRENCY ?? (e.DATABASE_URL ? 16 : 0),
    httpQueueLimit: e.HTTP_QUEUE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    firstScreen: e.FIRST_SCREEN === '1',
    isTest: e.NODE_ENV === 'test',
    nodeEnv: env.NODE_ENV || undefined,
    searchTuning: readSearchTuning(env, e.NODE_ENV === 'test'),
    ...overrides,
  };
}

export type SearchTuning = {
  /** Facet/count answers are kept this long for the same filter set (0: no cache). */
  cacheTtlMs: number;
  cacheEntries: number;
  /** Relevance ranks every match with ts_rank_cd up to this many (estimated) matches; above, tiers. */
  rankExactLimit: number;
  /** Facets are counted exactly when the (estimated) pool they count over is at most this big. */
  exactFacetsLimit: number;
  /** The exact count (capped at SEARCH_EXACT_COUNT_LIMIT + 1) runs when the estimated total is at most this. */
  countCheckLimit: number;
  /** The time box of the title-tier walk of big relevance-ordered results (0: never walk). */
  walkTimeoutMs: number;
  /** The recent movers a walked page checks row by row before it asks the text index instead. */
  relocRecentRows: number;
  /**
   * The time box of an exact count or exact facets (0: none). The sample judges the result, not
   * the rows the statement has to read to count it: a small result among many candidates (common
   * words of several fields in Moscow, rechecked row by row) can take seconds. Past the box the
   * sample's estimates are answered instead.
   */
  exactTimeoutMs: number;
  /**
   * The rows of a page of an identical search are kept this long (0: never): popular searches (the
   * home page, a shared link, paging back) are answered from memory. Searches whose result depends
   * on the viewer's own actions (`exclude_viewed_by_me`, `only_in_responses`) are never kept.
   */
  pageCacheTtlMs: number;
};

/** The resume search's tuning from SEARCH_* variables; the tests' defaults keep caches and time boxes off. */
export function readSearchTuning(env: NodeJS.ProcessEnv, isTest: boolean): SearchTuning {
  const num = (name: string, def: number) => {
    const v = env[name];
    return v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : def;
  };
  const base = {
    // Tests never depend on the cache unless they ask for it.
    cacheTtlMs: num('SEARCH_CACHE_TTL_MS', isTest ? 0 : 60_000),
    cacheEntries: num('SEARCH_CACHE_ENTRIES', 2000),
    rankExactLimit: num('SEARCH_RANK_EXACT_LIMIT', 500),
    exactFacetsLimit: num('SEARCH_EXACT_FACETS_LIMIT', 2000),
    countCheckLimit: num('SEARCH_COUNT_CHECK_LIMIT', 4000),
    walkTimeoutMs: num('SEARCH_WALK_TIMEOUT_MS', 80),
    relocRecentRows: num('SEARCH_RELOC_RECENT_ROWS', 2000),
    exactTimeoutMs: num('SEARCH_EXACT_TIMEOUT_MS', isTest ? 0 : 150),
  };
  // Pages are kept shorter than counts, and never when counts are not kept at all.
  return { ...base, pageCacheTtlMs: num('SEARCH_PAGE_CACHE_TTL_MS', Math.min(base.cacheTtlMs, 15_000)) };
}

/**
 * AUTOSEARCH_PASS_SECONDS as the job registry reads it when it is loaded (a periodic kind's interval
 * is fixed there); the same default and bounds as the configuration's.
 */
export function autosearchPassSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.AUTOSEARCH_PASS_SECONDS);
  return Number.isInteger(v) && v >= 1 ? v : 300;
}

/** The embedded mode keeps its secret beside its data, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
