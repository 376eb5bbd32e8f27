import { eq, lt, sql } from 'drizzle-orm';
import { type Database, rateLimitCounters } from '@gemstore/db';
import { TooManyRequestsError } from './errors.ts';

/**
 * Fixed-window counters in the database (table rate_limit_counters), so every replica shares
 * them (ARCHITECTURE.md: no state in process memory). A window starts at a multiple of its
 * length; the first hit of a new window resets the count.
 */
export interface Limit {
  /** Unique name of what is counted, e.g. `otp:ip:203.0.113.9`. */
  key: string;
  /** Most hits allowed in one window. */
  max: number;
  windowSeconds: number;
  /** Shown to the customer when the limit is reached. */
  message?: string;
}

const DEFAULT_MESSAGE = 'Too many attempts. Please wait and try again.';
/** Windows are at most a day long (config), so rows older than two days are dead. */
const STALE_MS = 2 * 86400_000;

function windowOf(limit: Limit, now: number): { start: Date; retryAfterSeconds: number } {
  const ms = limit.windowSeconds * 1000;
  const start = Math.floor(now / ms) * ms;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + ms - now) / 1000)) };
}

/** Counts one hit; throws 429 (with retry-after) when the window already holds `max` hits. */
export async function hitLimit(db: Database, limit: Limit, now = Date.now()): Promise<void> {
  const { start, retryAfterSeconds } = windowOf(limit, now);
  const c = rateLimitCounters;
  const [row] = await db.insert(c).values({ key: limit.key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: c.key,
      set: {
        count: sql`case when ${c.windowStart} >= excluded.window_start then ${c.count} + 1 else 1 end`,
        windowStart: sql`greatest(${c.windowStart}, excluded.window_start)`,
      },
    })
    .returning({ count: c.count });
  if (Math.random() < 0.005) await db.delete(c).where(lt(c.windowStart, new Date(now - STALE_MS)));
  if ((row?.count ?? 0) > limit.max) throw new TooManyRequestsError(limit.message ?? DEFAULT_MESSAGE, retryAfterSeconds);
}

/** Counts hits in order and stops at the first limit reached, so a refused request does not use up broader limits. */
export async function hitLimits(db: Database, limits: Limit[], now = Date.now()): Promise<void> {
  for (const limit of limits) await hitLimit(db, limit, now);
}

/** Throws 429 when the current window already holds `max` hits, without counting (for "failures" limits). */
export async function assertUnderLimit(db: Database, limit: Limit, now = Date.now()): Promise<void> {
  const { start, retryAfterSeconds } = windowOf(limit, now);
  const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, limit.key)).limit(1);
  if (row && row.windowStart.getTime() >= start.getTime() && row.count >= limit.max) {
    throw new TooManyRequestsError(limit.message ?? DEFAULT_MESSAGE, retryAfterSeconds);
  }
}

/** Counts one hit without refusing (the caller already answered; the next call is checked by assertUnderLimit). */
export async function countHit(db: Database, limit: Limit, now = Date.now()): Promise<void> {
  await hitLimit(db, { ...limit, max: Number.MAX_SAFE_INTEGER }, now);
}
