import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { type Endpoint, endpoints, fillPath, LONE_SURROGATE_MESSAGE, NUL_CHARACTER_MESSAGE } from '@gemstore/contracts';
import { auditLog, pageCategories, webhookEvents } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import { multipart } from './multipart.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

/** Half of a UTF-16 pair, alone: JSON can carry it, PostgreSQL (UTF-8 text, jsonb) cannot store it. */
const WEBHOOK_SECRET = 'webhook-secret-for-the-probe';
const PROBE = 'Probe \ud800 text';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[] };

/** A body with PROBE in every string field the schema names (nested objects and lists too); other fields are left out. */
function probeBody(schema: JsonSchema): { body: unknown; fields: number } {
  let fields = 0;
  const walk = (s: JsonSchema): unknown => {
    const options = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
    const types = ([] as string[]).concat(s.type ?? []);
    if (s.properties || options.some((o) => o.properties)) {
      const out: Record<string, unknown> = {};
      for (const o of [s, ...options]) {
        for (const [key, property] of Object.entries(o.properties ?? {})) {
          if (key in out) continue;
          const value = walk(property);
          if (value !== undefined) out[key] = value;
        }
      }
      return out;
    }
    if (types.includes('array') && s.items) {
      const item = walk(s.items);
      return item === undefined ? undefined : [item];
    }
    if (types.includes('string') || options.some((o) => ([] as string[]).concat(o.type ?? []).includes('string'))) {
      fields++;
      return PROBE;
    }
    return undefined;
  };
  const body = walk(schema);
  return { body, fields };
}

const table = Object.entries(endpoints as unknown as Record<string, Endpoint>);

describe('text that cannot be stored', () => {
  let t: TestApp;
  let ownerToken: string;
  let customerToken: string;
  let pageCategoryId: number;

  beforeAll(async () => {
    t = await buildTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const cast = await backOfficeStores(t);
    ownerToken = cast.tokens.owner;
    customerToken = cast.customerToken;
    const [category] = await t.db.insert(pageCategories).values({ storeId: cast.a.id, name: 'About', sortOrder: 1 }).returning();
    pageCategoryId = category!.id;
  });
  afterAll(() => t?.close());

  it('refuses a lone surrogate with 422 naming the field, and stores nothing', async () => {
    const res = await admin(t, 'a.test', `/page-categories/${pageCategoryId}`, { method: 'PUT', token: ownerToken, body: { name: PROBE } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: LONE_SURROGATE_MESSAGE, errors: { name: [LONE_SURROGATE_MESSAGE] } });
    const [row] = await t.db.select().from(pageCategories).where(eq(pageCategories.id, pageCategoryId));
    expect(row!.name).toBe('About');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.objectType, 'page_category'))).toEqual([]);
    // The other half alone, and NUL, are refused alike; a whole pair (an emoji) is text like any other.
    const low = await admin(t, 'a.test', `/page-categories/${pageCategoryId}`, { method: 'PUT', token: ownerToken, body: { name: 'a\udc00b' } });
    expect(low.json().errors).toEqual({ name: [LONE_SURROGATE_MESSAGE] });
    const nul = await admin(t, 'a.test', `/page-categories/${pageCategoryId}`, { method: 'PUT', token: ownerToken, body: { name: 'a\u0000b' } });
    expect(nul.json().errors).toEqual({ name: [NUL_CHARACTER_MESSAGE] });
    const pair = await admin(t, 'a.test', `/page-categories/${pageCategoryId}`, { method: 'PUT', token: ownerToken, body: { name: 'About 💎', sort_order: 1 } });
    expect(pair.statusCode, pair.body).toBe(200);
  });

  it('refuses a surrogate in every string field of every call with 422 at the edge: no 5xx', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const [name, e] of table) {
      if (!e.body || 'multipart' in e.body || e.access === 'provider') continue;
      const { body, fields } = probeBody(z.toJSONSchema(e.body as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
      if (!fields) continue;
      const params = Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map(([, p]) => {
        const shape = e.params instanceof z.ZodObject ? (e.params.shape as Record<string, z.ZodType>) : {};
        const schema = shape[p!];
        // An object that exists where the path names one, so a write would reach the database.
        return [p!, schema instanceof z.ZodEnum ? String(schema.options[0]) : '1'];
      }));
      const token = e.access === 'staff' ? ownerToken : e.access === 'customer' ? customerToken : undefined;
      const res = await t.app.inject({
        method: e.method, url: `${e.root ? '' : '/api'}${fillPath(e.path, params)}`,
        headers: { domain: 'a.test', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: body as object,
      });
      probed++;
      const answer = res.json() as { errors?: Record<string, string[]> };
      const messages = Object.values(answer.errors ?? {}).flat();
      if (res.statusCode !== 422 || messages.length === 0 || messages.some((m) => m !== LONE_SURROGATE_MESSAGE)) {
        failures.push(`${name} ${e.method} ${e.path} (${fields} fields) -> ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(probed).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  });

  it('answers 4xx to a surrogate written into a query string or a path as UTF-8 bytes', async () => {
    for (const url of ['/api/admin/stones?q=%ED%A0%80', '/api/search?q=%ED%A0%80', '/api/item-details/%ED%A0%80', '/api/admin/audit?object_id=%ED%A0%80']) {
      const res = await t.app.inject({ url, headers: { domain: 'a.test', authorization: `Bearer ${ownerToken}` } });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('refuses a CSV cell with NUL as a bad row of the import', async () => {
    const csv = 'sku,product,weight_mg,width_mm,length_mm,depth_mm,grade,color,clarity,shape,origin,price,description\n'
      + 'NUL-1,Blue Sapphire,1000,5,6,4,AAA,Royal Blue,VVS,Oval,Sri Lanka,1000,Fine\u0000stone\n';
    const { payload, contentType } = multipart([['dry_run', 'true'], ['file', Buffer.from(csv), 'stones.csv', 'text/csv']]);
    const res = await t.app.inject({
      method: 'POST', url: '/api/admin/imports', payload, headers: { domain: 'a.test', authorization: `Bearer ${ownerToken}`, 'content-type': contentType },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 1, valid: 0, errors: [{ row: 2, column: 'description', message: NUL_CHARACTER_MESSAGE }] });
  });

  it('refuses it in a signed webhook body with 422, remembering nothing', async () => {
    const body = '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_\\ud800","order_id":"order_1","amount":100}}}}';
    const res = await t.app.inject({
      method: 'POST', url: '/api/payments/razorpay/webhook', payload: body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'), 'x-razorpay-event-id': 'evt_probe' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toContain(LONE_SURROGATE_MESSAGE);
    expect(await t.db.select().from(webhookEvents)).toEqual([]);
  });
});
