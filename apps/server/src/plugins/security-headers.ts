import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseSafeWebUrl, safeOrigin } from '@gemstore/contracts';
import type { Store } from '../lib/context.ts';

/** A year: long enough for browsers to remember, the usual value for sites served only over HTTPS. */
const HSTS = 'max-age=31536000';

/**
 * Headers every answer carries (docs/decisions/0014-security-headers.md):
 * - `X-Content-Type-Options: nosniff` and `Referrer-Policy: strict-origin-when-cross-origin`,
 *   unless the route chose its own;
 * - HSTS when the request came over HTTPS (request.protocol: forwarded proto counts only from a
 *   trusted proxy), never over plain HTTP where it means nothing;
 * - on /api, `Cache-Control: no-store` for every caller that presents a token (private answers,
 *   whatever the route set) and for every answer whose route did not choose its own caching
 *   (auth calls, errors): only public answers that opt in (country codes, locations) are cached.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/') && (presentsToken(request) || !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});

/** Any Authorization header, valid or not: its answer may be personal, so no cache keeps it. */
function presentsToken(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || request.ctx?.actor.kind === 'customer';
}

/** A fresh CSP nonce for one rendered page (128 random bits). */
export function newPageNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The origins allowed to frame the store's pages, each re-derived from a parsed URL (nothing else can reach the header). */
function embedOrigins(store: Store | null): string[] {
  const origins = (store?.configuration.allowedEmbedOrigins ?? []).map((o) => safeOrigin(o)).filter((o): o is string => o !== null);
  return [...new Set(origins)];
}

/**
 * Headers of a server-rendered page of `store` (null for an unknown domain). Scripts run and styles
 * apply only from this origin or with the page's nonce (the page carries its own stylesheets,
 * docs/decisions/0036); the only frame the page may hold is the store's map embed;
 * the page may be framed only by the origins the store lists (none by default).
 */
export function pageSecurityHeaders(store: Store | null, nonce: string): Record<string, string> {
  const map = parseSafeWebUrl(store?.configuration.mapEmbedUrl);
  const ancestors = embedOrigins(store);
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Catalogue pictures may live on another https host, a few small ones are data: URLs, and the
    // return form previews the chosen photos from blob: URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${map ? map.origin : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
  ].join('; ');
  return {
    'content-security-policy': csp,
    // For browsers without frame-ancestors; it cannot name origins, so it is left out when some are allowed.
    ...(ancestors.length ? {} : { 'x-frame-options': 'DENY' }),
  };
}
