import { eq, like, or } from 'drizzle-orm';
import { type Database, storeDomains } from '@gemstore/db';
import { DEFAULT_COUNTRY_CODE_ID } from '@gemstore/contracts';
import { countCustomers, insertCustomer } from './customers.repo.ts';
import { hashPassword } from '../../lib/password.ts';

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
export async function seedDemoCustomers(db: Database): Promise<number> {
  const [home] = await db.select({ storeId: storeDomains.storeId }).from(storeDomains).where(eq(storeDomains.domain, 'localhost')).limit(1);
  if (!home || (await countCustomers(db, home.storeId)) > 0) return 0;
  const rows = await db.selectDistinct({ storeId: storeDomains.storeId }).from(storeDomains)
    .where(or(eq(storeDomains.domain, 'localhost'), like(storeDomains.domain, '%.localhost')));
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  const now = new Date();
  let created = 0;
  for (const { storeId } of rows) {
    if ((await countCustomers(db, storeId)) > 0) continue;
    await insertCustomer(db, {
      storeId, name: DEMO_CUSTOMER.name, email: DEMO_CUSTOMER.email, phone: DEMO_CUSTOMER.phone,
      phoneCountryCodeId: DEFAULT_COUNTRY_CODE_ID, passwordHash, emailVerifiedAt: now, phoneVerifiedAt: now,
    });
    created += 1;
  }
  return created;
}
