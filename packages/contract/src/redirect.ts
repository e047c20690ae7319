/** ASCII controls (tab, CR, LF, NUL …) and DEL: URL parsers drop them, so none is allowed, raw or encoded. */
const hasControlChar = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The `redirect` query value as a same-origin path, or null. Only a path that starts with exactly one
 * `/` and that the URL parser keeps on `origin` passes: `//evil.com`, `/\evil.com`, `/\t/evil.com`,
 * `javascript:…` and `https://…` do not, and neither do percent-encoded controls or slashes that
 * turn into such a value once decoded (`/%0a/evil.com`, `/%2F%2Fevil.com`).
 */
export function safeRedirectPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (hasControlChar(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (hasControlChar(decoded) || decoded.startsWith('//') || decoded.startsWith('/\\')) return null;
  let parsed: URL;
  let base: URL;
  try {
    base = new URL(origin);
    parsed = new URL(value, base);
  } catch {
    return null;
  }
  if (parsed.origin !== base.origin || !parsed.pathname.startsWith('/') || parsed.pathname.startsWith('//')) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
