import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database, stores } from '@gemstore/db';
import type { Executor, Transaction } from './db.ts';
import { UnauthorizedError } from './errors.ts';

/** A store with its own address (the primary domain), which canonical links and the sitemap name. */
export type Store = typeof stores.$inferSelect & { primaryDomain: string };

/**
 * Who is calling: nobody signed in, a customer of the store, a member of its staff, or the system
 * itself (background jobs and the operator's scripts).
 */
export type Actor =
  | { kind: 'guest' }
  | { kind: 'customer'; customerId: number }
  | { kind: 'staff'; staffId: number }
  | { kind: 'system' };

export const GUEST: Actor = { kind: 'guest' };

/**
 * What every service call takes first (ARCHITECTURE.md, HABITS.md 2): the store the request is for,
 * who is calling, from which address, the request's logger, and, inside a transaction that spans
 * modules (flows/), that transaction, which repositories then use instead of the database.
 */
export interface RequestContext {
  store: Store;
  actor: Actor;
  /** The caller's address (rate limits); the trusted proxies' view (config TRUSTED_PROXIES). */
  ip: string;
  log: FastifyBaseLogger;
  tx?: Transaction;
}

/** The context of a signed-in customer: services of customer-owned things take this. */
export interface CustomerContext extends RequestContext {
  actor: { kind: 'customer'; customerId: number };
}

/** The customer's id in a customer context. */
export function customerIdOf(ctx: CustomerContext): number {
  return ctx.actor.customerId;
}

/**
 * What a call that arrives without a store runs in (payment callbacks and webhooks name an order,
 * and the order names its store; background sweeps): the flow's transaction, if any.
 */
export interface Scope {
  tx?: Transaction;
}

/** Where a repository call runs: the flow's transaction when there is one, else the database. */
export function executor(db: Database, ctx: Scope): Executor {
  return ctx.tx ?? db;
}

/** The same context, running inside `tx` (flows hand it to every service they call). */
export function within<C extends RequestContext>(ctx: C, tx: Transaction): C {
  return { ...ctx, tx };
}

/** 401 when the request has no signed-in customer of this store; otherwise its customer context. */
export function customerContext(request: FastifyRequest): CustomerContext {
  const ctx = request.ctx;
  if (ctx?.actor.kind !== 'customer') throw new UnauthorizedError();
  return ctx as CustomerContext;
}

/** Hook form of customerContext, for a route's `preValidation`: a signed-out caller gets 401, not 422. */
export async function customerOnly(request: FastifyRequest): Promise<void> {
  customerContext(request);
}

/** What services read the time from, so tests and flows can fix it. */
export type Clock = () => Date;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the tenant plugin on every /api request that names a store. */
    ctx: RequestContext;
  }
}
