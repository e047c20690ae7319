import { CONTACTS_LIMIT_MESSAGE, MSG, REVIEW_MSG, REVIEW_REQUESTS_PER_DAY } from '@hr/contract';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { LimitMessage } from './rate-limiter.ts';

const MINUTE = 60;
const HOUR = 3600;

/** A window of a calendar day in Moscow: counted in SQL by its service (rows of that day), not by the limiter. */
export const MOSCOW_DAY = 'moscow-day';

export type RateLimit = {
  /** The counter's key for one subject (an address, an account, a user id; '' for a global cap). */
  key: (subject: string) => string;
  /** Attempts allowed per window; from the configuration where an environment variable sets it. */
  count: number | ((config: Config) => number);
  /** Seconds of a rolling window from the first attempt, or the Moscow day. */
  window: number | typeof MOSCOW_DAY;
  /** The Russian message of the 429, given the whole minutes until the window frees. */
  message: LimitMessage;
  /** A count of 0 turns the limit off instead of refusing everything. */
  zeroIsOff?: boolean;
};

const limit = <const L extends RateLimit>(l: L): L => l;

/** Why the two public caps exist: one address is held to its own limit, many addresses together to these. */
export const GLOBAL_LIMIT_MSG = {
  replyFiles: (minutes: number) =>
    `Сейчас на сайт загружают слишком много файлов резюме. Повторите через ${minutes} мин. или вставьте текст резюме в отклик`,
  errorReports: (minutes: number) => `Слишком много сообщений об ошибках. Повторите через ${minutes} мин.`,
};

/**
 * Every rate limit of the site, in one table. Counters of a rolling window live in the limiter's
 * store (rate_limits in the database, or Redis with the database as fallback): one atomic upsert
 * or INCR per attempt, so concurrent requests can never pass more than `count`. The Moscow-day
 * limits are counted by their services in SQL under a per-user advisory lock.
 */
export const RATE_LIMITS = {
  // ─── sign-in ───────────────────────────────────────────────────────────────────────────────
  /** Password logins per address, whatever the account (LOGIN_LIMIT_PER_IP). */
  loginIp: limit({ key: (ip) => `login-ip:${ip}`, count: (c) => c.loginLimitPerIp, window: 15 * MINUTE, message: MSG.tooManyAttempts }),
  /** Failed password logins per account, or per known browser of it (auth.service loginBucket gives the key). */
  loginAccount: limit({ key: (bucket) => bucket, count: 10, window: 15 * MINUTE, message: MSG.tooManyAttempts }),
  /** Login-code requests per address, and per e-mail address asked for. */
  loginCodeRequestIp: limit({ key: (ip) => `login-check-ip:${ip}`, count: 30, window: HOUR, message: MSG.tooManyAttempts }),
  loginCodeRequestEmail: limit({ key: (email) => `login-check:${email}`, count: 5, window: HOUR, message: MSG.tooManyAttempts }),
  /** Login-code tries per address (each code also voids itself after 5 wrong tries). */
  loginCodeTryIp: limit({ key: (ip) => `code-ip:${ip}`, count: 50, window: 15 * MINUTE, message: MSG.tooManyAttempts }),
  /** Password-reset links asked per e-mail address and per address. */
  passwordResetEmail: limit({ key: (email) => `pw-email:${email}`, count: 5, window: HOUR, message: MSG.tooManyAttempts }),
  passwordResetRequestIp: limit({ key: (ip) => `pw-email-ip:${ip}`, count: 30, window: HOUR, message: MSG.tooManyAttempts }),
  /** New passwords set with a reset link per address. */
  passwordResetIp: limit({ key: (ip) => `pw-reset-ip:${ip}`, count: 30, window: 15 * MINUTE, message: MSG.tooManyAttempts }),
  /** Password changes in the profile per user. */
  passwordChange: limit({ key: (userId) => `password-change:${userId}`, count: 10, window: 15 * MINUTE, message: MSG.tooManyAttempts }),
  /** Registrations per address (REGISTER_LIMIT_PER_HOUR). */
  register: limit({ key: (ip) => `register:${ip}`, count: (c) => c.registerLimitPerHour, window: HOUR, message: MSG.tooManyAttempts }),
  /** «Это ваш аккаунт?» lookups of an invitation token per address: each one is a guess. */
  registerToken: limit({ key: (ip) => `register-token:${ip}`, count: 20, window: HOUR, message: MSG.tooManyAttempts }),

  // ─── public pages and forms ────────────────────────────────────────────────────────────────
  /** Vacancy replies per address, every attempt (REPLY_LIMIT_PER_HOUR). */
  vacancyReply: limit({ key: (ip) => `vacancy-reply:${ip}`, count: (c) => c.replyLimitPerHour, window: HOUR, message: MSG.tooManyAttempts }),
  /** Reply files of every address together (REPLY_FILES_PER_HOUR): 10 MB each, so at most ~3 GB an hour. */
  replyFilesAll: limit({ key: () => 'vacancy-reply-file:all', count: (c) => c.replyFilesPerHour, window: HOUR, message: GLOBAL_LIMIT_MSG.replyFiles }),
  /** The public review-request pages per address. */
  reviewPublic: limit({ key: (ip) => `review-public:${ip}`, count: 60, window: MINUTE, message: MSG.tooManyAttempts }),
  /** Digest unsubscribe links opened per address (signed tokens: a human pace is plenty). */
  autosearchUnsubscribe: limit({ key: (ip) => `autosearch-unsubscribe:${ip}`, count: 60, window: 15 * MINUTE, message: MSG.tooManyAttempts }),
  /** Visitors' searches per address (SEARCH_VISITOR_LIMIT_PER_MINUTE; 0 = off). */
  searchVisitor: limit({
    key: (ip) => `search-ip:${ip}`,
    count: (c) => c.searchVisitorLimitPerMinute,
    window: MINUTE,
    message: MSG.tooManyAttempts,
    zeroIsOff: true,
  }),
  /** Client error reports per address, and of every address together (ERROR_REPORTS_PER_HOUR). */
  errorReport: limit({ key: (ip) => `error-report:${ip}`, count: 60, window: HOUR, message: MSG.tooManyAttempts }),
  errorReportsAll: limit({ key: () => 'error-report:all', count: (c) => c.errorReportsPerHour, window: HOUR, message: GLOBAL_LIMIT_MSG.errorReports }),

  // ─── members, per Moscow day (counted by the services) ────────────────────────────────────────
  /** First openings of a candidate's contacts per member (CONTACTS_DAILY_LIMIT; commerce accounts: none). */
  contactOpenings: limit({
    key: (userId) => `contact_openings(user ${userId}, day)`,
    count: (c) => c.contactsDailyLimit,
    window: MOSCOW_DAY,
    message: (_minutes: number) => CONTACTS_LIMIT_MESSAGE,
  }),
  /** Review requests sent per member. */
  reviewRequests: limit({
    key: (userId) => `review_requests(requester ${userId}, day)`,
    count: REVIEW_REQUESTS_PER_DAY,
    window: MOSCOW_DAY,
    message: (_minutes: number) => REVIEW_MSG.dailyLimit,
  }),
} satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The count of a limit under this configuration. */
export function limitCount(config: Config, name: RateLimitName): number {
  const { count } = RATE_LIMITS[name] as RateLimit;
  return typeof count === 'function' ? count(config) : count;
}

/** Counts one attempt of `subject` against the limit; over it, a 429 with the limit's message and Retry-After. */
export async function consumeLimit(ctx: Pick<AppContext, 'config' | 'limiter'>, name: RateLimitName, subject = ''): Promise<void> {
  const entry = RATE_LIMITS[name] as RateLimit;
  if (entry.window === MOSCOW_DAY) throw new Error(`rate limit "${name}" is counted by its service`);
  const count = limitCount(ctx.config, name);
  if (entry.zeroIsOff && count <= 0) return;
  await ctx.limiter.consume(entry.key(subject), count, entry.window, entry.message);
}

/** Forgets the attempts of `subject` (a correct login clears its failures). */
export async function resetLimit(ctx: Pick<AppContext, 'limiter'>, name: RateLimitName, subject = ''): Promise<void> {
  await ctx.limiter.reset((RATE_LIMITS[name] as RateLimit).key(subject));
}
