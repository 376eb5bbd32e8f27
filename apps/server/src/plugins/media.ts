import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import { PUBLIC_PREFIX, publicCacheControl } from '../lib/media-store.ts';
import { matchesEntityTag } from './web.ts';

/** What every public media file is sent with: never sniffed as another type, nothing active inside it. */
function mediaHeaders(path: string): [string, string][] {
  return [
    ['cache-control', publicCacheControl(path)],
    ['x-content-type-options', 'nosniff'],
    ['content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"],
  ];
}

/** The old public folder of return photos, refused even if a file turns up in it again. */
const RETURNS_FOLDER = /^\/*returns(\/|$)/i;

/**
 * Public media at /media/: catalogue pictures named by their content are cached for good, other
 * files a day. From the local disk (DATA_DIR/media) through @fastify/static; from a bucket
 * (MEDIA_STORE=s3://…) read through the store, for a CDN or a browser that asks this server.
 * Return photos are private (served only through signed links, modules/returns/photos.ts) and
 * never live under media/.
 */
export async function mediaPlugin(app: FastifyInstance) {
  const { store } = app.services.media;
  app.addHook('onClose', async () => store.close());
  if (store.publicDir) {
    mkdirSync(store.publicDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.publicDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      allowedPath: (pathName) => !RETURNS_FOLDER.test(pathName),
      // The header is set below (the library's own would replace it).
      cacheControl: false,
      setHeaders: (res, path) => {
        for (const [name, value] of mediaHeaders(path.slice(store.publicDir!.length + 1).replaceAll('\\', '/'))) res.setHeader(name, value);
      },
    });
    return;
  }

  app.get('/media/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const segments = path.split('/');
    if (!path || RETURNS_FOLDER.test(path) || /[\\\0]/.test(path) || segments.some((s) => s === '' || s === '..' || s.startsWith('.'))) {
      return reply.status(404).send({ message: 'There is no such file.', code: 'not_found' });
    }
    const file = await store.get(`${PUBLIC_PREFIX}${path}`);
    if (!file) return reply.status(404).send({ message: 'There is no such file.', code: 'not_found' });
    reply.headers(Object.fromEntries(mediaHeaders(path)));
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    if (file.etag) {
      reply.header('etag', file.etag);
      if (matchesEntityTag(request.headers['if-none-match'], file.etag)) {
        file.body.destroy();
        return reply.status(304).send();
      }
    }
    return reply.type(file.contentType).header('content-length', file.size).send(file.body);
  });
}
