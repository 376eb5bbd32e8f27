import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { SiteLayout } from '@gemstore/contracts';
import { newPageNonce, pageSecurityHeaders } from './security-headers.ts';
import { recentWriteMarker } from './read-replica.ts';
import { requestDomain } from '../lib/domains.ts';
import { GUEST } from '../lib/context.ts';

/**
 * What loaders get as context: the store's layout (header, menus, footer) from the services'
 * per-store copies, the API called in-process (no network hop) for the request's store, and the
 * page's CSP nonce, which entry.server.tsx gives to every inline script it renders.
 */
export interface WebLoadContext {
  /** The request's store's layout; null when no store is set up for the request's host. */
  site(): Promise<SiteLayout | null>;
  api(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; data: unknown }>;
  nonce: string;
}

/** What a route's `headers` says of a page anyone may be shown (apps/web/app/lib/page-headers.ts). */
const PUBLIC_PAGE = 'public';

/** Rendered public pages a process keeps (about 50 kB each). */
const RENDERED_PAGES = 500;

interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  html: string;
  /** The store's and its catalogue's change counts when it was rendered. */
  version: string;
  expires: number;
}

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 13.1.2). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Serves the React Router app: built assets from web/build/client, every other GET rendered on the
 * server. Loaders call the same /api routes the browser does, through app.inject.
 */
export async function webPlugin(app: FastifyInstance) {
  const serverBuild = join(app.config.webBuildDir, 'server', 'index.js');
  const clientDir = join(app.config.webBuildDir, 'client');
  if (!existsSync(serverBuild)) {
    app.log.warn(`web app not built (${serverBuild} missing): run "npm run build"`);
    app.get('/*', async (_request, reply) => reply.status(503).type('text/plain').send('The web app is not built yet. Run "npm run build", then start the server again.'));
    return;
  }
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const handle = createRequestHandler(build, app.config.env === 'production' ? 'production' : 'development');

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build wrote .br and .gz copies of text assets (apps/web/vite.config.ts): sent as the client accepts.
    preCompressed: true,
    // The header is set below: left on, the library's own (max-age=0) replaced it.
    cacheControl: false,
    setHeaders: (res, path) => {
      // Names under /assets/ carry a hash of their content: a new build makes new names, so they never change.
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      if (/\.(js|mjs|css|svg|json|html|txt|xml)(\.br|\.gz)?$/.test(path)) res.setHeader('vary', 'accept-encoding');
    },
  });

  /**
   * Rendered pages carry this in place of their nonce; it never leaves the process. Once the page is
   * whole, it is replaced by a nonce derived from the page itself (see below).
   */
  const noncePlaceholder = randomBytes(16).toString('hex');
  const pageCacheControl = `public, max-age=0, s-maxage=${app.config.pageCacheSeconds}`;
  const { stores, catalog } = app.services;
  // Public pages as rendered, per store and address, for STORE_CACHE_SECONDS at most (0: none kept).
  // A page is used only while neither its store nor its catalogue has changed since it was rendered
  // (the services count the changes they hear of, in this process and through NOTIFY from others).
  const pageTtlMs = app.config.storeCacheSeconds * 1000;
  const rendered = new Map<string, RenderedPage>();
  const versionOf = (storeId: number) => `${stores.generation(storeId)}.${catalog.generation(storeId)}`;

  /** Sends a whole public page, or 304 when the client (a CDN, a browser) holds this very one. */
  function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
    reply.status(page.status).headers(page.headers);
    if (matchesEntityTag(request.headers['if-none-match'], page.headers.etag!)) return reply.status(304).send();
    return reply.send(page.html);
  }

  async function render(request: FastifyRequest, reply: FastifyReply) {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.`, code: 'route_not_found' });
    }
    const domain = requestDomain(request) ?? '';
    // The store's own settings shape its page policy (map frame, embedding origins).
    const store = domain ? await stores.findByDomain(domain) : null;
    const key = store && request.method === 'GET' && pageTtlMs > 0 ? `${store.id} ${request.headers.host} ${request.url}` : null;
    const version = store ? versionOf(store.id) : '';
    if (key) {
      const hit = rendered.get(key);
      const fresh = hit !== undefined && hit.version === version && hit.expires > Date.now();
      app.metrics.cacheLookup('rendered_page', fresh);
      if (fresh) return sendPage(request, reply, hit);
      if (hit) rendered.delete(key);
    }
    // A visitor who just wrote reads the primary in the page's calls too (plugins/read-replica.ts).
    const recentWrite = recentWriteMarker(request.headers.cookie);
    const context: WebLoadContext = {
      nonce: noncePlaceholder,
      site: async () => (store ? app.flows.site.layout({ store, actor: GUEST, ip: request.ip, log: request.log, replicaReads: recentWrite === undefined }) : null),
      async api(path, init = {}) {
        const res = await app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url: `/api/${path.replace(/^\//, '')}`,
          headers: {
            domain, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(recentWrite ? { cookie: recentWrite } : {}),
          },
          payload: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        return { status: res.statusCode, data: res.body ? res.json() : null };
      },
    };
    const url = `${request.protocol}://${request.headers.host ?? 'localhost'}${request.url}`;
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
    }
    const controller = new AbortController();
    reply.raw.on('close', () => { if (!reply.raw.writableFinished) controller.abort(); });
    const response = await handle(new Request(url, { method: request.method, headers, signal: controller.signal }), context as never);
    const own: Record<string, string> = {};
    for (const [key, value] of response.headers) {
      if (key !== 'set-cookie' && key !== 'cache-control') own[key] = value;
    }
    const cookies = response.headers.getSetCookie();
    const isPage = response.body !== null && response.headers.get('content-type')?.startsWith('text/html') === true;
    // Only pages whose route says anyone may see them are cached, and only whole (200) ones; account,
    // checkout and sign-in pages, errors and any route that says nothing are kept by no cache.
    const cacheable = isPage && response.headers.get('cache-control') === PUBLIC_PAGE && response.status === 200
      && request.method === 'GET' && cookies.length === 0;
    if (!isPage) {
      // HEAD, redirects and the data of client-side navigations (turbo-stream): sent as they come.
      reply.status(response.status).headers({ ...own, ...pageSecurityHeaders(store, newPageNonce()), 'cache-control': 'no-store' });
      if (cookies.length) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
    }
    // The page is read whole. Its nonce is a hash of the page itself (without the placeholder): the
    // same page always has the same bytes and headers, so its entity tag holds and a CDN may keep it,
    // while markup injected into a page changes the page and so the nonce it would need to run.
    const text = await response.text();
    const nonce = createHash('sha256').update(text.split(noncePlaceholder).join('')).digest().subarray(0, 16).toString('base64');
    const html = text.replaceAll(noncePlaceholder, nonce);
    const security = pageSecurityHeaders(store, nonce);
    const pageHeaders: Record<string, string> = { ...own, 'content-type': 'text/html; charset=utf-8', ...security };
    if (!cacheable) {
      reply.status(response.status).headers({ ...pageHeaders, 'cache-control': 'no-store' });
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(html);
    }
    // The nonce is already a hash of the page, so the tag hashes only it and the policy (a changed
    // embedding rule must not be answered 304), not the page a second time.
    const etag = `W/"${createHash('sha256').update(security['content-security-policy']!).digest('base64url').slice(0, 27)}"`;
    const page: RenderedPage = {
      status: response.status, html, version, expires: Date.now() + pageTtlMs,
      headers: { ...pageHeaders, 'cache-control': pageCacheControl, etag },
    };
    if (key) {
      // Oldest first: the map keeps insertion order.
      if (rendered.size >= RENDERED_PAGES) rendered.delete(rendered.keys().next().value!);
      rendered.set(key, page);
    }
    return sendPage(request, reply, page);
  }

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render });
}
