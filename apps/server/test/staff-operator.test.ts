import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeDomains } from '@gemstore/db';
import { createStoreWithOwner } from '../scripts/store-create.ts';
import { DEMO_OWNER, seedDemoOwners } from '../src/modules/staff/demo-staff.ts';
import { findDemoStores } from '../src/modules/stores/demo-stores.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { admin, invitationToken } from './staff-fixtures.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('the operator: npm run store:create and the demo owners', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(() => t?.close());

  it('creates a store with its settings and attribute lists, and an owner invitation that signs the owner in', async () => {
    const { storeId, link } = await createStoreWithOwner({ db: t.db, config: t.config }, {
      domain: 'New-Gems.test', name: 'New Gems', country: 'IN', ownerEmail: 'Founder@Example.com',
    });
    expect(link).toMatch(/^http:\/\/new-gems\.test:\d+\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
    const profile = await t.app.inject({ url: '/api/store-profile', headers: { domain: 'new-gems.test' } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().profile).toMatchObject({ id: storeId, name: 'New Gems', isFromIndia: true });
    const rattis = await t.app.inject({ url: '/api/rattis', headers: { domain: 'new-gems.test' } });
    expect(rattis.statusCode).toBe(200);
    expect(JSON.stringify(rattis.json()).length).toBeGreaterThan(20);
    const products = (await t.app.inject({ url: '/api/products', headers: { domain: 'new-gems.test' } })).json();
    expect(JSON.stringify(products)).toContain('Ruby');

    const token = await invitationToken(t, 'founder@example.com');
    expect(link.endsWith(token)).toBe(true);
    const accept = await admin(t, 'new-gems.test', '/invitation/accept', { body: { token, password: 'founder-1', password_confirmation: 'founder-1' } });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().staff).toMatchObject({ email: 'founder@example.com', role: 'owner' });

    await expect(createStoreWithOwner({ db: t.db, config: t.config }, { domain: 'new-gems.test', name: 'Again', country: 'US', ownerEmail: 'x@example.com' }))
      .rejects.toThrow(/already selects/);
  });

  it('seeds one owner with the README password in each demo store, once', async () => {
    const demo = await createStore(t.db, { domain: 'localhost' });
    await t.db.insert(storeDomains).values({ domain: 'atelier.localhost', storeId: (await createStore(t.db, { domain: 'intl.test' })).id });
    expect(await seedDemoOwners(t.db, await findDemoStores(t.db))).toBe(2);
    expect(await seedDemoOwners(t.db, await findDemoStores(t.db))).toBe(0);
    for (const domain of ['localhost', 'atelier.localhost']) {
      const res = await admin(t, domain, '/login', { body: { email: DEMO_OWNER.email, password: DEMO_OWNER.password } });
      expect(res.statusCode, domain).toBe(200);
      expect(res.json().staff.role).toBe('owner');
    }
    expect(demo.id).toBeGreaterThan(0);
  });
});
