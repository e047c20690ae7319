import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The site's helmet settings (the CSP, framing, HSTS behind HTTPS). */
export function helmetOptions(appUrl: string, secureCookies: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // The socket of this site only ('self' covers ws: in current browsers; the explicit origin covers the rest).
        connectSrc: ["'self'", appUrl.replace(/^http/, 'ws')],
        // No page is framed, by anyone: the one frame is a reply's PDF (its route allows 'self').
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    hsts: secureCookies,
  };
}

type HeaderStep = { set: string; value: string } | { remove: string };

/**
 * What helmet does to every answer, worked out once: its settings hold no per-request part (no
 * nonce, no function directive), so the same headers go on every answer. @fastify/helmet built
 * helmet anew for each request (parsing the CSP directives each time).
 */
export function helmetHeaderSteps(options: HelmetOptions): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => steps.push({ set: name, value: String(value) }),
    removeHeader: (name: string) => steps.push({ remove: name }),
  };
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
  });
  return steps;
}

/**
 * Helmet's headers on every answer, from one onRequest hook. Set among the reply's headers (helmet
 * set them on the raw response, which made Node check every header of the answer twice): a
 * route's own value (a reply's PDF frame rule) still replaces one, and a 404 carries them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const steps = helmetHeaderSteps(options);
  const set = steps.flatMap((s): [string, string][] => ('set' in s ? [[s.set.toLowerCase(), s.value]] : []));
  const removed = steps.flatMap((s) => ('remove' in s ? [s.remove.toLowerCase()] : []));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const name of removed) reply.removeHeader(name);
    for (const [name, value] of set) reply.header(name, value);
    done();
  });
}
