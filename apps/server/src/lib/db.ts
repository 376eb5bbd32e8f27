import type { Database } from '@gemstore/db';

/** A transaction handle, accepted wherever the database is (repository functions take `Executor`). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;
