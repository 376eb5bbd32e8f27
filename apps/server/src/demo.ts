import type { OrderStage } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { seedDemoIfEmpty } from '@gemstore/db/seed';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { seedDemoOrders } from './flows/demo-orders.ts';
import { createFlows } from './flows/index.ts';
import { seedDemoCustomers } from './modules/customers/demo-customers.ts';
import { findDemoOwner, seedDemoOwners } from './modules/staff/demo-staff.ts';
import { findDemoStores } from './modules/stores/demo-stores.ts';
import { createServices } from './services.ts';

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
  const seeded = await seedDemoIfEmpty(db, { mediaDir: config.mediaDir, onProgress });
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
  const services = createServices({ db, config, senders: { email: null, phone: null } });
  const flows = createFlows(db, services, config);
  const stores = await Promise.all(demoStores.storeIds.map(async (storeId) => ({ storeId, owner: await findDemoOwner(db, storeId) })));
  const made = await seedDemoOrders({ services, flows, site: config.site, log }, stores, now);
  for (const s of made) {
    const stages = STAGE_WORDS.flatMap(([stage, words]) => (s.stages[stage] ? [`${s.stages[stage]} ${words}`] : [])).join(', ');
    const took = s.ms < 1000 ? `${Math.round(s.ms)} ms` : `${(s.ms / 1000).toFixed(1)} s`;
    onProgress(`demo orders in ${s.storeName}: ${s.orders} from ${s.shoppers} demo shoppers over the last ${s.days} days (${stages}; ${s.returns} returns) in ${took}`);
  }
}
