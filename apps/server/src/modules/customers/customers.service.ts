import { type AdminCustomer, type AdminCustomerSummary, type AuthUserResponse, type CountryCodesResponse, PEOPLE_PAGE_SIZE, type User } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { executor, type RequestContext, type Store, type Scope } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { COUNTRY_CODES, dialPrefix } from './country-codes.ts';
import * as repo from './customers.repo.ts';
import type { CustomerRow, IdentifierKind, NewCustomer } from './customers.repo.ts';

export type { CustomerRow, IdentifierKind };
export { dialPrefix, findCountryCode } from './country-codes.ts';

export function toUser(c: CustomerRow): User {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    phone_country_code_id: c.phoneCountryCodeId,
    date_of_birth: c.dateOfBirth,
    gender: c.gender === 'male' || c.gender === 'female' ? c.gender : null,
  };
}

/** What a blocked customer is told when signing in or ordering. */
export const BLOCKED_MESSAGE = 'This account has been blocked by the shop. Please contact the shop for help.';

/** 403 `account_blocked` for an account staff blocked. */
export function assertNotBlocked(c: Pick<CustomerRow, 'blockedAt'>): void {
  if (c.blockedAt) throw new ForbiddenError(BLOCKED_MESSAGE, 'account_blocked');
}

export function toAdminCustomerSummary(c: CustomerRow): AdminCustomerSummary {
  return { id: c.id, name: c.name, email: c.email, phone: c.phone, created_at: c.createdAt.toISOString(), blocked: c.blockedAt !== null };
}

export function toAdminCustomer(c: CustomerRow): AdminCustomer {
  return {
    ...toAdminCustomerSummary(c), verified: isVerified(c),
    blocked_at: c.blockedAt?.toISOString() ?? null, blocked_reason: c.blockedReason,
  };
}

export function isVerified(c: CustomerRow): boolean {
  return Boolean(c.emailVerifiedAt || c.phoneVerifiedAt);
}

/** The mobile number is required by stores from India, the email by the others. */
export function identifierErrors(store: Store, input: { email?: string; phone?: string }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (store.isFromIndia && !input.phone) errors.phone = ['Enter your mobile number.'];
  if (!store.isFromIndia && !input.email) errors.email = ['Enter your email address.'];
  return errors;
}

/**
 * 422 on the field whose email or phone another account of this store has verified. An unverified
 * claim (a registration never finished, a pending change) blocks nobody: whoever verifies first owns it.
 */
async function assertIdentifiersFree(
  db: Executor, storeId: number, input: { email?: string; phone?: string }, exceptCustomerId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.email) {
    const other = await repo.findCustomerByVerifiedIdentifier(db, storeId, 'email', input.email);
    if (other && other.id !== exceptCustomerId) errors.email = ['This email is already registered.'];
  }
  if (input.phone) {
    const other = await repo.findCustomerByVerifiedIdentifier(db, storeId, 'phone', input.phone);
    if (other && other.id !== exceptCustomerId) errors.phone = ['This mobile number is already registered.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** A unique-index failure (two requests racing for one email or phone) as the same 422. */
function rethrowDuplicate(err: unknown): never {
  const field = duplicateFieldMessage(err);
  if (field) throw ValidationError.field(field[0], field[1]);
  throw err;
}

function duplicateFieldMessage(err: unknown): [string, string] | undefined {
  const field = repo.duplicateField(err);
  return field ? [field, ALREADY_REGISTERED[field]] : undefined;
}

const ALREADY_REGISTERED: Record<IdentifierKind, string> = {
  email: 'This email is already registered.',
  phone: 'This mobile number is already registered.',
};

/**
 * A used code proves the customer holds `value`: it becomes the account's verified email or phone
 * (with `phoneCountryCodeId` for a new number), and every other account of the store loses its
 * unverified claim on it. 422 on `field` when another account verified it first.
 */
async function verifyIdentifier(
  db: Executor, ctx: RequestContext, customer: CustomerRow,
  input: { kind: IdentifierKind; value: string; field: string; phoneCountryCodeId?: number },
): Promise<CustomerRow> {
  const now = new Date();
  const values: Parameters<typeof repo.updateCustomer>[3] = input.kind === 'email'
    ? { email: input.value, emailVerifiedAt: now, ...(customer.pendingEmail === input.value ? { pendingEmail: null } : {}) }
    : {
      phone: input.value, phoneVerifiedAt: now,
      ...(input.phoneCountryCodeId ? { phoneCountryCodeId: input.phoneCountryCodeId } : {}),
      ...(customer.pendingPhone === input.value ? { pendingPhone: null, pendingPhoneCountryCodeId: null } : {}),
    };
  try {
    return await db.transaction(async (tx) => {
      await repo.releaseClaims(tx, ctx.store.id, customer.id, input.kind, input.value);
      const updated = await repo.updateCustomer(tx, ctx.store.id, customer.id, values);
      if (!updated) throw new UnauthorizedError();
      return updated;
    });
  } catch (err) {
    if (repo.duplicateField(err) === input.kind) throw ValidationError.field(input.field, ALREADY_REGISTERED[input.kind]);
    throw err;
  }
}

export type CustomerChanges = Parameters<typeof repo.updateCustomer>[3];

/** Customer accounts of a store: who they are and which email and phone they verified. */
export function createCustomersService({ db }: { db: Database }) {
  return {
    findById: (ctx: RequestContext, customerId: number) => repo.findCustomerById(executor(db, ctx), ctx.store.id, customerId),
    findByVerifiedIdentifier: (ctx: RequestContext, kind: IdentifierKind, value: string) =>
      repo.findCustomerByVerifiedIdentifier(executor(db, ctx), ctx.store.id, kind, value),
    findUnfinishedRegistration: (ctx: RequestContext, kind: IdentifierKind, value: string) =>
      repo.findUnfinishedRegistration(executor(db, ctx), ctx.store.id, kind, value),
    /** The highest customer id over all stores (decoy answers stay within the range handed out). */
    highestId: (ctx: RequestContext) => repo.highestCustomerId(executor(db, ctx)),

    /** The signed-in customer's account; 401 when the request has none (or it was removed). */
    async signedIn(ctx: RequestContext): Promise<CustomerRow> {
      if (ctx.actor.kind !== 'customer') throw new UnauthorizedError();
      const customer = await repo.findCustomerById(executor(db, ctx), ctx.store.id, ctx.actor.customerId);
      if (!customer) throw new UnauthorizedError();
      return customer;
    },

    async authUser(ctx: RequestContext): Promise<AuthUserResponse> {
      return { user: toUser(await this.signedIn(ctx)) };
    },

    /** Name, email and phone of a customer (payment pages prefill them). */
    async contact(scope: Scope, storeId: number, customerId: number) {
      const c = await repo.findCustomerById(executor(db, scope), storeId, customerId);
      return c ? { name: c.name, email: c.email, phone: c.phone } : null;
    },

    /**
     * Where messages about a customer's orders go: the email and mobile number they verified (an
     * unverified claim receives nothing), with the mobile's country calling code.
     */
    async messageTarget(scope: Scope, storeId: number, customerId: number) {
      const c = await repo.findCustomerById(executor(db, scope), storeId, customerId);
      if (!c) return null;
      return {
        name: c.name,
        email: c.emailVerifiedAt ? c.email : null,
        phone: c.phoneVerifiedAt ? c.phone : null,
        dialCode: dialPrefix(c.phoneCountryCodeId),
      };
    },

    /** Name, email and phone of the store's customers with these ids (the back office's order lists). */
    async contacts(ctx: RequestContext, customerIds: number[]) {
      const rows = await repo.findCustomersByIds(executor(db, ctx), ctx.store.id, [...new Set(customerIds)]);
      return new Map(rows.map((c) => [c.id, { id: c.id, name: c.name, email: c.email, phone: c.phone }]));
    },

    /** Ids of the store's customers the customer search finds for this text (name, email or mobile number), at most `limit`. */
    idsMatching: (ctx: RequestContext, text: string, limit: number) => repo.findCustomerIdsMatching(executor(db, ctx), ctx.store.id, text, limit),

    countryCodes(): CountryCodesResponse {
      return { country_codes: [...COUNTRY_CODES] };
    },

    /** 422 naming the field whose email or phone another account of this store verified. */
    assertIdentifiersFree: (ctx: RequestContext, input: { email?: string; phone?: string }, exceptCustomerId?: number) =>
      assertIdentifiersFree(executor(db, ctx), ctx.store.id, input, exceptCustomerId),

    /** A new account; a race for one email or phone answers the same 422 as the check before it. */
    create: (ctx: RequestContext, values: Omit<NewCustomer, 'storeId'>) =>
      repo.insertCustomer(executor(db, ctx), { ...values, storeId: ctx.store.id }).catch(rethrowDuplicate),

    /** Changes an account of this store; 401 when it no longer exists. */
    async update(ctx: RequestContext, customerId: number, values: CustomerChanges): Promise<CustomerRow> {
      const updated = await repo.updateCustomer(executor(db, ctx), ctx.store.id, customerId, values);
      if (!updated) throw new UnauthorizedError();
      return updated;
    },

    verifyIdentifier: (ctx: RequestContext, customer: CustomerRow, input: { kind: IdentifierKind; value: string; field: string; phoneCountryCodeId?: number }) =>
      verifyIdentifier(executor(db, ctx), ctx, customer, input),

    /**
     * Inside a sign-in's or an order's transaction: the account, locked against a block until that
     * transaction ends; 403 `account_blocked` when staff blocked it.
     */
    async assertActive(ctx: RequestContext, customerId: number): Promise<void> {
      const row = await repo.lockCustomer(executor(db, ctx), ctx.store.id, customerId, 'share');
      if (!row) throw new UnauthorizedError();
      assertNotBlocked(row);
    },

    /**
     * Inside the caller's transaction: the account locked until that transaction ends, so that one
     * customer's changes to what they own (their address book) happen one after another; false
     * when the store has no such customer.
     */
    async holdAccount(ctx: RequestContext, customerId: number): Promise<boolean> {
      return (await repo.lockCustomer(executor(db, ctx), ctx.store.id, customerId, 'update')) !== null;
    },

    /** The back office's customer list: one page of the search, and the count of all it matches. */
    async search(ctx: RequestContext, search: repo.CustomerSearch, page: number) {
      const q = executor(db, ctx);
      const [rows, total] = await Promise.all([
        repo.searchCustomers(q, ctx.store.id, search, PEOPLE_PAGE_SIZE, (page - 1) * PEOPLE_PAGE_SIZE),
        repo.countSearchedCustomers(q, ctx.store.id, search),
      ]);
      return { customers: rows.map(toAdminCustomerSummary), page, per_page: PEOPLE_PAGE_SIZE, total };
    },

    /** A customer of this store for the back office; 404 for another store's or a missing one. */
    async get(ctx: RequestContext, customerId: number): Promise<CustomerRow> {
      const row = await repo.findCustomerById(executor(db, ctx), ctx.store.id, customerId);
      if (!row) throw new NotFoundError('This customer does not exist.');
      return row;
    },

    /**
     * Blocks (with staff's reason) or unblocks, in the caller's transaction, the row locked first;
     * answers the row before and after (the same row when nothing changed).
     */
    async setBlocked(ctx: RequestContext, customerId: number, block: { reason: string } | null, now = new Date()) {
      const q = executor(db, ctx);
      const before = await repo.lockCustomer(q, ctx.store.id, customerId, 'update');
      if (!before) throw new NotFoundError('This customer does not exist.');
      if ((before.blockedAt !== null) === (block !== null) && (!block || block.reason === before.blockedReason)) return { before, after: before };
      const after = await repo.updateCustomer(q, ctx.store.id, customerId, block
        ? { blockedAt: before.blockedAt ?? now, blockedReason: block.reason }
        : { blockedAt: null, blockedReason: '' });
      return { before, after: after! };
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;

