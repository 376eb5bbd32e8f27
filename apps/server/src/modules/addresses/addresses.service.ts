import {
  type Address, type AddressEditResponse, type AddressFields, type AddressResponse, type AddressesResponse, type OkResponse,
  OTHER_ADDRESS_TYPE_ID, PRIMARY_ADDRESS_TYPE_ID,
} from '@gemstore/contracts';
import type { AddressSnapshot, Database } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';
import { type CustomerContext, executor, type RequestContext, within } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import * as repo from './addresses.repo.ts';
import { locationNames, resolveLocation } from './locations.ts';

const NOT_FOUND = 'This address does not exist.';

export function toAddress(row: repo.AddressRow): Address {
  const names = locationNames(row.countryCode, row.stateCode);
  return {
    id: row.id, name: row.name, phone: row.phone, address: row.address, locality: row.locality,
    landmark: row.landmark, pincode: row.pincode, label: row.label,
    country_id: row.countryCode, state_id: `${row.countryCode}-${row.stateCode}`, city_id: row.cityName,
    address_type_id: row.addressTypeId,
    city: { name: row.cityName }, state: { name: names.state }, country: { name: names.country },
  };
}

/** The address as an order keeps it: later edits or deletion do not rewrite the order. */
export function toSnapshot(row: repo.AddressRow): AddressSnapshot {
  const names = locationNames(row.countryCode, row.stateCode);
  return {
    id: row.id, name: row.name, phone: row.phone, address: row.address, locality: row.locality, landmark: row.landmark,
    pincode: row.pincode, label: row.label, country: names.country, state: names.state, city: row.cityName,
  };
}

/** Location checks beyond the schema: the city must lie in the state, the state in the country; Indian pincodes have 6 digits. */
function toValues(input: AddressFields): repo.AddressValues {
  const { location, errors } = resolveLocation(input.countryId, input.stateId, input.cityId);
  if (input.countryId === 'IN' && !/^[1-9][0-9]{5}$/.test(input.pincode)) errors.pincode = ['Enter a valid 6-digit pincode.'];
  if (!location || Object.keys(errors).length) throw new ValidationError(errors);
  return {
    name: input.name, phone: input.phone, address: input.address, locality: input.locality, landmark: input.landmark,
    pincode: input.pincode.toUpperCase(), label: input.label,
    countryCode: location.countryCode, stateCode: location.stateCode, cityName: location.cityName,
  };
}

async function findOwnAddress(db: Executor, ctx: CustomerContext, id: number): Promise<repo.AddressRow | null> {
  return repo.findAddress(db, ctx.store.id, ctx.actor.customerId, id);
}

async function requireAddress(db: Executor, ctx: CustomerContext, id: number): Promise<repo.AddressRow> {
  const row = await repo.findAddress(db, ctx.store.id, ctx.actor.customerId, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

function refusePrimary(row: repo.AddressRow, what: string): void {
  if (row.addressTypeId === PRIMARY_ADDRESS_TYPE_ID) {
    throw ValidationError.field('addressId', `The primary address cannot be ${what}.`);
  }
}

async function listAddresses(db: Executor, ctx: CustomerContext): Promise<AddressesResponse> {
  return { addresses: (await repo.listAddresses(db, ctx.store.id, ctx.actor.customerId)).map(toAddress) };
}

/** Holds the customer's account for a transaction: one customer's address changes happen one after another. */
type HoldAccount = (ctx: CustomerContext) => Promise<boolean>;

/** The customer's first address becomes the primary one (exactly once: the account is held meanwhile). */
async function saveAddress(db: Executor, hold: HoldAccount, ctx: CustomerContext, input: AddressFields): Promise<AddressResponse> {
  const values = toValues(input);
  const row = await db.transaction(async (tx) => {
    if (!(await hold(within(ctx, tx)))) throw new NotFoundError('This account does not exist.');
    const existing = await repo.countAddresses(tx, ctx.store.id, ctx.actor.customerId);
    return repo.insertAddress(tx, ctx.store.id, ctx.actor.customerId, values, existing === 0 ? PRIMARY_ADDRESS_TYPE_ID : OTHER_ADDRESS_TYPE_ID);
  });
  return { address: toAddress(row), message: 'The address was saved.' };
}

/** Any address may be corrected, the primary one too: its fields change, it stays primary. */
async function updateAddress(db: Executor, ctx: CustomerContext, id: number, input: AddressFields): Promise<AddressResponse> {
  const values = toValues(input);
  await requireAddress(db, ctx, id);
  const row = await repo.updateAddress(db, ctx.store.id, ctx.actor.customerId, id, values);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return { address: toAddress(row), message: 'The address was updated.' };
}

async function editAddress(db: Executor, ctx: CustomerContext, id: number): Promise<AddressEditResponse> {
  const a = toAddress(await requireAddress(db, ctx, id));
  return {
    id: a.id, name: a.name, phone: a.phone, country_id: a.country_id, state_id: a.state_id, city_id: a.city_id,
    address: a.address, locality: a.locality, landmark: a.landmark, pincode: a.pincode, label: a.label,
  };
}

async function deleteAddress(db: Executor, ctx: CustomerContext, id: number): Promise<OkResponse> {
  refusePrimary(await requireAddress(db, ctx, id), 'deleted');
  if (!(await repo.deleteAddress(db, ctx.store.id, ctx.actor.customerId, id, new Date()))) throw new NotFoundError(NOT_FOUND);
  return { success: true, message: 'The address was deleted.' };
}

async function setPrimaryAddress(db: Executor, hold: HoldAccount, ctx: CustomerContext, id: number): Promise<OkResponse> {
  await db.transaction(async (tx) => {
    await hold(within(ctx, tx));
    const row = await repo.findAddress(tx, ctx.store.id, ctx.actor.customerId, id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    if (row.addressTypeId === PRIMARY_ADDRESS_TYPE_ID) throw ValidationError.field('addressId', 'This address is already the primary address.');
    await repo.setAddressType(tx, ctx.store.id, ctx.actor.customerId, 'all', OTHER_ADDRESS_TYPE_ID);
    await repo.setAddressType(tx, ctx.store.id, ctx.actor.customerId, id, PRIMARY_ADDRESS_TYPE_ID);
  });
  return { success: true, message: 'The primary address was changed.' };
}

/** The signed-in customer's address book. */
export function createAddressesService({ db, customers }: { db: Database; customers: Pick<CustomersService, 'holdAccount'> }) {
  const q = (ctx: RequestContext) => executor(db, ctx);
  const hold: HoldAccount = (ctx) => customers.holdAccount(ctx, ctx.actor.customerId);
  return {
    findOwnAddress: (ctx: CustomerContext, addressId: number) => findOwnAddress(q(ctx), ctx, addressId),
    listAddresses: (ctx: CustomerContext) => listAddresses(q(ctx), ctx),
    /** A customer's live addresses, primary first (the back office's customer page). */
    ofCustomer: async (ctx: RequestContext, customerId: number) => (await repo.listAddresses(q(ctx), ctx.store.id, customerId)).map(toAddress),
    saveAddress: (ctx: CustomerContext, input: AddressFields) => saveAddress(q(ctx), hold, ctx, input),
    updateAddress: (ctx: CustomerContext, addressId: number, input: AddressFields) => updateAddress(q(ctx), ctx, addressId, input),
    editAddress: (ctx: CustomerContext, addressId: number) => editAddress(q(ctx), ctx, addressId),
    deleteAddress: (ctx: CustomerContext, addressId: number) => deleteAddress(q(ctx), ctx, addressId),
    setPrimaryAddress: (ctx: CustomerContext, addressId: number) => setPrimaryAddress(q(ctx), hold, ctx, addressId),
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
