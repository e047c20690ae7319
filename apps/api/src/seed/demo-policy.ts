import { isIP } from 'node:net';

/**
 * The demo accounts share one published password, so they may exist only where nobody else can reach
 * them: a server bound to a loopback address, or an operator who asked for them with DEMO_SEED=1.
 */
export type DemoAccountsDecision = { create: true } | { create: false; reason?: string };

/** 127.0.0.0/8, ::1 (with or without brackets, or as ::ffff:127.x) and localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(h) === 6 && new URL(`http://[${h}]/`).hostname === '[::1]';
}

/**
 * `wanted`: the start would seed demo data (first start of the embedded database, or DEMO_SEED=1).
 * DEMO_SEED=1 creates the accounts on any host; DEMO_SEED=0 never.
 */
export function decideDemoAccounts(opts: { host: string; demoSeed?: boolean; wanted: boolean }): DemoAccountsDecision {
  if (opts.demoSeed === false) return { create: false, reason: 'DEMO_SEED=0' };
  if (opts.demoSeed === true) return { create: true };
  if (!opts.wanted) return { create: false }; // a later start: nothing to seed, nothing to say
  if (isLoopbackHost(opts.host)) return { create: true };
  return {
    create: false,
    reason: `HOST=${opts.host} — не loopback-адрес, а у демо-входов общеизвестный пароль (DEMO_SEED=1 создаст их всё равно)`,
  };
}
