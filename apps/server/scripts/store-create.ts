/**
 * Creates a store for the operator, with an invitation for its owner:
 *
 *   npm run store:create -- --domain gems.example.com --name "Gems of Jaipur" --country IN --owner-email owner@example.com
 *     [--store-email shop@example.com] [--owner-name "Asha Rao"] [--origin https://gems.example.com]
 *
 * The store gets its settings, domain, categories, the nine gem types and the attribute lists
 * (packages/db seed/operator.ts); the owner gets an email with a link to set a password (through
 * the configured senders; the outbox in the demo). Outside production the link is printed too.
 * Uses the same settings as the server (DATABASE_URL or the embedded PGlite in DATA_DIR).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '@gemstore/db';
import { createOperatorStore } from '@gemstore/db/seed';
import { type Config, loadConfig } from '../src/config.ts';
import { startupLogger } from '../src/lib/logging.ts';
import { copySeedPictures } from '../src/demo/index.ts';
import { createMediaStore } from '../src/lib/media-store.ts';
import { createServices } from '../src/services.ts';
import { createJobs } from '../src/lib/jobs.ts';
import { defineMessageJob } from '../src/plugins/jobs.ts';
import type { Senders } from '../src/modules/notifications/senders.ts';

export interface StoreCreateInput {
  domain: string;
  name: string;
  country: string;
  ownerEmail: string;
  ownerName?: string;
  storeEmail?: string;
  /** Where the invitation link points; by default the domain (https in production, the server's port otherwise). */
  origin?: string;
}

/** Creates the store and invites its owner; answers the store id and the invitation link. */
export async function createStoreWithOwner(
  deps: { db: Database; config: Config; senders?: Senders }, input: StoreCreateInput,
): Promise<{ storeId: number; link: string }> {
  const { db, config } = deps;
  const domain = input.domain.trim().toLowerCase();
  const storeId = await createOperatorStore(db, {
    domain, name: input.name, country: input.country, email: input.storeEmail ?? input.ownerEmail, mediaDir: config.mediaDir,
    onPicturesWritten: () => copySeedPictures(config, (line) => startupLogger(config).info(line)),
  });
  const log = startupLogger(config);
  // The invitation is queued as the server queues messages, then sent from here at once.
  const jobs = createJobs({ db, log, pollSeconds: 0 });
  const mediaStore = createMediaStore(config.media, config.dataDir);
  const services = createServices({ db, config, senders: deps.senders, jobs, mediaStore });
  defineMessageJob(jobs, services, config);
  await jobs.start();
  try {
    const store = (await services.stores.findById({}, storeId))!;
    const origin = input.origin ?? (config.env === 'production' ? `https://${domain}` : `http://${domain}:${config.port}`);
    const ctx = { store, actor: { kind: 'system' } as const, ip: '127.0.0.1', log };
    const link = await services.staff.inviteOwner(ctx, { email: input.ownerEmail.trim().toLowerCase(), name: input.ownerName ?? 'Owner', origin });
    const sent = await jobs.runDue();
    if (sent.failed) log.warn('the invitation could not be sent now; a running server tries again (MESSAGE_RETRY_DELAY_SECONDS)');
    return { storeId, link };
  } finally {
    await jobs.stop();
    await mediaStore.close();
  }
}

const USAGE = 'Usage: npm run store:create -- --domain D --name N --country IN --owner-email E [--owner-name NAME] [--store-email E] [--origin URL]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      domain: { type: 'string' }, name: { type: 'string' }, country: { type: 'string' }, 'owner-email': { type: 'string' },
      'owner-name': { type: 'string' }, 'store-email': { type: 'string' }, origin: { type: 'string' },
    },
  });
  if (!values.domain || !values.name || !values.country || !values['owner-email']) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'), poolSize: 2,
  });
  try {
    const { storeId, link } = await createStoreWithOwner({ db: handle.db, config }, {
      domain: values.domain, name: values.name, country: values.country, ownerEmail: values['owner-email'],
      ownerName: values['owner-name'], storeEmail: values['store-email'], origin: values.origin,
    });
    console.log(`Store ${storeId} "${values.name}" created for ${values.domain}; an invitation was sent to ${values['owner-email']}.`);
    if (config.env !== 'production') console.log(`Invitation link (development): ${link}`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
