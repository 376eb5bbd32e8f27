import type { Database } from '@gemstore/db';
import { listDemoStores } from './stores.repo.ts';

/**
 * The demo's stores (served on `localhost` and `*.localhost`), which get a demo customer and a demo
 * owner at start (README: Quick start); `home` is the one on `localhost`, if any.
 */
export interface DemoStores {
  home: number | null;
  storeIds: number[];
}

export async function findDemoStores(db: Database): Promise<DemoStores> {
  const rows = await listDemoStores(db);
  return { home: rows.find((r) => r.home)?.storeId ?? null, storeIds: rows.map((r) => r.storeId) };
}
