import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { newPageNonce, pageSecurityHeaders } from './security-headers.ts';
import { requestDomain } from '../lib/domains.ts';

/**
 * What loaders get as context: the API called in-process (no network hop), for the request's store,
 * and the page's CSP nonce, which entry.server.tsx gives to every inline script it renders.
 */
export interface WebLoadContext {
  api(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; data: unknown }>;
  nonce: string;
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

  async function render(request: FastifyRequest, reply: FastifyReply) {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.`, code: 'route_not_found' });
    }
    const domain = requestDomain(request) ?? '';
    const nonce = newPageNonce();
    // The store's own settings shape its page policy (map frame, embedding origins).
    const store = domain ? await app.services.stores.findByDomain(domain) : null;
    const context: WebLoadContext = {
      nonce,
      async api(path, init = {}) {
        const res = await app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url: `/api/${path.replace(/^\//, '')}`,
          headers: { domain, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
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
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key !== 'set-cookie') reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    reply.headers(pageSecurityHeaders(store, nonce));
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  }

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render });
}
