import type { OrderStage } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { seedDemoIfEmpty } from '@gemstore/db/seed';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { copyMediaFolder } from '../lib/media-copy.ts';
import { createMediaStore } from '../lib/media-store.ts';
import { seedDemoOrders } from './orders.ts';
import { createFlows } from '../flows/index.ts';
import { seedDemoCustomers } from '../modules/customers/demo-customers.ts';
import { findDemoOwner, seedDemoOwners } from '../modules/staff/demo-staff.ts';
import { findDemoStores } from '../modules/stores/demo-stores.ts';
import { createServices } from '../services.ts';
import { createJobs } from '../lib/jobs.ts';

/** The start's line names the demo's orders by where they stand, in the order they get there. */
const STAGE_WORDS: [OrderStage, string][] = [
  ['awaiting_payment', 'awaiting payment'], ['paid', 'to dispatch'], ['dispatched', 'dispatched'], ['delivered', 'delivered'],
  ['return_requested', 'with a return open'], ['cancelled', 'cancelled'],
];

export interface DemoSeedOptions {
  /** Told, one line per step, what was written (the server prints it at start). */
  onProgress: (line: string) => void;
  log: FastifyBaseLogger;
  /** The moment the demo's orders are dated back from. */
  now?: Date;
}

/**
 * The demo at start (SEED_DEMO, README: Quick start): on an empty database the two demo stores
 * with their catalogue and content; their demo customer and owner whenever a store lacks them;
 * and, on the first start only, their demo shoppers' orders. Orders are paid through the sandbox,
 * so a server without it (production) seeds none.
 */
export async function seedDemo(db: Database, config: Config, { onProgress, log, now = new Date() }: DemoSeedOptions): Promise<void> {
  const seeded = await seedDemoIfEmpty(db, { mediaDir: config.mediaDir, onProgress, onPicturesWritten: () => copySeedPictures(config, onProgress) });
  const demoStores = await findDemoStores(db);
  const customers = await seedDemoCustomers(db, demoStores);
  if (customers > 0) onProgress(`demo customers: ${customers}, one per demo store (README: Quick start)`);
  const owners = await seedDemoOwners(db, demoStores);
  if (owners > 0) onProgress(`demo owners: ${owners}, one per demo store (README: Quick start)`);
  if (!seeded || demoStores.storeIds.length === 0) return;
  if (config.env === 'production' || !config.checkout.sandboxEnabled) {
    onProgress('demo orders: none (they are paid through the sandbox, which is off on this server)');
    return;
  }

  // Services of their own, whose messages stay in the outbox: the demo's shoppers are never written to.
  // With no sender, messages are only stored: the job queue is never sent to, so it need not run.
  const jobs = createJobs({ db, log, pollSeconds: 0 });
  const mediaStore = createMediaStore(config.media, config.dataDir);
  const services = createServices({ db, config, senders: { email: null, phone: null }, jobs, mediaStore });
  const flows = createFlows(db, services, config, jobs);
  const stores = await Promise.all(demoStores.storeIds.map(async (storeId) => ({ storeId, owner: await findDemoOwner(db, storeId) })));
  const made = await seedDemoOrders({ services, flows, site: config.site, log }, stores, now).finally(() => mediaStore.close());
  for (const s of made) {
    const stages = STAGE_WORDS.flatMap(([stage, words]) => (s.stages[stage] ? [`${s.stages[stage]} ${words}`] : [])).join(', ');
    const took = s.ms < 1000 ? `${Math.round(s.ms)} ms` : `${(s.ms / 1000).toFixed(1)} s`;
    onProgress(`demo orders in ${s.storeName}: ${s.orders} from ${s.shoppers} demo shoppers over the last ${s.days} days (${stages}; ${s.returns} returns) in ${took}`);
  }
}

/**
 * Seeds write their pictures to DATA_DIR/media; with a bucket (MEDIA_STORE=s3://…) they are copied
 * into it before any row names them, so every replica serves them.
 */
export async function copySeedPictures(config: Config, onProgress: (line: string) => void): Promise<void> {
  if (!config.media.s3) return;
  const store = createMediaStore(config.media, config.dataDir);
  try {
    const started = performance.now();
    const counts = await copyMediaFolder(config.dataDir, store);
    const { bucket, prefix } = config.media.s3;
    onProgress(`media: ${counts.copied} files copied to s3://${bucket}/${prefix} (${counts.skipped} already there) in ${Math.round(performance.now() - started)} ms`);
  } finally {
    store.close();
  }
}
