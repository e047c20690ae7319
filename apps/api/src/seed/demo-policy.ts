import { isIP } from 'node:net';
import type { Config } from '../config.ts';

/**
 * The demo accounts share one published password (demo12345), and an admin is among them. They may
 * exist only on a private site: a server on a loopback address that nobody reaches through a proxy,
 * not declared production. Outside that, DEMO_SEED=1 still seeds the demo resumes (no credentials)
 * but refuses the accounts, and the start log says why.
 */
export type DemoAccountsDecision = { create: true } | { create: false; reason?: string };

/** What decides whether the site is private: the address it listens on and is reached at, a proxy, NODE_ENV. */
export type DemoSite = Pick<Config, 'host' | 'appUrl' | 'trustProxy' | 'nodeEnv'>;

/** 127.0.0.0/8, ::1 (with or without brackets, or as ::ffff:127.x) and localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(h) === 6 && new URL(`http://[${h}]/`).hostname === '[::1]';
}

function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Why the site is not private (empty when it is): each reason in Russian, for the start log. */
export function publicSiteReasons(site: DemoSite): string[] {
  const reasons: string[] = [];
  if (!isLoopbackHost(site.host)) reasons.push(`HOST=${site.host} — не loopback-адрес`);
  if (!isLoopbackUrl(site.appUrl)) reasons.push(`APP_URL=${site.appUrl} — не loopback-адрес`);
  if (site.trustProxy !== false) reasons.push('задан TRUST_PROXY (сайт открыт через прокси)');
  if (site.nodeEnv === 'production') reasons.push('NODE_ENV=production');
  return reasons;
}

/**
 * `wanted`: the start would seed demo data (first start of the embedded database, or DEMO_SEED=1, or
 * the CLI's `seed`). The accounts are made on a private site only, whatever DEMO_SEED says;
 * DEMO_SEED=0 never makes them.
 */
export function decideDemoAccounts(opts: { site: DemoSite; demoSeed?: boolean; wanted: boolean }): DemoAccountsDecision {
  if (opts.demoSeed === false) return { create: false, reason: 'DEMO_SEED=0' };
  if (!opts.wanted && opts.demoSeed !== true) return { create: false }; // a later start: nothing to seed, nothing to say
  const reasons = publicSiteReasons(opts.site);
  if (reasons.length === 0) return { create: true };
  return {
    create: false,
    reason: `${reasons.join('; ')}. У демо-входов общеизвестный пароль, поэтому они создаются только на 127.0.0.1/localhost без TRUST_PROXY и без NODE_ENV=production${opts.demoSeed ? ' (DEMO_SEED=1 этого не отменяет)' : ''}`,
  };
}
