import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { newPageNonce } from './security-headers.ts';

/** The placeholder of apps/admin/index.html that each answer replaces with its CSP nonce. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The back office (apps/admin, a single-page app built by Vite) at /admin on every store's domain
 * (docs/decisions/0020-admin-app.md): its hashed assets from /admin/assets/ with long caching, and
 * index.html for /admin and every path below it (the app routes in the browser). The page's CSP
 * allows scripts and styles from this origin only, plus the style tags Mantine adds, which carry
 * the nonce the page is given.
 */
export async function adminPlugin(app: FastifyInstance) {
  const indexFile = join(app.config.adminBuildDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`back office not built (${indexFile} missing): run "npm run build"`);
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.status(503).type('text/plain').send('The back office is not built yet. Run "npm run build", then start the server again.');
    app.get('/admin', notBuilt);
    app.get('/admin/*', notBuilt);
    return;
  }
  const index = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: join(app.config.adminBuildDir, 'assets'),
    prefix: '/admin/assets/',
    index: false,
    decorateReply: false,
    setHeaders: (res) => { res.setHeader('cache-control', 'public, max-age=31536000, immutable'); },
  });

  // Pictures the answers point at a CDN (MEDIA_PUBLIC_URL) load from its origin too.
  const mediaOrigin = /^https?:/.test(app.config.media.publicBase) ? ` ${new URL(app.config.media.publicBase).origin}` : '';
  const page = async (_request: unknown, reply: FastifyReply) => {
    const nonce = newPageNonce();
    return reply
      .header('content-security-policy', [
        "default-src 'self'",
        "script-src 'self'",
        `style-src 'self' 'nonce-${nonce}'`,
        // The enrolment QR code is a data: URL.
        `img-src 'self' data:${mediaOrigin}`,
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '))
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(index.replace(NONCE_PLACEHOLDER, nonce));
  };
  app.get('/admin', page);
  app.get('/admin/*', page);
}
