import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { call, createCustomer, PASSWORD, signIn } from './auth-fixtures.ts';
import { DEMO_CUSTOMER, seedDemoCustomers } from '../src/modules/customers/demo-customers.ts';
import { findDemoStores } from '../src/modules/stores/demo-stores.ts';

// Password hashing runs scrypt at OWASP cost (128 MiB, ~0.5 s a hash): allow for a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let storeId: number;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  storeId = (await createStore(t.db, { domain: 'shop.test' })).id;
  await createStore(t.db, { domain: 'abroad.test', isFromIndia: false });
  userId = (await createCustomer(t.db, storeId, { email: 'asha@example.com', phone: '9812345678' })).id;
  await createCustomer(t.db, storeId, { email: 'ben@example.com', phone: '9811111111' });
  token = await signIn(t, 'shop.test', '9812345678');
});
afterAll(() => t?.close());

const profile = { name: 'Asha R', email: 'asha@example.com', phone: '9812345678', phone_country_code_id: 99, date_of_birth: '1990-05-17', gender: 'female' };

describe('update-profile', () => {
  it('needs a signed-in customer (401 before validation)', async () => {
    expect((await call(t, 'shop.test', '/api/update-profile', profile)).statusCode).toBe(401);
    expect((await call(t, 'shop.test', '/api/update-profile', { name: '' })).statusCode).toBe(401);
    expect((await call(t, 'abroad.test', '/api/update-profile', profile, { token })).statusCode).toBe(401);
  });

  it('updates every profile field and answers the user', async () => {
    const res = await call(t, 'shop.test', '/api/update-profile', profile, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ id: userId, name: 'Asha R', email: 'asha@example.com', phone: '9812345678', phone_country_code_id: 99, date_of_birth: '1990-05-17', gender: 'female' });
    const me = await call(t, 'shop.test', '/api/auth-user', {}, { token });
    expect(me.json().user.date_of_birth).toBe('1990-05-17');
  });

  it('answers field errors for bad values', async () => {
    const res = await call(t, 'shop.test', '/api/update-profile', { ...profile, name: '', email: 'nope', gender: 'other', date_of_birth: '2999-01-01', phone_country_code_id: 5000 }, { token });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['date_of_birth', 'email', 'gender', 'name']);
    const code = await call(t, 'shop.test', '/api/update-profile', { ...profile, phone_country_code_id: 5000 }, { token });
    expect(code.json().errors.phone_country_code_id).toBeDefined();
    const noPhone = await call(t, 'shop.test', '/api/update-profile', { ...profile, phone: '' }, { token });
    expect(noPhone.json().errors.phone).toBeDefined();
  });

  it('refuses an email or phone another account of the store holds', async () => {
    const res = await call(t, 'shop.test', '/api/update-profile', { ...profile, email: 'ben@example.com' }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
    const phone = await call(t, 'shop.test', '/api/user-update', { name: 'Asha', email: 'asha@example.com', phone: '9811111111' }, { token });
    expect(phone.json().errors.phone).toBeDefined();
  });

  it('keeps the verified email while a new one waits for its code', async () => {
    const res = await call(t, 'shop.test', '/api/user-update', { name: 'Asha', email: 'asha.new@example.com', phone: '9812345678' }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Asha', email: 'asha@example.com', date_of_birth: '1990-05-17' });
    expect(res.json().verify).toEqual([{ regId: expect.any(Number), to: 'asha.new@example.com', isPhone: false }]);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, userId));
    expect(row).toMatchObject({ email: 'asha@example.com', pendingEmail: 'asha.new@example.com' });
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.phoneVerifiedAt).not.toBeNull();
  });
});

describe('customer-update-password', () => {
  it('checks the current password, matching retype and length', async () => {
    const wrong = await call(t, 'shop.test', '/api/customer-update-password', { currentPassword: 'wrong-pass', newPassword: 'newpass1', retypePassword: 'newpass1' }, { token });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.currentPassword).toBeDefined();
    const mismatch = await call(t, 'shop.test', '/api/customer-update-password', { currentPassword: PASSWORD, newPassword: 'newpass1', retypePassword: 'newpass2' }, { token });
    expect(mismatch.json().errors.retypePassword).toBeDefined();
    const short = await call(t, 'shop.test', '/api/customer-update-password', { currentPassword: PASSWORD, newPassword: 'abc', retypePassword: 'abc' }, { token });
    expect(short.json().errors.newPassword).toEqual(['Passwords must be at least 6 characters.']);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await signIn(t, 'shop.test', '9812345678');
    const res = await call(t, 'shop.test', '/api/customer-update-password', { currentPassword: PASSWORD, newPassword: 'newpass1', retypePassword: 'newpass1' }, { token });
    expect(res.statusCode).toBe(200);
    expect((await call(t, 'shop.test', '/api/auth-user', {}, { token })).statusCode).toBe(200);
    expect((await call(t, 'shop.test', '/api/auth-user', {}, { token: other })).statusCode).toBe(401);
    expect((await call(t, 'shop.test', '/api/login-password-submit', { userId, password: PASSWORD })).statusCode).toBe(422);
    expect((await call(t, 'shop.test', '/api/login-password-submit', { userId, password: 'newpass1' })).statusCode).toBe(200);
  });
});

describe('demo customers', () => {
  it('creates one verified demo customer in each demo store, once', async () => {
    await createStore(t.db, { domain: 'localhost', extraDomains: ['ratna.localhost'] });
    await createStore(t.db, { domain: 'atelier.localhost', isFromIndia: false });
    expect(await seedDemoCustomers(t.db, await findDemoStores(t.db))).toBe(2);
    expect(await seedDemoCustomers(t.db, await findDemoStores(t.db))).toBe(0);
    for (const domain of ['localhost', 'atelier.localhost']) {
      const login = await call(t, domain, '/api/login', { phone: DEMO_CUSTOMER.email });
      expect(login.statusCode).toBe(200);
      const res = await call(t, domain, '/api/login-password-submit', { userId: login.json().userId, password: DEMO_CUSTOMER.password });
      expect(res.json().user).toMatchObject({ name: 'Demo Customer', email: 'demo@gemstore.test', phone: '9876543210' });
    }
  });
});
