import type { Database } from '@gemstore/db';
import type { StaffActor } from '../../lib/context.ts';
import { hashPassword } from '../../lib/password.ts';
import type { DemoStores } from '../stores/demo-stores.ts';
import { insertStaff, listLive } from './staff.repo.ts';

/** The demo owner's sign-in details in every demo store (README). */
export const DEMO_OWNER = { name: 'Demo Owner', email: 'owner@gemstore.test', password: 'demo1234' } as const;

/**
 * One owner in each demo store (the stores served on `localhost` and `*.localhost`) that has no
 * staff yet. Answers how many were created.
 */
export async function seedDemoOwners(db: Database, demo: DemoStores): Promise<number> {
  let passwordHash: string | undefined;
  let created = 0;
  for (const storeId of demo.storeIds) {
    if ((await listLive(db, storeId)).length > 0) continue;
    passwordHash ??= await hashPassword(DEMO_OWNER.password);
    await insertStaff(db, { storeId, name: DEMO_OWNER.name, email: DEMO_OWNER.email, role: 'owner', status: 'active', passwordHash });
    created += 1;
  }
  return created;
}

/** The demo owner of a store as the actor of back-office steps (the demo's orders are worked on in their name); null when it has none. */
export async function findDemoOwner(db: Database, storeId: number): Promise<StaffActor | null> {
  const member = (await listLive(db, storeId)).find((m) => m.email === DEMO_OWNER.email && m.role === 'owner' && m.status === 'active');
  return member ? { kind: 'staff', staffId: member.id, role: member.role, twoFactor: member.totpEnabled, sessionId: null, firstFactor: 'password', secondFactor: null } : null;
}
