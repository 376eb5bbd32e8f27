import { eq, lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { rateLimitBuckets } from '@gemstore/db';
import type { Executor } from './db.ts';
import { TooManyRequestsError } from './errors.ts';

/**
 * Token buckets in the database (table rate_limit_buckets), so every replica shares them
 * (no state lives only in one process's memory). A bucket holds `max` hits and refills one every
 * `windowSeconds / max`, continuously: `max` at once, then `max` per window for as long as the
 * caller keeps going. There is no window edge at which the allowance starts afresh (a fixed window
 * lets `max` through at 59:59 and `max` again at 00:00).
 *
 * One row per key holds the moment the bucket is full again (GCRA's "theoretical arrival time"):
 * each hit moves it on by one refill interval, and a hit is allowed while that moment stays at
 * most one window ahead of now. So one upsert both checks and counts, atomically.
 */
export interface Limit {
  /** Unique name of what is counted, e.g. `otp:ip:203.0.113.9`. */
  key: string;
  /** Hits a full bucket holds; it refills at `max` per window. */
  max: number;
  windowSeconds: number;
  /** Shown to the customer when the limit is reached. */
  message?: string;
}

const DEFAULT_MESSAGE = 'Too many attempts. Please wait and try again.';

interface Shape {
  windowMs: number;
  /** Time one hit takes to refill. */
  intervalMs: number;
  /** Latest "full again" moment a hit may leave behind: one window from now (a millisecond of slack absorbs float rounding). */
  ceiling: number;
}

function shapeOf(limit: Limit, now: number): Shape {
  const windowMs = limit.windowSeconds * 1000;
  const intervalMs = windowMs / limit.max;
  return { windowMs, intervalMs, ceiling: now + windowMs + 1 };
}

function refused(limit: Limit, shape: Shape, fullAtMs: number): TooManyRequestsError {
  // The next hit fits once the ceiling, which moves with the clock, reaches fullAt + interval.
  const waitMs = fullAtMs + shape.intervalMs - shape.ceiling;
  return new TooManyRequestsError(limit.message ?? DEFAULT_MESSAGE, Math.max(1, Math.ceil(waitMs / 1000)));
}

async function fullAt(db: Executor, key: string): Promise<number | null> {
  const [row] = await db.select({ fullAtMs: rateLimitBuckets.fullAtMs }).from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key)).limit(1);
  return row?.fullAtMs ?? null;
}

/** Counts one hit; throws 429 (with retry-after) when the bucket is empty. */
export async function hitLimit(db: Executor, limit: Limit, now = Date.now()): Promise<void> {
  const shape = shapeOf(limit, now);
  const b = rateLimitBuckets;
  const next = sql`greatest(${b.fullAtMs}, ${now}::double precision) + ${shape.intervalMs}::double precision`;
  const rows = await db.insert(b).values({ key: limit.key, fullAtMs: now + shape.intervalMs })
    .onConflictDoUpdate({ target: b.key, set: { fullAtMs: next }, setWhere: sql`${next} <= ${shape.ceiling}::double precision` })
    .returning({ fullAtMs: b.fullAtMs });
  // A bucket that is full again holds nothing a missing row would not: drop idle keys now and then.
  if (Math.random() < 0.005) await db.delete(b).where(lt(b.fullAtMs, now));
  if (rows.length === 0) throw refused(limit, shape, (await fullAt(db, limit.key)) ?? now);
}

/** Counts hits in order and stops at the first limit reached, so a refused request does not use up broader limits. */
export async function hitLimits(db: Executor, limits: Limit[], now = Date.now()): Promise<void> {
  for (const limit of limits) await hitLimit(db, limit, now);
}

/** Throws 429 when the bucket is empty, without counting (for "failures" limits: see countHit). */
export async function assertUnderLimit(db: Executor, limit: Limit, now = Date.now()): Promise<void> {
  const shape = shapeOf(limit, now);
  const at = await fullAt(db, limit.key);
  if (at !== null && Math.max(at, now) + shape.intervalMs > shape.ceiling) throw refused(limit, shape, at);
}

/**
 * Counts one hit without refusing (the caller already answered; the next call is checked by
 * assertUnderLimit). Hits racing past an empty bucket do not push it further than one window.
 */
export async function countHit(db: Executor, limit: Limit, now = Date.now()): Promise<void> {
  const { intervalMs, windowMs } = shapeOf(limit, now);
  const b = rateLimitBuckets;
  await db.insert(b).values({ key: limit.key, fullAtMs: now + intervalMs }).onConflictDoUpdate({
    target: b.key,
    set: { fullAtMs: sql`least(greatest(${b.fullAtMs}, ${now}::double precision) + ${intervalMs}::double precision, ${now + windowMs}::double precision)` },
  });
}

/**
 * What a per-address limit counts: an IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber's line: counting single IPv6 addresses would hand one attacker 2^64 buckets).
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts.slice(0, 4).map((p) => p.toString(16)).join(':')}::/64`;
}
