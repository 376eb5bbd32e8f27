import { eq, like, or } from 'drizzle-orm';
import { type Database, storeDomains } from '@gemstore/db';
import { hashPassword } from '../../lib/password.ts';
import { insertStaff, listLive } from './staff.repo.ts';

/** The demo owner's sign-in details in every demo store (README). */
export const DEMO_OWNER = { name: 'Demo Owner', email: 'owner@gemstore.test', password: 'demo1234' } as const;

/**
 * One owner in each demo store (the stores served on `localhost` and `*.localhost`) that has no
 * staff yet. Answers how many were created.
 */
export async function seedDemoOwners(db: Database): Promise<number> {
  const rows = await db.selectDistinct({ storeId: storeDomains.storeId }).from(storeDomains)
    .where(or(eq(storeDomains.domain, 'localhost'), like(storeDomains.domain, '%.localhost')));
  let passwordHash: string | undefined;
  let created = 0;
  for (const { storeId } of rows) {
    if ((await listLive(db, storeId)).length > 0) continue;
    passwordHash ??= await hashPassword(DEMO_OWNER.password);
    await insertStaff(db, { storeId, name: DEMO_OWNER.name, email: DEMO_OWNER.email, role: 'owner', status: 'active', passwordHash });
    created += 1;
  }
  return created;
}
