/**
 * GET requests the page starts before the app's code has loaded (main.tsx starts them first thing),
 * so the answers travel while the JavaScript does. The API client hands each one out once, to the
 * first GET of exactly that URL; anything else fetches as usual.
 *
 * They carry the same cookies as everything the page does next, so an answer belongs to the same
 * visitor or member as the session the app loads from them.
 */
const started = new Map<string, { at: number; response: Promise<Response> }>();

/** An answer nobody asked for within this time is not handed out (it may be out of date). */
const FRESH_MS = 15_000;

export function startEarlyGet(url: string): void {
  if (started.has(url)) return;
  const response = fetch(url, {
    headers: { Accept: 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  // A failure is the taker's to handle; never an unhandled rejection.
  response.catch(() => undefined);
  started.set(url, { at: Date.now(), response });
}

/** The early answer for this URL, once; undefined when none was started, it was taken or is too old. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  return Date.now() - early.at <= FRESH_MS ? early.response : undefined;
}

/** The early answer for this URL without taking it (undefined when none is waiting or it is too old). */
export function peekEarlyGet(url: string): Promise<Response> | undefined {
  const early = started.get(url);
  return early && Date.now() - early.at <= FRESH_MS ? early.response : undefined;
}
