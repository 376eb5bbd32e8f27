import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '@gemstore/db';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helper.ts';
import { PRIMARY_ADDRESS_TYPE_ID } from '@gemstore/contracts/constants';
import { addressForm, caller, createShopper, type Shop, type Shopper, createCheckoutWorld } from './checkout-fixtures.ts';

let t: TestApp;
let shop: Shop;
let otherShop: Shop;
let asha: Shopper;
let ben: Shopper;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ shop, otherShop, asha, ben, call } = await createCheckoutWorld(t));
});
afterAll(() => t?.close());

describe('place lists', () => {
  it('lists countries with India first and ISO ids', async () => {
    const res = await call('/api/countries', null, undefined, 'GET');
    expect(res.statusCode).toBe(200);
    const { countries } = res.json();
    expect(countries[0]).toEqual({ id: 'IN', name: 'India', phonecode: '91' });
    expect(countries.length).toBeGreaterThan(200);
    expect(res.headers['cache-control']).toMatch(/max-age/);
  });
  it('lists the states of a country and the cities of a state', async () => {
    const states = (await call('/api/states/IN', null, undefined, 'GET')).json().states;
    expect(states).toContainEqual({ id: 'IN-RJ', name: 'Rajasthan' });
    const cities = (await call('/api/cities/IN-RJ', null, undefined, 'GET')).json().cities;
    expect(cities).toContainEqual({ id: 'Jaipur', name: 'Jaipur' });
  });
  it('answers 404 for an unknown country or state and 422 for a malformed id', async () => {
    expect((await call('/api/states/ZZ', null, undefined, 'GET')).statusCode).toBe(404);
    expect((await call('/api/cities/IN-ZZZ', null, undefined, 'GET')).statusCode).toBe(404);
    expect((await call('/api/states/india', null, undefined, 'GET')).statusCode).toBe(422);
  });
});

describe('addresses', () => {
  let firstId: number;
  let secondId: number;

  it('needs a signed-in customer', async () => {
    expect((await call('/api/address', null)).statusCode).toBe(401);
    expect((await call('/api/address-save', null, { address: addressForm() })).statusCode).toBe(401);
    expect((await call('/api/address-save', { ...asha, token: 'x'.repeat(32) }, { address: addressForm() })).statusCode).toBe(401);
  });

  it('saves the first address as primary and later ones as others', async () => {
    const first = await call('/api/address-save', asha, { address: addressForm() });
    expect(first.statusCode).toBe(200);
    expect(first.json().address).toMatchObject({
      address_type_id: 1, country_id: 'IN', state_id: 'IN-RJ', city_id: 'Jaipur',
      city: { name: 'Jaipur' }, state: { name: 'Rajasthan' }, country: { name: 'India' },
    });
    firstId = first.json().address.id;
    const second = await call('/api/address-save', asha, { address: addressForm({ label: 'Office', cityId: 'Udaipur', pincode: '313001' }) });
    expect(second.json().address.address_type_id).toBe(2);
    secondId = second.json().address.id;
    const list = (await call('/api/address', asha)).json().addresses;
    expect(list.map((a: { id: number }) => a.id)).toEqual([firstId, secondId]);
  });

  it('answers field errors with the form names', async () => {
    const res = await call('/api/address-save', asha, { address: { ...addressForm(), name: '', pincode: '12', countryId: 'IN', stateId: 'IN-RJ', landmark: undefined } });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['landmark', 'name', 'pincode']);
    const missing = await call('/api/address-save', asha, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.address).toBeDefined();
  });

  it('checks that the city lies in the state and the state in the country', async () => {
    const wrongState = await call('/api/address-save', asha, { address: addressForm({ stateId: 'US-CA' }) });
    expect(wrongState.statusCode).toBe(422);
    expect(wrongState.json().errors.stateId).toBeDefined();
    const wrongCity = await call('/api/address-save', asha, { address: addressForm({ cityId: 'Mumbai' }) });
    expect(wrongCity.json().errors.cityId).toBeDefined();
    const badPin = await call('/api/address-save', asha, { address: addressForm({ pincode: '02003' }) });
    expect(badPin.json().errors.pincode).toBeDefined();
  });

  it('edits and updates another address', async () => {
    const edit = await call('/api/address-edit', asha, { addressId: secondId });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toEqual({
      id: secondId, name: 'Asha Rao', phone: '+91 98123 45678', country_id: 'IN', state_id: 'IN-RJ', city_id: 'Udaipur',
      address: '12 Gem Lane', locality: 'Johari Bazaar', landmark: 'Near the clock tower', pincode: '313001', label: 'Office',
    });
    const update = await call('/api/address-update', asha, { address: { ...addressForm({ label: 'Studio', stateId: 'IN-MH', cityId: 'Mumbai', pincode: '400001' }), id: secondId } });
    expect(update.statusCode).toBe(200);
    expect(update.json().address).toMatchObject({ id: secondId, label: 'Studio', state: { name: 'Maharashtra' }, city: { name: 'Mumbai' } });
  });

  it('lets the primary address be corrected: its fields change and it stays primary', async () => {
    const edit = await call('/api/address-edit', asha, { addressId: firstId });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ id: firstId });
    const update = await call('/api/address-update', asha, { address: { ...addressForm(), label: 'Corrected home', landmark: 'Clock tower', id: firstId } });
    expect(update.statusCode).toBe(200);
    expect(update.json().address).toMatchObject({ id: firstId, label: 'Corrected home', landmark: 'Clock tower', address_type_id: PRIMARY_ADDRESS_TYPE_ID });
    const list = (await call('/api/address', asha)).json().addresses as { id: number; address_type_id: number }[];
    expect(list.filter((a) => a.address_type_id === PRIMARY_ADDRESS_TYPE_ID).map((a) => a.id)).toEqual([firstId]);
  });

  it('refuses to delete or set again the primary address', async () => {
    for (const [path, body] of [
      ['/api/address-delete', { addressId: firstId }],
      ['/api/address-set-primary', { addressId: firstId }],
    ] as const) {
      const res = await call(path, asha, body);
      expect(res.statusCode, path).toBe(422);
      expect(res.json().errors.addressId[0]).toMatch(/primary/);
    }
  });

  it('answers 404 for another customer\'s or another store\'s address', async () => {
    for (const [path, body] of [
      ['/api/address-edit', { addressId: secondId }],
      ['/api/address-update', { address: { ...addressForm(), id: secondId } }],
      ['/api/address-delete', { addressId: secondId }],
      ['/api/address-set-primary', { addressId: secondId }],
    ] as const) {
      expect((await call(path, ben, body)).statusCode, path).toBe(404);
    }
    expect((await call('/api/address', ben)).json().addresses).toEqual([]);
    const foreign = await createShopper(t.db, otherShop.store.id);
    expect((await caller(t, otherShop.domain)('/api/address-edit', foreign, { addressId: secondId })).statusCode).toBe(404);
    // A token of one store is not valid in another.
    expect((await caller(t, otherShop.domain)('/api/address', asha)).statusCode).toBe(401);
  });

  it('sets another address as primary, then deletes the former primary', async () => {
    const res = await call('/api/address-set-primary', asha, { addressId: secondId });
    expect(res.statusCode).toBe(200);
    const list = (await call('/api/address', asha)).json().addresses;
    expect(list.map((a: { id: number; address_type_id: number }) => [a.id, a.address_type_id])).toEqual([[secondId, 1], [firstId, 2]]);
    expect((await call('/api/address-delete', asha, { addressId: firstId })).statusCode).toBe(200);
    expect((await call('/api/address', asha)).json().addresses).toHaveLength(1);
    expect((await call('/api/address-edit', asha, { addressId: firstId })).statusCode).toBe(404);
    // Deleted addresses stay in the table (orders keep their own copy) but are gone for the customer.
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, firstId));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('makes exactly one primary when first addresses are saved at once', async () => {
    const cara = await createShopper(t.db, shop.store.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => call('/api/address-save', cara, { address: addressForm() })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const list = (await call('/api/address', cara)).json().addresses;
    expect(list.filter((a: { address_type_id: number }) => a.address_type_id === 1)).toHaveLength(1);
  });
});
