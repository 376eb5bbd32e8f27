import { primaryKey, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A shop-owned table's primary key: its id with the shop's id, which every key and reference
 * between shop-owned tables carries, so the tables can be split across database nodes by shop
 * (docs/decisions/0043). The id comes from the table's sequence, so it is unique on its own and the
 * API and addresses keep naming rows by it; it comes first so a look-up by id alone still uses
 * the key's index.
 */
export const shopKey = (t: { id: AnyPgColumn; storeId: AnyPgColumn }) => primaryKey({ columns: [t.id, t.storeId] });
