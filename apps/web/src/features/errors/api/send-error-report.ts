// The constants file only: the barrel would bring zod into the first screen's entry.
import { ERROR_REPORT_MAX } from '@hr/contract/constants';
import { apiPost, pageCsrfToken } from '@/shared/api/api-client.ts';

export type ErrorReport = { error: string; info: string };

const MAX_REPORTS_PER_PAGE = 20;
const REPEAT_WINDOW_MS = 60_000;
const recent = new Map<string, number>();
let sent = 0;

/** POST /api/error/send {error, info, host, path, _token}; failures and the answer are ignored. */
export function sendErrorReport(report: ErrorReport): void {
  const key = report.error.slice(0, 300);
  const now = Date.now();
  const last = recent.get(key);
  if ((last && now - last < REPEAT_WINDOW_MS) || sent >= MAX_REPORTS_PER_PAGE) return;
  recent.set(key, now);
  sent += 1;
  apiPost('/api/error/send', {
    error: report.error.slice(0, ERROR_REPORT_MAX.error),
    info: report.info.slice(0, ERROR_REPORT_MAX.info),
    host: window.location.host.slice(0, ERROR_REPORT_MAX.host),
    path: `${window.location.pathname}${window.location.search}`.slice(0, ERROR_REPORT_MAX.path),
    _token: pageCsrfToken(),
  }).catch(() => undefined);
}

export function describeError(error: unknown): ErrorReport {
  if (error instanceof Error) {
    return { error: `${error.name}: ${error.message}`, info: error.stack ?? '' };
  }
  if (typeof error === 'string') return { error, info: '' };
  try {
    return { error: 'Non-error thrown', info: JSON.stringify(error) };
  } catch {
    return { error: 'Non-error thrown', info: String(error) };
  }
}

export function reportError(error: unknown, extraInfo?: string): void {
  const report = describeError(error);
  sendErrorReport(extraInfo ? { ...report, info: `${report.info}\n${extraInfo}`.trim() } : report);
}
