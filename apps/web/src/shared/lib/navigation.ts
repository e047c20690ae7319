import { safeRedirectPath } from '@hr/contract/redirect';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

/** The app registers the router's navigate here so non-React code (error handlers) can move. */
export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Only same-origin paths are followed after login; the rule is `safeRedirectPath` in the contract. */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/'): string {
  return safeRedirectPath(value, window.location.origin) ?? fallback;
}

/** `/?show=login_form&redirect=/wanted` */
export function loginUrl(redirect?: string, show = true): string {
  const params = new URLSearchParams();
  if (show) params.set('show', 'login_form');
  if (redirect && redirect !== '/') params.set('redirect', redirect);
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

/** The not-found page, where the error handlers send a 404 answer. */
export const NOT_FOUND_PATH = '/404';
