/**
 * Which URLs a store may put on its pages (map embed, social links, banners, embedding origins).
 * Zod-free, so the browser bundle can check what it renders with the same rules the API applies.
 */

/** Hosts that only ever mean the machine itself: plain http is fine there (local development). */
function isLocalDevelopmentHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * The value as a URL when it is an absolute https URL (or http on a local development host)
 * without embedded credentials; null for anything else (javascript:, data:, relative, malformed).
 */
export function parseSafeWebUrl(value: string | null | undefined): URL | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  // The WHATWG parser strips tabs and newlines inside a scheme ("java\tscript:"): refuse them outright.
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLocalDevelopmentHost(url.hostname)) return url;
  return null;
}

export function isSafeWebUrl(value: string | null | undefined): value is string {
  return parseSafeWebUrl(value) !== null;
}

/** A link inside the shop ("/product/…"): one leading slash, so never another host ("//evil", "/\evil"). */
export function isSitePath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= 2048 && /^\/(?![/\\])[^\s\\]*$/.test(value);
}

/** A safe web URL or a path inside the shop. */
export function isSafeLink(value: string | null | undefined): value is string {
  return isSitePath(value) || isSafeWebUrl(value);
}

/** The origin ("https://host[:port]") of a safe web URL that names nothing more than an origin; null otherwise. */
export function safeOrigin(value: string | null | undefined): string | null {
  const url = parseSafeWebUrl(value);
  if (!url || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return null;
  return url.origin;
}

/** A friendly url made of the words of a text: "Blue Sapphire 3.09 Ratti BS-1" -> "blue-sapphire-3-09-ratti-bs-1". */
export function friendlyUrlOf(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 160);
}
