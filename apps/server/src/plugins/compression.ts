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
 * Brotli at quality 4 compresses a page about as well as gzip at its default in less time; the
 * top quality (11, the library's default) suits the build, where it runs once, not each request.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are never inflated: a compressed upload would slip past the body limit's meaning.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // HTML, JavaScript, CSS, SVG and JSON (with its +json variants such as the OpenAPI document), plain text and XML.
    customTypes: /^(text\/|application\/(?:javascript|json|[a-z.+-]+\+json|xml|[a-z.+-]+\+xml)|image\/svg\+xml)/,
  });
});
