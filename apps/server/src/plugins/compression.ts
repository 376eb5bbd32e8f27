import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/**
 * Answers compressed with brotli or gzip, as the client accepts (docs/decisions/0023-compression-and-search-engines.md):
 * server-rendered pages, API JSON, payment pages and SVG pictures. Types that are already compressed
 * (JPEG, PNG, WebP, fonts) and bodies under 1 KiB are sent as they are. Built assets are not
 * compressed here: the build wrote .br and .gz copies beside them, which the static plugin sends.
 *
 * Brotli at quality 5 per answer: a page comes out 7 to 8 % smaller than at 4 (a stone's page 14.9
 * kB instead of 16.0, home 13.1 instead of 14.1, so it fits a new connection's first 14.6 kB) for
 * 0.1 to 0.5 ms more; above 5 it hardly shrinks until 10, which takes twenty times as long. The
 * top quality (11, the library's default) suits the build, where it runs once, not each request.
 */
export const BROTLI_QUALITY = 5;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are never inflated: a compressed upload would slip past the body limit's meaning.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
    // HTML, JavaScript, CSS, SVG and JSON (with its +json variants such as the OpenAPI document), plain text and XML.
    customTypes: /^(text\/|application\/(?:javascript|json|[a-z.+-]+\+json|xml|[a-z.+-]+\+xml)|image\/svg\+xml)/,
  });
});
