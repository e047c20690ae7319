import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's `trustProxy` gets: off, a hop count, or the proxies' addresses/subnets. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [addr = '', prefix, extra] = item.split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset (the default) trusts nobody, so `X-Forwarded-For` is ignored and every
 * per-address limit sees the real peer. `1` trusts one hop (the reverse proxy in front);
 * `10.0.0.1,192.168.0.0/16` trusts exactly those. "Trust everyone" is refused on purpose.
 */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === '0' || value === 'false' || value === 'off') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const items = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = items.filter((item) => !isAddressOrSubnet(item));
    if (items.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count or a comma list of proxy addresses/subnets, got ${bad.join(', ') || value}`,
      });
      return z.NEVER;
    }
    return items;
  });

/**
 * Fastify's own number setting trusts nothing (it cannot check the peer), so a hop count becomes the
 * classic proxy-addr rule: believe the nearest `n` hops, whoever they are. Only for a server that is
 * reachable through its proxy alone.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting > 0 ? (_address, hop) => hop < setting : false;
  return setting;
}
