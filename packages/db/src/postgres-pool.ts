/**
 * The PostgreSQL connection pool behind Drizzle, made to live through database outages
 * (docs/decisions/0015-outages-and-shutdown.md). postgres.js 3.4.9, the newest release, has two defects
 * that show when a connection dies under load, and this module keeps the server clear of both
 * without changing the driver:
 *
 * - A transaction whose connection broke is answered with ROLLBACK on that same connection. The
 *   driver writes it from a timer after the socket is gone, the write throws there, out of reach of
 *   any catch, and the process ends. Here a transaction body that failed because its connection was
 *   lost never hands its failure back to the driver, so no ROLLBACK is sent; the server rolls such a
 *   transaction back by itself, and begin() still rejects, as it does whenever the connection closes.
 * - A connection that closes while a write is waiting for the next turn of the event loop keeps that
 *   write, and with it every later one, unsent: once the database is back, each use of that
 *   connection waits out the connect timeout and fails. So after an outage the whole pool is
 *   replaced by a new one (renew()), and the old one is ended once its running queries are done.
 *
 * And one of its own: a transaction's BEGIN sent to a connection whose pipeline is full is written
 * but the connection is not kept for the transaction, and the driver then fails it with
 * UNSAFE_TRANSACTION (porsager/postgres#823). So transactions run on a pool of their own, where no
 * query is ever pipelined behind another: its connections are idle or held by one transaction.
 *
 * Calls go to whichever pool is current; Drizzle holds the stand-in (`sql`) and never notices.
 */
import postgres from 'postgres';
import { asDatabaseConnectionError, databaseFailureOf } from './availability.ts';

export interface RenewablePool {
  /** Stands for the current postgres.js client. */
  sql: postgres.Sql;
  /** Resolves when the database answers `select 1` on a connection of its own, outside the pool; rejects with the failure. */
  ping(): Promise<void>;
  /** Replaces the pool's connections with new ones; the old pool ends once its running queries are done. */
  renew(): void;
  end(): Promise<void>;
  /** Transactions holding a connection, and waiting for one, now. */
  stats(): { transactionsActive: number; transactionsWaiting: number };
  /** `listener` is told how long each transaction waited for its connection (and its BEGIN), in seconds. */
  onTransactionWait(listener: (seconds: number) => void): void;
}

/** Transactions under way and waiting, and who is told of each wait. */
interface TransactionCounts { active: number; waiting: number; listeners: ((seconds: number) => void)[] }

type Begin = (options: string, body: (sql: postgres.TransactionSql) => unknown) => Promise<unknown>;

/** begin() whose body, when its connection is lost, never settles (see the module comment), and whose own connection failures are marked as the database's. */
function guardedBegin(client: postgres.Sql, args: unknown[], counts: TransactionCounts): Promise<unknown> {
  const [options, body] = (args.length === 1 ? ['', args[0]] : args) as [string, (sql: postgres.TransactionSql) => unknown];
  const asked = performance.now();
  let started = false;
  counts.waiting++;
  const guardedBody = async (sql: postgres.TransactionSql) => {
    started = true;
    counts.waiting--;
    counts.active++;
    const waited = (performance.now() - asked) / 1000;
    for (const listener of counts.listeners) listener(waited);
    try {
      return await body(sql);
    } catch (error) {
      if (databaseFailureOf(asDatabaseConnectionError(error))?.kind === 'lost') return new Promise(() => {});
      throw error;
    }
  };
  return (client.begin as unknown as Begin)(options, guardedBody)
    .catch((error: unknown) => { throw asDatabaseConnectionError(error); })
    .finally(() => { if (started) counts.active--; else counts.waiting--; });
}

/** The pool's two sets of connections: one for single statements, one for transactions. */
interface Clients { queries: postgres.Sql; transactions: postgres.Sql }

export function renewablePool(url: string, options: postgres.Options<Record<string, postgres.PostgresType>>, onNewClient: (client: postgres.Sql) => void): RenewablePool {
  const create = (): Clients => {
    const queries = postgres(url, options) as unknown as postgres.Sql;
    const transactions = postgres(url, options) as unknown as postgres.Sql;
    onNewClient(queries);
    onNewClient(transactions);
    return { queries, transactions };
  };
  const endClients = (c: Clients) => Promise.all([c.queries.end({ timeout: 5 }), c.transactions.end({ timeout: 5 })]).then(() => {});
  let current = create();
  const ending = new Set<Promise<void>>();
  const counts: TransactionCounts = { active: 0, waiting: 0, listeners: [] };

  const sql = new Proxy(current.queries, {
    get(_target, property) {
      if (property === 'begin') return (...args: unknown[]) => guardedBegin(current.transactions, args, counts);
      return Reflect.get(current.queries, property);
    },
    apply(_target, thisArg, args) {
      return Reflect.apply(current.queries as unknown as (...a: unknown[]) => unknown, thisArg, args);
    },
  });

  return {
    sql,
    async ping() {
      const probe = postgres(url, { ...options, max: 1, fetch_types: false });
      try {
        await probe`select 1`;
      } catch (error) {
        throw asDatabaseConnectionError(error);
      } finally {
        await probe.end({ timeout: 1 }).catch(() => {});
      }
    },
    renew() {
      const old = current;
      current = create();
      const done = endClients(old).catch(() => {}).finally(() => ending.delete(done));
      ending.add(done);
    },
    async end() {
      await Promise.all([endClients(current), ...ending]);
    },
    stats: () => ({ transactionsActive: counts.active, transactionsWaiting: counts.waiting }),
    onTransactionWait(listener) {
      counts.listeners.push(listener);
    },
  };
}
