import closeWithGrace from 'close-with-grace';
import { openDatabase } from '@gemstore/db';
import { seedDemoIfEmpty } from '@gemstore/db/seed';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { seedDemoCustomers } from './modules/auth/demo-customers.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
  poolSize: config.dbPoolSize,
});
if (config.seedDemo) {
  await seedDemoIfEmpty(handle.db, { mediaDir: config.mediaDir });
  await seedDemoCustomers(handle.db);
}

const app = await buildApp({ config, db: handle.db, connections: handle });
closeWithGrace({ delay: 10000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  await app.close();
  await handle.close();
});
await app.listen({ port: config.port, host: config.host });
app.log.info(`Gemstore on http://localhost:${config.port} (${handle.kind}${handle.kind === 'pglite' ? `, ${join(config.dataDir, 'pglite')}` : ''})`);
