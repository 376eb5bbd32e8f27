import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { type Database, type DbHandle, databaseFailureOf } from '@gemstore/db';
import { type Executor, rowsOf, type Transaction } from './db.ts';

/**
 * Public catalogue and content reads on a PostgreSQL streaming standby (DATABASE_READ_URL,
 * docs/decisions/0042-read-replica-and-balancer.md). A read goes to the replica only when all of
 * these hold, and to the primary otherwise:
 *
 * - the request may read it (`replicaReads` on its context: a guest's or a customer's read, with
 *   no write of theirs in the last seconds: plugins/read-replica.ts decides);
 * - the replica answered the last check, at most `maxLagSeconds` behind the primary;
 * - it has replayed every change this process has heard of (a catalogue or store notice fences
 *   it until it has passed the primary's WAL position at that moment), so nothing read from it is
 *   older than the page caches the notice just cleared.
 *
 * A read the replica fails (it stopped, a connection broke, a recovery conflict cancelled the
 * statement) marks it down and runs again on the primary: the caller never sees the replica's
 * failure. A check every second measures the lag and notices its return.
 */

/** What a read runs in: the caller's transaction, if any, and whether its request may read the replica. */
export interface ReadScope {
  tx?: Transaction;
  replicaReads?: boolean;
}

export interface ReplicaStatus {
  /** `none`: no replica configured; `ready`: reads go there; `lagging`, `down`, `fenced`: reads go to the primary meanwhile. */
  state: 'none' | 'starting' | 'ready' | 'lagging' | 'down' | 'fenced';
  /** Seconds behind the primary at the last check (null before the first and while down). */
  lagSeconds: number | null;
}

export interface ReadRouting {
  /** Runs a public read on the database the scope may read (see the module comment). */
  read<T>(scope: ReadScope, body: (db: Executor) => Promise<T>): Promise<T>;
  /** Whether a replica is configured at all (the write marker is only needed then). */
  readonly replicated: boolean;
  /** A change was heard: public reads stay on the primary until the replica has replayed it. */
  fence(): void;
  status(): ReplicaStatus;
  /** How long after a caller's write their reads stay on the primary: the largest lag the replica may have, and one check. */
  readonly readYourWritesSeconds: number;
  start(log: FastifyBaseLogger): void;
  stop(): Promise<void>;
}

/** Every read on the primary (no replica configured). */
export function primaryOnly(db: Database): ReadRouting {
  return {
    read: (scope, body) => body(scope.tx ?? db),
    replicated: false,
    fence() {},
    status: () => ({ state: 'none', lagSeconds: null }),
    readYourWritesSeconds: 0,
    start() {},
    async stop() {},
  };
}

/** How often the replica's lag is measured (and, while it is down, whether it is back). */
export const REPLICA_CHECK_MS = 1000;
/** After a fence, how often the replica is asked whether it has replayed past it, and for how long at most (then the regular check goes on). */
const CATCH_UP_POLL_MS = 20;
const CATCH_UP_POLLS = 50;

/** A WAL position (`16/B374D848`) as a number of bytes. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The primary's WAL positions as sampled at each check. A replica that has replayed position R
 * holds everything the primary had written at the latest sample not beyond R: its lag is at most the
 * time since that sample. Unlike `now() - pg_last_xact_replay_timestamp()`, this does not grow while
 * the primary is idle, and needs no clocks to agree.
 */
export class WalHistory {
  private samples: { at: number; lsn: bigint }[] = [];

  constructor(private readonly keepMs: number) {}

  record(at: number, lsn: bigint): void {
    this.samples.push({ at, lsn });
    while (this.samples.length > 2 && this.samples[1]!.at < at - this.keepMs) this.samples.shift();
  }

  /**
   * At most how many seconds the replica is behind at `now`, having replayed up to `replayed`: the
   * time since the newest sample it has passed; Infinity when it is behind every sample kept.
   */
  lagSeconds(now: number, replayed: bigint): number {
    for (let i = this.samples.length - 1; i >= 0; i--) {
      if (this.samples[i]!.lsn <= replayed) return Math.max(0, now - this.samples[i]!.at) / 1000;
    }
    return this.samples.length ? Infinity : 0;
  }
}

/** The PostgreSQL error code of a failure, through the wrappers (Drizzle's, the driver's). */
function postgresCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Failures that are the replica's and not the statement's: out of reach, a broken connection, or a
 * standby's recovery conflict (40001: a replayed change removed rows the statement needed; 57P04:
 * the database was dropped on the primary).
 */
function isReplicaFailure(err: unknown): boolean {
  if (databaseFailureOf(err)) return true;
  const code = postgresCode(err);
  return code === '40001' || code === '57P04';
}

async function primaryPosition(db: Database): Promise<bigint> {
  const [row] = rowsOf<{ lsn: string }>(await db.execute(sql`select pg_current_wal_lsn()::text as lsn`));
  return lsnValue(row!.lsn);
}

/** Where the replica has replayed to; null when it is not a standby (a second URL of the primary itself, which is never behind). */
async function replicaPosition(db: Database): Promise<bigint | null> {
  const [row] = rowsOf<{ standby: boolean; replayed: string | null }>(await db.execute(
    sql`select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed`,
  ));
  return row!.standby && row!.replayed ? lsnValue(row!.replayed) : null;
}

/** Where the primary has written to, and where the replica has replayed to (null: not a standby, never behind). */
export interface WalPositions {
  primary(): Promise<bigint>;
  replica(): Promise<bigint | null>;
}

export interface ReplicaRoutingOptions {
  primary: Database;
  replica: Pick<DbHandle, 'db' | 'ping' | 'renewConnections'>;
  maxLagSeconds: number;
  checkMs?: number;
  /** Read with SQL from the two databases unless given (tests move them by hand). */
  positions?: WalPositions;
}

export function replicaRouting({
  primary, replica, maxLagSeconds, checkMs = REPLICA_CHECK_MS,
  positions = { primary: () => primaryPosition(primary), replica: () => replicaPosition(replica.db) },
}: ReplicaRoutingOptions): ReadRouting {
  let log: FastifyBaseLogger | undefined;
  const history = new WalHistory(maxLagSeconds * 1000 * 4 + checkMs * 4);
  let checked = false;
  let down = false;
  let lagSeconds: number | null = null;
  /** The primary's position the replica must replay before public reads go back to it (null: none owed). */
  let fenceAt: bigint | null = null;
  /** Fences whose primary position is still being read, and a fence whose position could not be read (taken at the next check). */
  let fencesReading = 0;
  let fenceNeedsPosition = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let checking: Promise<void> | undefined;
  let catchingUp: Promise<void> | undefined;

  const fenced = () => fencesReading > 0 || fenceNeedsPosition || fenceAt !== null;
  const fit = () => checked && !down && !fenced() && lagSeconds !== null && lagSeconds <= maxLagSeconds;

  function markDown(err: unknown) {
    if (down) return;
    down = true;
    lagSeconds = null;
    log?.warn({ code: postgresCode(err) ?? databaseFailureOf(err)?.code }, 'read replica unavailable; public reads go to the primary until it answers again');
  }

  /** Clears the fence once the replica has replayed past it (a non-standby stand-in is never behind). */
  function passed(replayed: bigint | null) {
    if (fenceAt !== null && fencesReading === 0 && !fenceNeedsPosition && (replayed === null || replayed >= fenceAt)) fenceAt = null;
  }

  async function check() {
    const askedAt = performance.now();
    let primaryAt: bigint;
    try {
      primaryAt = await positions.primary();
    } catch {
      // The primary's own outage is the availability plugin's business; the replica's state stays as it was.
      return;
    }
    try {
      if (down) {
        // Asked on a connection of its own; the pool's connections may be broken (as the primary's are after an outage).
        await replica.ping();
        replica.renewConnections();
      }
      history.record(askedAt, primaryAt);
      let replayed = await positions.replica();
      // A busy primary is always a little ahead: the replica is asked again for a short while, so a
      // replay that takes milliseconds reads as milliseconds of lag, not as the time between checks.
      for (let i = 0; replayed !== null && replayed < primaryAt && i < CATCH_UP_POLLS / 2; i++) {
        await new Promise((r) => setTimeout(r, CATCH_UP_POLL_MS));
        replayed = await positions.replica();
      }
      const now = performance.now();
      if (fenceNeedsPosition) {
        fenceNeedsPosition = false;
        fenceAt = fenceAt === null || primaryAt > fenceAt ? primaryAt : fenceAt;
      }
      const wasDown = down;
      down = false;
      const lag = replayed === null ? 0 : history.lagSeconds(now, replayed);
      if (checked && lagSeconds !== null && (lagSeconds <= maxLagSeconds) !== (lag <= maxLagSeconds)) {
        log?.warn({ lagSeconds: Number(lag.toFixed(1)), maxLagSeconds }, lag <= maxLagSeconds ? 'read replica caught up; public reads go to it again' : 'read replica lagging; public reads go to the primary');
      }
      lagSeconds = lag;
      checked = true;
      passed(replayed);
      if (wasDown) log?.warn('read replica answering again; public reads go to it');
    } catch (err) {
      checked = true;
      markDown(err);
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      checking = check().finally(() => { checking = undefined; schedule(); });
    }, checkMs);
    timer.unref();
  }

  /** After a fence: asks the replica often, for a short while, whether it has replayed past it. */
  function catchUp() {
    if (catchingUp) return;
    catchingUp = (async () => {
      for (let i = 0; i < CATCH_UP_POLLS && fenced() && !down && !stopped; i++) {
        await new Promise((r) => setTimeout(r, CATCH_UP_POLL_MS));
        if (fencesReading > 0 || fenceNeedsPosition) continue;
        try {
          passed(await positions.replica());
        } catch (err) {
          markDown(err);
        }
      }
    })().finally(() => { catchingUp = undefined; });
  }

  return {
    replicated: true,
    readYourWritesSeconds: Math.ceil(maxLagSeconds + checkMs / 1000),
    async read(scope, body) {
      if (scope.tx) return body(scope.tx);
      if (!scope.replicaReads || !fit()) return body(primary);
      try {
        return await body(replica.db);
      } catch (err) {
        if (!isReplicaFailure(err)) throw err;
        markDown(err);
        return body(primary);
      }
    },
    fence() {
      fencesReading++;
      positions.primary().then(
        (at) => { fenceAt = fenceAt === null || at > fenceAt ? at : fenceAt; },
        () => { fenceNeedsPosition = true; },
      ).finally(() => {
        fencesReading--;
        catchUp();
      });
    },
    status(): ReplicaStatus {
      const state = !checked ? 'starting' : down ? 'down' : (lagSeconds ?? Infinity) > maxLagSeconds ? 'lagging' : fenced() ? 'fenced' : 'ready';
      return { state, lagSeconds: lagSeconds === null ? null : Number(lagSeconds.toFixed(3)) };
    },
    start(logger) {
      log = logger;
      checking = check().finally(() => { checking = undefined; schedule(); });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([checking, catchingUp]);
    },
  };
}
