import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';

/**
 * Catalogue pictures from DATA_DIR/media: never sniffed as another type, cached a day. Return
 * photos are private (served only through signed links, modules/returns/photos.ts); they no longer
 * live here, and the old returns/ folder is refused even if a file turns up in it again.
 */
export async function mediaPlugin(app: FastifyInstance) {
  mkdirSync(app.config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => !/^\/*returns(\/|$)/i.test(pathName),
    // The header is set below (the library's own would replace it).
    cacheControl: false,
    setHeaders: (res, path) => {
      // Uploaded pictures are named by their content (modules/media): a name never shows anything else.
      res.setHeader('cache-control', /[/\\]stores[/\\]\d+[/\\]img[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    },
  });
}
