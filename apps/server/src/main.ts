import closeWithGrace from 'close-with-grace';
import { openDatabase } from '@gemstore/db';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { trackConnections } from './lib/connection-drain.ts';
import { startupLogger } from './lib/logging.ts';
import { seedDemo } from './demo.ts';
import { loadConfig, type Config } from './config.ts';

/** A keep-alive connection idle this long while the server stops is closed: its client is most likely done with it. */
const IDLE_CONNECTION_GRACE_MS = 1000;
/** Time left after the drain for the app and the database to close before the process exits anyway. */
const CLOSE_GRACE_MS = 5000;

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
onProgress(pgliteDir ? `database: opening the embedded PGlite in ${pgliteDir}` : 'database: connecting to PostgreSQL (DATABASE_URL)');
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir,
  poolSize: config.dbPoolSize,
  onProgress,
});
if (config.seedDemo) await seedDemo(handle.db, config, { onProgress, log: startup });
// The read replica: a streaming standby, never migrated (it replays the primary's migrations).
const replica = config.readReplica.url
  ? await openDatabase({ databaseUrl: config.readReplica.url, poolSize: config.dbPoolSize, migrate: false })
  : undefined;
if (replica) onProgress(`database: public catalogue reads on the read replica (DATABASE_READ_URL) while it is at most ${config.readReplica.maxLagSeconds} s behind`);

const app = await buildApp({ config, db: handle.db, connections: handle, replica });
const httpConnections = trackConnections(app.server);
// SIGTERM (and SIGINT): stop accepting, finish what was accepted, then close the app and the database.
closeWithGrace({ delay: (config.shutdownDelaySeconds + config.shutdownTimeoutSeconds) * 1000 + CLOSE_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down: finishing the requests in progress');
  // Not ready from now on; behind a balancer, new connections are still taken for SHUTDOWN_DELAY_SECONDS,
  // the time its health check needs to take this process out, so none is refused meanwhile.
  app.services.health.drain();
  if (!err && config.shutdownDelaySeconds > 0) {
    app.log.info(`readiness answers 503; accepting connections for ${config.shutdownDelaySeconds} s more`);
    await new Promise((r) => setTimeout(r, config.shutdownDelaySeconds * 1000));
  }
  const left = await httpConnections.drain({ idleMs: IDLE_CONNECTION_GRACE_MS, timeoutMs: config.shutdownTimeoutSeconds * 1000 });
  if (left) {
    app.log.warn({ connections: left }, `closing connections still busy after ${config.shutdownTimeoutSeconds} s`);
    app.server.closeAllConnections();
  }
  await app.close();
  await Promise.all([handle.close(), replica?.close()]);
});
await app.listen({ port: config.port, host: config.host });
app.log.info(`Gemstore on http://localhost:${config.port} (${handle.kind}${handle.kind === 'pglite' ? `, ${join(config.dataDir, 'pglite')}` : ''})`);
