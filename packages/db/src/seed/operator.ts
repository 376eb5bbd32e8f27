import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { storeDomains } from '../schema/index.ts';
import { createCatalogue } from './catalogue.ts';
import { writeCatalogueImages, writeStoreImages } from './images.ts';
import { ATELIER, RATNA, createStore, type StoreDef } from './stores.ts';

export interface OperatorStoreInput {
  domain: string;
  name: string;
  /** ISO 3166 country code: IN makes an Indian store (INR, +91), anything else an international one (USD). */
  country: string;
  email: string;
  mediaDir: string;
  /** Called once the pictures are written to mediaDir, before any row names them (the server copies them to its media store). */
  onPicturesWritten?: () => Promise<void>;
}

/**
 * A new, empty store for the operator (npm run store:create): its settings, domain, categories,
 * the nine gem types and the attribute lists (grades, colours, clarities, shapes, origins, ratti
 * standards), as the demo builds its stores, with no stones, posts or pages. Answers the store id;
 * throws when the domain already selects a store.
 */
export async function createOperatorStore(db: Database, input: OperatorStoreInput): Promise<number> {
  const domain = input.domain.toLowerCase();
  const indian = input.country.toUpperCase() === 'IN';
  const base = indian ? RATNA : ATELIER;
  const def: StoreDef = {
    ...base,
    slug: `store-${domain.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
    name: input.name, tagline: '', email: input.email, domains: [domain],
    phone: '', address: '', city: '', state: '', country: indian ? 'India' : input.country.toUpperCase(),
    mapEmbedUrl: '', social: {}, slides: [], banners: [],
  };
  writeCatalogueImages(input.mediaDir);
  writeStoreImages(input.mediaDir, def);
  await input.onPicturesWritten?.();
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ storeId: storeDomains.storeId }).from(storeDomains).where(eq(storeDomains.domain, domain)).limit(1);
    if (taken) throw new Error(`The domain ${domain} already selects store ${taken.storeId}.`);
    const storeId = await createStore(tx, def);
    await createCatalogue(tx, storeId);
    return storeId;
  });
}
