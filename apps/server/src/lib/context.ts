import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type Capability, roleMay, type StaffFirstFactor, type StaffRole, type StaffSecondFactor } from '@gemstore/contracts/constants';
import type { Database, stores } from '@gemstore/db';
import type { Executor, Transaction } from './db.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';

/** A store with its own address (the primary domain), which canonical links and the sitemap name. */
export type Store = typeof stores.$inferSelect & { primaryDomain: string };

/**
 * Who is calling: nobody signed in, a customer of the store, a member of its staff, or the system
 * itself (background jobs and the operator's scripts).
 */
export type Actor =
  | { kind: 'guest' }
  | { kind: 'customer'; customerId: number }
  | StaffActor
  | { kind: 'system' };

/** A member of the store's staff, signed in with a back-office token (valid on /api/admin only). */
export interface StaffActor {
  kind: 'staff';
  staffId: number;
  role: StaffRole;
  /** Whether the member signs in with a second factor (the store may require it). */
  twoFactor: boolean;
  /** The sign-in (staff_tokens row) the request came with (null for the demo's own steps), and what it proved: judged on every call, whatever the member changed since. */
  sessionId: number | null;
  firstFactor: StaffFirstFactor;
  secondFactor: StaffSecondFactor | null;
}

/** Whether a sign-in proved the second factor of a member who has it on (what a store that requires two-factor asks). */
export function provedTwoFactor(actor: StaffActor): boolean {
  return actor.twoFactor && actor.secondFactor !== null;
}

export const GUEST: Actor = { kind: 'guest' };

/**
 * What every service call takes first (docs/architecture.md, "Shops"): the store the request is for,
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
  /**
   * Public catalogue and content reads of this request may go to the read replica (DATABASE_READ_URL):
   * set for a guest's or customer's read with no write of theirs in the last seconds
   * (plugins/read-replica.ts); unset, everything is read from the primary.
   */
  replicaReads?: boolean;
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
 * What every read or write of one shop's rows takes: the shop, and the flow's transaction if any.
 * A RequestContext is one (its store); a call that found its shop on a row makes one with
 * shopScope. Repositories filter by this store, so another shop's id finds nothing.
 */
export interface ShopScope {
  store: { id: number };
  tx?: Transaction;
}

/** The scope of the shop a row names (a payment callback's order, a sweep's claimed row). */
export function shopScope(storeId: number, tx?: Transaction): ShopScope {
  return { store: { id: storeId }, tx };
}

/**
 * What a call that arrives without a shop runs in: the flow's transaction, if any. Only methods
 * named for it take this (`...InAnyShop`: a payment callback or webhook naming an order, a
 * background sweep across shops); they answer rows that name their shop, and everything after
 * continues in that shop's ShopScope.
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

/** The context of a signed-in staff member: back-office services take this. */
export interface StaffContext extends RequestContext {
  actor: StaffActor;
}

/** 401 when the request has no signed-in staff member of this store; otherwise their context. */
export function staffContext(request: FastifyRequest): StaffContext {
  const ctx = request.ctx;
  if (ctx?.actor.kind !== 'staff') throw new UnauthorizedError();
  return ctx as StaffContext;
}

/**
 * Hook of a staff call (lib/endpoints.ts), before its body is validated: 401 without a staff
 * sign-in; with a capability, 403 for a role without it, and 403 while the store requires
 * two-factor sign-in and this sign-in did not prove it: the member has not turned it on, or
 * signed in without the code (a sign-in made before they turned it on stays what it was). Their
 * own calls, which name no capability, stay open so they can enrol or sign in again.
 */
export function staffOnly(capability: Capability | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    const ctx = staffContext(request);
    if (!capability) return;
    if (ctx.store.staffTwoFactorRequired && !provedTwoFactor(ctx.actor)) {
      throw new ForbiddenError(ctx.actor.twoFactor
        ? 'This store requires two-factor sign-in: sign out and sign in again with your authenticator code.'
        : 'This store requires two-factor sign-in: turn it on under Security first.', 'two_factor_required');
    }
    if (!roleMay(ctx.actor.role, capability)) throw new ForbiddenError();
  };
}

/** What services read the time from, so tests and flows can fix it. */
export type Clock = () => Date;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the tenant plugin on a request of one shop (a shop call's, lib/endpoints.ts), null on
     * the others; an endpoint's handler reads it through EndpointRequest, typed by its route.
     */
    ctx: RequestContext | null;
  }
}
