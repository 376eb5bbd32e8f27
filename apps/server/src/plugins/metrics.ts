import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Whether the request's `Authorization: Bearer …` is the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A scrape's answer: the text format and its content type. */
export type Scrape = () => Promise<{ contentType: string; body: string }>;

/**
 * Metrics on a port of their own (METRICS_PORT on METRICS_HOST, by default loopback only): GET
 * /metrics, with the bearer token when METRICS_TOKEN is set. Nothing else is served there.
 */
export async function serveMetrics(options: { host: string; port: number; token?: string; scrape: Scrape }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (options.token && !bearerMatches(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('The metrics need METRICS_TOKEN as a bearer token.\n');
      return;
    }
    options.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`Metrics could not be gathered: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}

/**
 * Every request's route, status and time go to the metrics. With METRICS_TOKEN and no
 * METRICS_PORT, GET /metrics on the public port answers this process's metrics to a bearer of the
 * token (401 otherwise); without the token it is not a route at all.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { metrics, config } = app;
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  const token = config.metrics.token;
  if (!token || config.metrics.port !== undefined) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'The metrics need METRICS_TOKEN as a bearer token.', code: 'unauthorized' });
    }
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
});
