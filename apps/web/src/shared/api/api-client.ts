import type { SuccessBody } from '@hr/contract';
import { ApiError, type ErrorPayload, NetworkError } from './api-error.ts';
import { takeEarlyGet } from './early-requests.ts';

const BASE_HEADERS: Record<string, string> = {
  Accept: 'application/json',
  'Cache-Control': 'no-cache',
  Pragma: 'no-cache',
  Expires: '0',
};

export type QueryParams = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export type ApiAnswer<T> = Pick<SuccessBody<T>, 'res' | 'message'>;

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/** The page's token from `<meta name="csrf-token">` (the server fills it in when it serves index.html). */
export function pageCsrfToken(): string {
  const content = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
  return content === '__CSRF_TOKEN__' ? '' : content;
}

/** `fields[]=a&fields[]=b` for arrays, the way the server (and Laravel) read them. */
export function buildQuery(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(`${key}[]`, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function request<T>(method: string, url: string, body?: unknown): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...BASE_HEADERS };
  if (method !== 'GET' && method !== 'HEAD') {
    // The token changes when the session is rotated (login, logout): read it right before each call.
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    headers['X-Requested-With'] = 'XMLHttpRequest';
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  // The same GET started by the page before the app loaded (main.tsx): its answer, once.
  const early = method === 'GET' && body === undefined ? takeEarlyGet(url) : undefined;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        cache: 'no-store',
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  } catch (error) {
    throw new NetworkError(error);
  }
  const data = (await readJson(response)) as (ErrorPayload & { res?: T }) | null;
  if (!response.ok || !data || data.status !== 'success') {
    throw new ApiError(response.status, data ?? {});
  }
  return { res: data.res as T, message: data.message };
}

/** GET; resolves with `res`. */
export async function apiGet<T>(url: string, params?: QueryParams): Promise<T> {
  const answer = await request<T>('GET', `${url}${buildQuery(params)}`);
  return answer.res;
}

/** A state-changing call; resolves with `res` and the server's `message`. */
export function apiSend<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<ApiAnswer<T>> {
  return request<T>(method, url, body);
}

export const apiPost = <T>(url: string, body?: unknown) => apiSend<T>('POST', url, body);

/** SEED 7: state-changing calls are preceded by GET /sanctum/csrf-cookie. */
export async function fetchCsrfCookie(): Promise<void> {
  try {
    await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin', headers: BASE_HEADERS, cache: 'no-store' });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** csrf-cookie, then the call: the usual pair for every form. */
export async function postWithCsrf<T>(url: string, body?: unknown): Promise<ApiAnswer<T>> {
  await fetchCsrfCookie();
  return apiPost<T>(url, body);
}
