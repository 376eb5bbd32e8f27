import type {
  AuthUserResponse, CountryCodesResponse, CustomerUpdatePasswordBody, MessageResponse, ProfileResponse, UpdateProfileBody, User, UserUpdateBody,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext, Store } from '../../lib/context.ts';
import { UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/secrets.ts';
import { revokeCustomerTokens } from '../auth/auth.repo.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { assertAccountNotLocked, recordAccountFailure, type ServiceDeps } from '../notifications/notifications.service.ts';
import { COUNTRY_CODES, findCountryCode } from './country-codes.ts';
import * as repo from './customers.repo.ts';
import type { CustomerRow } from './customers.repo.ts';

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

export function isVerified(c: CustomerRow): boolean {
  return Boolean(c.emailVerifiedAt || c.phoneVerifiedAt);
}

/** Spec section 5: the mobile number is required by stores from India, the email by the others. */
export function identifierErrors(store: Store, input: { email?: string; phone?: string }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (store.isFromIndia && !input.phone) errors.phone = ['Enter your mobile number.'];
  if (!store.isFromIndia && !input.email) errors.email = ['Enter your email address.'];
  return errors;
}

/** 422 on the field whose email or phone another account of this store already holds. */
export async function assertIdentifiersFree(
  db: Database, storeId: number, input: { email?: string; phone?: string }, exceptCustomerId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.email) {
    const other = await repo.findCustomerByEmail(db, storeId, input.email);
    if (other && other.id !== exceptCustomerId) errors.email = ['This email is already registered.'];
  }
  if (input.phone) {
    const other = await repo.findCustomerByPhone(db, storeId, input.phone);
    if (other && other.id !== exceptCustomerId) errors.phone = ['This mobile number is already registered.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** A unique-index failure (two requests racing for one email or phone) as the same 422. */
export function rethrowDuplicate(err: unknown): never {
  const field = duplicateFieldMessage(err);
  if (field) throw ValidationError.field(field[0], field[1]);
  throw err;
}

function duplicateFieldMessage(err: unknown): [string, string] | undefined {
  const field = repo.duplicateField(err);
  if (field === 'email') return ['email', 'This email is already registered.'];
  if (field === 'phone') return ['phone', 'This mobile number is already registered.'];
  return undefined;
}

async function signedInCustomer(db: Database, ctx: RequestContext): Promise<CustomerRow> {
  if (!ctx.customerId) throw new UnauthorizedError();
  const customer = await repo.findCustomerById(db, ctx.store.id, ctx.customerId);
  if (!customer) throw new UnauthorizedError();
  return customer;
}

export async function getAuthUser(db: Database, ctx: RequestContext): Promise<AuthUserResponse> {
  return { user: toUser(await signedInCustomer(db, ctx)) };
}

export function listCountryCodes(): CountryCodesResponse {
  return { country_codes: [...COUNTRY_CODES] };
}

/**
 * Changes name, email and phone (and, from update-profile, the other profile fields). A changed
 * email or phone is no longer verified: the next password sign-in asks for codes again.
 */
async function saveProfile(
  db: Database, ctx: RequestContext,
  input: { name: string; email?: string; phone?: string; phone_country_code_id?: number; date_of_birth?: string; gender?: 'male' | 'female' },
  full: boolean,
): Promise<ProfileResponse> {
  const customer = await signedInCustomer(db, ctx);
  const errors = identifierErrors(ctx.store, input);
  if (!input.email && !input.phone) errors.phone ??= ['Enter a mobile number or an email.'];
  if (input.phone_country_code_id !== undefined && !findCountryCode(input.phone_country_code_id)) errors.phone_country_code_id = ['Choose a country code.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await assertIdentifiersFree(db, ctx.store.id, input, customer.id);

  const email = input.email ?? null;
  const phone = input.phone ?? null;
  const values: Parameters<typeof repo.updateCustomer>[3] = {
    name: input.name,
    email,
    phone,
    emailVerifiedAt: email === customer.email ? customer.emailVerifiedAt : null,
    phoneVerifiedAt: phone === customer.phone ? customer.phoneVerifiedAt : null,
  };
  if (full) {
    values.phoneCountryCodeId = input.phone_country_code_id ?? customer.phoneCountryCodeId;
    values.dateOfBirth = input.date_of_birth ?? null;
    values.gender = input.gender ?? null;
  }
  const updated = await repo.updateCustomer(db, ctx.store.id, customer.id, values).catch(rethrowDuplicate);
  if (!updated) throw new UnauthorizedError();
  return { message: 'Your profile has been updated.', user: toUser(updated) };
}

export async function updateProfile(db: Database, ctx: RequestContext, input: UpdateProfileBody): Promise<ProfileResponse> {
  return saveProfile(db, ctx, input, true);
}

export async function userUpdate(db: Database, ctx: RequestContext, input: UserUpdateBody): Promise<ProfileResponse> {
  return saveProfile(db, ctx, input, false);
}

/** Checks the current password, sets the new one and signs out every other session. */
export async function updatePassword(
  db: Database, ctx: RequestContext, input: CustomerUpdatePasswordBody & { currentToken?: string }, deps: ServiceDeps,
): Promise<MessageResponse> {
  const customer = await signedInCustomer(db, ctx);
  await assertAccountNotLocked(db, ctx, deps, customer.id);
  if (!(await verifyPassword(input.currentPassword, customer.passwordHash))) {
    await recordAccountFailure(db, ctx, deps, customer.id);
    throw ValidationError.field('currentPassword', 'The current password is incorrect.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await repo.updateCustomer(tx, ctx.store.id, customer.id, { passwordHash });
    await revokeCustomerTokens(tx, ctx.store.id, customer.id, new Date(), input.currentToken ? hashToken(input.currentToken) : undefined);
  });
  return { message: 'Your password has been changed.' };
}
