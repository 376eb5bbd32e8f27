import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { openDatabase } from '@gemstore/db';
import { join } from 'node:path';
import { AggregatorRegistry } from 'prom-client';
import { buildApp } from './app.ts';
import { trackConnections } from './lib/connection-drain.ts';
import { handOutConnections, takeHandedConnections, workerSocketPath } from './lib/worker-connections.ts';
import { installJobsSchema } from './lib/jobs.ts';
import { startupLogger } from './lib/logging.ts';
import { createMetrics } from './lib/metrics.ts';
import { serveMetrics } from './plugins/metrics.ts';
import { seedDemo } from './demo/index.ts';
import { loadConfig, type Config } from './config.ts';

/** A keep-alive connection idle this long while the server stops is closed: its client is most likely done with it. */
const IDLE_CONNECTION_GRACE_MS = 1000;
/** Time left after the drain for the app and the database to close before the process exits anyway. */
const CLOSE_GRACE_MS = 5000;
/** How long a worker waits beyond SHUTDOWN_DELAY_SECONDS for its primary to say that no connection follows. */
const RETIRE_GRACE_MS = 2000;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A bad or missing setting stops the server before it touches anything, with the variable named.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
// Each step of the start (migrations, the first start's seed) says what it did, in one line.
const startup = startupLogger(config);
const onProgress = (line: string) => startup.info(line);
const pgliteDir = config.databaseUrl ? undefined : join(config.dataDir, 'pglite');
const workers = config.webConcurrency > 1;

if (workers && cluster.isPrimary) await runPrimary(config);
else await runServer(config);

/** Opens the database; in the one process that prepares it (a lone server, or a cluster's primary), migrates it and seeds the demo. */
async function openPrepared(config: Config, prepare: boolean) {
  if (prepare) onProgress(pgliteDir ? `database: opening the embedded PGlite in ${pgliteDir}` : 'database: connecting to PostgreSQL (DATABASE_URL)');
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    poolSize: config.dbPoolSize,
    migrate: prepare,
    ...(prepare ? { onProgress } : {}),
  });
  if (prepare && config.seedDemo) await seedDemo(handle.db, config, { onProgress, log: startup });
  return handle;
}

/**
 * WEB_CONCURRENCY workers (node:cluster) on one port, sharing nothing but the database and the
 * media folder (docs/decisions/0041). The primary migrates and seeds once, starts the workers,
 * serves every worker's metrics in one scrape on METRICS_PORT, starts a worker again when one dies,
 * and on SIGTERM (or SIGINT) passes the signal on and exits once every worker has drained.
 */
async function runPrimary(config: Config): Promise<void> {
  const handle = await openPrepared(config, true);
  await installJobsSchema(handle.db);
  await handle.close();
  const aggregator = new AggregatorRegistry();
  const metricsServer = config.metrics.port === undefined ? undefined : await serveMetrics({
    host: config.metrics.host, port: config.metrics.port, token: config.metrics.token,
    scrape: async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() }),
  });
  // The primary takes the port and hands each connection to a worker (lib/worker-connections.ts).
  const connections = handOutConnections({
    port: config.port, host: config.host,
    onError: (err) => startup.error({ err }, 'the listening socket failed to accept a connection'),
  });
  let stopping = false;
  let failed = false;
  const start = () => connections.add(cluster.fork());
  /** Workers ended while still starting, when the primary stopped: they had been handed nothing. */
  const endedStarting = new Set<number>();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0 && !endedStarting.has(worker.id)) failed = true;
      return;
    }
    if (code === 0) startup.info({ pid: worker.process.pid }, 'a worker stopped; starting another');
    else startup.error({ pid: worker.process.pid, code, signal }, 'a worker stopped unexpectedly; starting another');
    start();
  });
  for (let i = 0; i < config.webConcurrency; i++) start();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    startup.info({ signal }, 'shutting down: every worker finishes the requests in progress');
    const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    const exited = running.map((w) => new Promise<void>((resolve) => {
      if (w.isDead()) resolve();
      else w.once('exit', () => resolve());
    }));
    // Readiness answers 503 in every worker at once; the port closes after SHUTDOWN_DELAY_SECONDS,
    // and only then does a worker drain: every connection accepted until then is served.
    const { starting } = connections.stop(config.shutdownDelaySeconds * 1000);
    for (const w of starting) {
      endedStarting.add(w.id);
      w.process.kill('SIGTERM');
    }
    void Promise.all(exited).then(async () => {
      if (metricsServer) await new Promise((resolve) => metricsServer.close(resolve));
      process.exit(failed ? 1 : 0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  try {
    await connections.listening;
  } catch (err) {
    startup.error({ err }, `cannot listen on ${config.host}:${config.port}`);
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    process.exit(1);
  }
  startup.info(`Gemstore on http://localhost:${config.port}: ${config.webConcurrency} workers (postgres)${metricsServer ? `, metrics on http://${config.metrics.host}:${config.metrics.port}/metrics` : ''}`);
}

/** One server process: alone, or one of a cluster's workers (then it neither migrates nor seeds, and its metrics go to the primary's scrape). */
async function runServer(config: Config): Promise<void> {
  const handle = await openPrepared(config, !cluster.isWorker);
  // The read replica: a streaming standby, never migrated (it replays the primary's migrations).
  const replica = config.readReplica.url
    ? await openDatabase({ databaseUrl: config.readReplica.url, poolSize: config.dbPoolSize, migrate: false })
    : undefined;
  if (replica && !cluster.isWorker) onProgress(`database: public catalogue reads on the read replica (DATABASE_READ_URL) while it is at most ${config.readReplica.maxLagSeconds} s behind`);
  const metrics = createMetrics();
  if (cluster.isWorker) {
    // Answers the primary's requests for this worker's metrics (METRICS_PORT answers for all).
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([metrics.registry]);
  }
  // A cluster's metrics are served by its primary; a lone server serves its own on METRICS_PORT.
  const app = await buildApp({ config, db: handle.db, connections: handle, replica, metrics });
  const metricsServer = cluster.isWorker || config.metrics.port === undefined ? undefined : await serveMetrics({
    host: config.metrics.host, port: config.metrics.port, token: config.metrics.token,
    scrape: async () => ({ contentType: metrics.registry.contentType, body: await metrics.registry.metrics() }),
  });
  const httpConnections = trackConnections(app.server);
  // In a cluster the primary holds the port and hands this worker its connections, and says when
  // to stop (lib/worker-connections.ts).
  let closing = false;
  let stopOnce = () => {};
  const handed = cluster.isWorker ? takeHandedConnections(app.server, () => stopOnce()) : undefined;
  // SIGTERM (and SIGINT): stop accepting, finish what was accepted, then close the app and the database.
  // A worker stops when its primary says so, or on a SIGTERM of its own, once: a group's SIGTERM
  // reaches the primary too, and Ctrl-C every process of the terminal, and a second signal would
  // cut the drain short.
  const shutdown = closeWithGrace({
    delay: (config.shutdownDelaySeconds + config.shutdownTimeoutSeconds) * 1000 + CLOSE_GRACE_MS + (handed ? RETIRE_GRACE_MS : 0),
    ...(handed ? { skip: ['SIGINT', 'SIGTERM'] } : {}),
  }, async ({ signal, err }) => {
    closing = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing the requests in progress');
    // Not ready from now on; behind a balancer, new connections are still taken for SHUTDOWN_DELAY_SECONDS,
    // the time its health check needs to take this process out, so none is refused meanwhile.
    app.services.health.drain();
    if (handed) {
      // The primary goes on handing over connections for SHUTDOWN_DELAY_SECONDS (one worker stopping
      // alone: none from now on), then closes the port and says that none follows.
      await handed.retire(config.shutdownDelaySeconds * 1000 + RETIRE_GRACE_MS);
    } else if (!err && config.shutdownDelaySeconds > 0) {
      app.log.info(`readiness answers 503; accepting connections for ${config.shutdownDelaySeconds} s more`);
      await new Promise((r) => setTimeout(r, config.shutdownDelaySeconds * 1000));
    }
    const left = await httpConnections.drain({ idleMs: IDLE_CONNECTION_GRACE_MS, timeoutMs: config.shutdownTimeoutSeconds * 1000 });
    if (left) {
      app.log.warn({ connections: left }, `closing connections still busy after ${config.shutdownTimeoutSeconds} s`);
      app.server.closeAllConnections();
    }
    await app.close();
    if (metricsServer) await new Promise((resolve) => metricsServer.close(resolve));
    await Promise.all([handle.close(), replica?.close()]);
  });
  stopOnce = () => {
    if (closing) return;
    closing = true;
    void shutdown.close();
  };
  if (handed) {
    process.on('SIGTERM', () => stopOnce());
    process.on('SIGINT', () => {});
    const socket = workerSocketPath();
    process.once('exit', () => socket.remove());
    await app.listen({ path: socket.path, exclusive: true });
    handed.ready();
    app.log.info(`worker ${process.pid} serving on port ${config.port}`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Gemstore on http://localhost:${config.port} (${handle.kind}${handle.kind === 'pglite' ? `, ${join(config.dataDir, 'pglite')}` : ''})${metricsServer ? `, metrics on http://${config.metrics.host}:${config.metrics.port}/metrics` : ''}`);
}
