import { enquiries } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export async function insertEnquiry(db: Executor, values: { storeId: number; name: string; email: string; phone: string; message: string }) {
  const [row] = await db.insert(enquiries).values(values).returning();
  return row!;
}
