import type { FastifyInstance } from 'fastify';
import { endpoints, seoRoutes as seoRouteTable } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { renderOgImage } from './og-image.ts';

/** A search engine reads these about once a day; an hour keeps a new stone from waiting long. */
const CACHE = 'public, max-age=3600';

/**
 * GET /robots.txt, /sitemap.xml and /sitemaps/{n}.xml at the root of each store's domain: the store
 * is the host's (the route table's tenant: true), and every URL in them is on the store's own domain.
 */
export async function seoRoutes(app: FastifyInstance) {
  const { seo } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, seoRouteTable), {
    robots: async (request, reply) => reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(seo.robots(request.ctx)),
    sitemap: async (request, reply) => reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(await seo.sitemap(request.ctx)),
    sitemapFile: async (request, reply) => {
      const n = Number(request.params.file.replace(/\.xml$/, ''));
      return reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(await seo.sitemapFile(request.ctx, n));
    },
    // The same for every store (media is shared, like /media/), so no tenant: a day's cache, as /media/ has.
    ogImage: async (request, reply) => reply.header('cache-control', 'public, max-age=86400').type('image/png')
      .send(await renderOgImage(app.services.media.store, request.params['*'])),
  });
}
