/**
 * One call per token for the page's life: the page may be mounted twice (StrictMode, a remount)
 * and the unsubscribe must be asked once, its answer shown by every mount.
 */
const calls = new Map<string, Promise<unknown>>();

export function once<T>(token: string, call: (token: string) => Promise<T>): Promise<T> {
  let pending = calls.get(token) as Promise<T> | undefined;
  if (!pending) {
    pending = call(token);
    calls.set(token, pending);
  }
  return pending;
}
