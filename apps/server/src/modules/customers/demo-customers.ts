import type { Database } from '@gemstore/db';
import { DEFAULT_COUNTRY_CODE_ID } from '@gemstore/contracts';
import { countCustomers, insertCustomer } from './customers.repo.ts';
import { hashPassword } from '../../lib/password.ts';
import type { DemoStores } from '../stores/demo-stores.ts';

/** The demo customer's sign-in details (README). */
export const DEMO_CUSTOMER = {
  name: 'Demo Customer',
  email: 'demo@gemstore.test',
  phone: '9876543210',
  password: 'demo1234',
} as const;

/**
 * One verified demo customer in each demo store (the stores served on `localhost` and
 * `*.localhost`), once: nothing happens when there is no `localhost` store or when it already
 * has customers. Answers how many customers were created.
 */
export async function seedDemoCustomers(db: Database, demo: DemoStores): Promise<number> {
  if (demo.home === null || (await countCustomers(db, demo.home)) > 0) return 0;
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  const now = new Date();
  let created = 0;
  for (const storeId of demo.storeIds) {
    if ((await countCustomers(db, storeId)) > 0) continue;
    await insertCustomer(db, {
      storeId, name: DEMO_CUSTOMER.name, email: DEMO_CUSTOMER.email, phone: DEMO_CUSTOMER.phone,
      phoneCountryCodeId: DEFAULT_COUNTRY_CODE_ID, passwordHash, emailVerifiedAt: now, phoneVerifiedAt: now,
    });
    created += 1;
  }
  return created;
}
