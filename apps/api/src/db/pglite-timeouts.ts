/**
 * PostgreSQL's own timeouts (statement_timeout, lock_timeout…) inside PGlite.
 *
 * PostgreSQL arms them with setitimer and learns of them from SIGALRM. PGlite's build turns
 * setitimer into a JavaScript setTimeout, and a statement runs synchronously on the JavaScript
 * thread: the timer can only fire after the statement has finished, so `statement_timeout` never
 * stopped anything (a `pg_sleep(1)` under a 200 ms limit ran its full second).
 *
 * Here every PGlite instance is built with two of its imports wrapped: `_setitimer_js` notes when
 * the alarm is due, and `clock_time_get` — the clock PostgreSQL reads — raises the alarm itself
 * (through the module's own `_emscripten_timeout`, as the timer would) once that moment has passed.
 * PostgreSQL's handler then sets its cancel flags and the statement stops at its next interrupt check
 * with the usual 57014 «canceling statement due to statement timeout». A statement that reads the
 * clock while it runs (waits, sleeps, time functions) is stopped at its limit; one that only
 * computes is not (docs/decisions.md: what the search does about those).
 */

type Imports = Record<string, Record<string, unknown>>;
type Sig = { sig?: string };
type Instance = { exports: Record<string, unknown> };
type Instantiate = (source: unknown, imports?: Imports) => Promise<unknown>;
/** The global WebAssembly object (the project's TypeScript libs do not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { instantiate: Instantiate } }).WebAssembly;

let installed = false;

/** Wraps WebAssembly.instantiate once per process; other WebAssembly modules pass through untouched. */
export function enablePgliteTimeouts(): void {
  if (installed) return;
  installed = true;
  const original = wasm.instantiate.bind(wasm);
  const patched = async (source: unknown, imports?: Imports) => {
    const env = imports?.env;
    const clock = env?.clock_time_get;
    const setitimer = env?._setitimer_js;
    if (!imports || typeof clock !== 'function' || typeof setitimer !== 'function') return original(source, imports);
    let dueAt: number | null = null;
    let raise: ((which: number, now: number) => void) | null = null;
    const armed = Object.assign(
      (which: number, ms: number) => {
        // Timer 0 (ITIMER_REAL) carries every PostgreSQL timeout: the nearest one is armed.
        if (which === 0) dueAt = ms > 0 ? performance.now() + ms : null;
        return setitimer(which, ms);
      },
      { sig: (setitimer as Sig).sig },
    );
    const reading = Object.assign(
      (...args: unknown[]) => {
        const result = clock(...args);
        if (dueAt !== null && raise && performance.now() >= dueAt) {
          dueAt = null;
          // The pending JavaScript timer would fire the same alarm again, late: cancelled.
          setitimer(0, 0);
          raise(0, performance.now());
        }
        return result;
      },
      { sig: (clock as Sig).sig },
    );
    for (const space of Object.values(imports)) {
      if (space.clock_time_get === clock) space.clock_time_get = reading;
      if (space._setitimer_js === setitimer) space._setitimer_js = armed;
    }
    const result = (await original(source, imports)) as { instance?: Instance } & Instance;
    const exports = (result.instance ?? result).exports;
    if (typeof exports._emscripten_timeout === 'function') raise = exports._emscripten_timeout as (which: number, now: number) => void;
    return result;
  };
  wasm.instantiate = patched;
}
