import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';

/** Catalogue pictures and uploads from DATA_DIR/media: never sniffed as another type, cached a day. */
export async function mediaPlugin(app: FastifyInstance) {
  mkdirSync(app.config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '1d',
    setHeaders: (res) => {
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    },
  });
}
