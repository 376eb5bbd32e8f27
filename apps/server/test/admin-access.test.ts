import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { endpoints, fillPath, type Endpoint } from '@gemstore/contracts';
import { roleMay, STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import {
  auditLog, clarities, colors, grades, importJobs, items, origins, productCategories, products, shapes, type Database,
} from '@gemstore/db';
import { asc, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createItem, type createStore } from './factories.ts';
import { admin, backOfficeStores, staffSignIn } from './staff-fixtures.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every call of the endpoint table, by name. */
const table = Object.entries(endpoints as unknown as Record<string, Endpoint>);
/** The staff calls: every one of them, present and future, is checked below. */
const staffCalls = table.filter(([, e]) => e.access === 'staff');

/** The calls under /admin that anyone may make: signing in and accepting an invitation. Nothing else under /admin is public. */
const PUBLIC_ADMIN_CALLS = ['adminLogin', 'adminLoginTotp', 'adminLoginEmail', 'adminLoginEmailVerify', 'adminInvitation', 'adminInvitationAccept', 'adminPasswordForgot', 'adminPasswordReset'];

/**
 * A path of the call with every parameter filled: a value of its list for an enumerated parameter
 * (`:kind`), else an id no store has. The answer is then at worst 404 or 422, never a change.
 */
function pathOf(e: Endpoint, given: Record<string, string | number> = {}): string {
  const shape = e.params instanceof z.ZodObject ? (e.params.shape as Record<string, z.ZodType>) : {};
  const params = Object.fromEntries([...e.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map(([, name]) => {
    const schema = shape[name!];
    return [name!, given[name!] ?? (schema instanceof z.ZodEnum ? String(schema.options[0]) : '999999')];
  }));
  return fillPath(e.path, params).replace(/^\/admin/, '');
}

/** A request as the call takes it: a body of some kind for every method that carries one. */
function call(e: Endpoint, body?: object) {
  const method = e.method as Method;
  return { method, ...(method === 'GET' || method === 'DELETE' ? {} : { body: body ?? {} }) };
}

describe('back-office access over the whole endpoint table', () => {
  let t: TestApp;
  let a: Store;
  let b: Store;
  let catA: Catalog;
  let catB: Catalog;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let customerToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ a, b, catA, catB, tokens, bOwnerToken, customerToken } = await backOfficeStores(t, 'b-'));
  });
  afterAll(() => t?.close());

  it('keeps every call under /admin for staff, but for signing in', () => {
    const admins = table.filter(([, e]) => e.path.startsWith('/admin/') && !e.root);
    expect(admins.length).toBeGreaterThan(30);
    for (const [name, e] of admins) {
      if (PUBLIC_ADMIN_CALLS.includes(name)) expect(e.access, name).toBe('public');
      else expect(e.access, `${name} (${e.method} ${e.path}) is under /admin: staff only`).toBe('staff');
    }
    // A staff call lives under /admin, where the server looks for staff tokens.
    for (const [name, e] of staffCalls) expect(e.path, name).toMatch(/^\/admin\//);
  });

  it('answers each role 403 exactly when ROLE_CAPABILITIES says it lacks the call\'s capability', async () => {
    const emails: Record<StaffRole, string> = { owner: 'owner@shop.test', manager: 'manager@shop.test', assistant: 'assistant@shop.test' };
    const checked: string[] = [];
    for (const [name, e] of staffCalls) {
      const path = pathOf(e);
      for (const role of STAFF_ROLES) {
        const res: LightMyRequestResponse = await admin(t, 'a.test', path, { ...call(e), token: tokens[role] });
        const label = `${name} (${e.method} ${e.path}) as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (e.capability && !roleMay(role, e.capability)) {
          expect(res.statusCode, label).toBe(403);
        } else {
          expect(res.statusCode, label).not.toBe(403);
          expect(res.statusCode, label).not.toBe(401);
          expect(res.statusCode, label).toBeLessThan(500);
        }
        // A call that ends the sign-in it was made with (logout): the member signs in again for the next.
        if (res.statusCode < 300 && e.method !== 'GET' && (await admin(t, 'a.test', '/me', { token: tokens[role] })).statusCode === 401) {
          tokens[role] = await staffSignIn(t, 'a.test', emails[role]);
        }
      }
      checked.push(name);
    }
    expect(checked.length).toBeGreaterThan(25);
  });

  it('answers 401 to a customer\'s token, to no token, and to a member of store A on store B\'s domain', async () => {
    for (const [name, e] of staffCalls) {
      const path = pathOf(e);
      for (const [who, domain, token] of [
        ['no token', 'a.test', undefined], ['a customer of store A', 'a.test', customerToken],
        ['the owner of store A on store B', 'b.test', tokens.owner], ['the owner of store B on store A', 'a.test', bOwnerToken],
      ] as const) {
        const res = await admin(t, domain, path, { ...call(e), token });
        expect(res.statusCode, `${name} (${e.method} ${e.path}) with ${who}: ${res.body.slice(0, 200)}`).toBe(401);
      }
    }
  });

  /** Every row of the catalogue's tables and the import jobs, and the audit log: what a refused call must leave as it was. */
  async function snapshot(db: Database) {
    return {
      categories: await db.select().from(productCategories).orderBy(asc(productCategories.id)),
      products: await db.select().from(products).orderBy(asc(products.id)),
      values: await Promise.all([grades, colors, clarities, shapes, origins].map((v) => db.select().from(v).orderBy(asc(v.id)))),
      stones: await db.select().from(items).orderBy(asc(items.id)),
      imports: await db.select().from(importJobs).orderBy(asc(importJobs.id)),
      audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    };
  }

  it('answers 404 to store A\'s staff for every catalogue call naming one of store B\'s objects, and changes nothing', async () => {
    const bStone = await createItem(t.db, b.id, { catalog: catB, gin: 'B-ONLY', url: 'b-only' });
    const [bJob] = await t.db.insert(importJobs).values({ storeId: b.id, fileName: 'b.csv', status: 'done', total: 1, processed: 1, created: 1 }).returning();
    /** Store B's object for each path with an id, by the resource the path names. */
    const bObjects: Record<string, Record<string, number | string>> = {
      '/admin/categories/:id': { id: catB.category.id },
      '/admin/products/:id': { id: catB.product.id },
      '/admin/attributes/:kind/:id': { kind: 'grade', id: catB.grades[0]!.id },
      '/admin/stones/:id': { id: bStone.id },
      '/admin/imports/:id': { id: bJob!.id },
    };
    /** A body store A would accept, so the answer is about the object, not the body. */
    const validBodies: Record<string, object> = {
      adminUpdateCategory: { parent_id: catA.root.id, name: 'Taken over', url: 'taken-over' },
      adminUpdateProduct: { category_id: catA.category.id, name: 'Taken over', url: 'taken-over' },
      adminUpdateAttributeValue: { value: 'Taken over' },
      adminUpdateStone: {
        sku: 'TAKEN-1', product_id: catA.product.id, weight_mg: 1000, width_mm: 8, length_mm: 10, depth_mm: 4,
        grade_id: catA.grades[0]!.id, color_id: catA.colors[0]!.id, clarity_id: catA.clarities[0]!.id, shape_id: catA.shapes[0]!.id,
        origin_id: catA.origins[0]!.id, price: 1, status: 'hidden',
      },
    };
    const byId = staffCalls.filter(([, e]) => e.capability === 'catalogue' && /:id\b/.test(e.path));
    expect(byId.length).toBeGreaterThanOrEqual(9);
    const before = await snapshot(t.db);
    for (const [name, e] of byId) {
      const given = bObjects[e.path];
      expect(given, `${name}: name store B's object for ${e.path} in this test`).toBeDefined();
      if (e.method !== 'GET' && e.method !== 'DELETE') expect(validBodies[name], `${name}: give a body store A would accept`).toBeDefined();
      for (const role of STAFF_ROLES) {
        const res = await admin(t, 'a.test', pathOf(e, given), { ...call(e, validBodies[name]), token: tokens[role] });
        expect(res.statusCode, `${name} as ${role}: ${res.body.slice(0, 200)}`).toBe(404);
      }
    }
    // Ids in a body or a filter: B's stones are skipped, found nowhere.
    for (const action of ['show', 'hide'] as const) {
      const bulk = await admin(t, 'a.test', '/stones/bulk', { token: tokens.owner, body: { action, ids: [bStone.id] } });
      expect(bulk.json()).toEqual({ changed: 0, skipped: 1 });
    }
    const price = await admin(t, 'a.test', '/stones/bulk', { token: tokens.owner, body: { action: 'price', ids: [bStone.id], percent: -50 } });
    expect(price.json()).toEqual({ changed: 0, skipped: 1 });
    expect((await admin(t, 'a.test', `/stones?product=${catB.product.id}`, { token: tokens.owner })).json().total).toBe(0);
    expect(await snapshot(t.db)).toEqual(before);
    // The objects are there, for their own store.
    expect((await admin(t, 'b.test', `/stones/${bStone.id}`, { token: bOwnerToken })).statusCode).toBe(200);
    expect((await admin(t, 'b.test', `/imports/${bJob!.id}`, { token: bOwnerToken })).statusCode).toBe(200);
    const [still] = await t.db.select().from(items).where(eq(items.id, bStone.id));
    expect(still).toMatchObject({ storeId: b.id, gin: 'B-ONLY', status: 'available' });
    void a;
  });
});
