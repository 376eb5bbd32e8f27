import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import * as contracts from '@gemstore/contracts';
import { NUL_CHARACTER_MESSAGE } from '@gemstore/contracts';
import { enquiries, returnRequests } from '@gemstore/db';
import { registeredRoutes } from './routes.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import {
  addressForm, caller, createShop, createShopper, createShoppers, createStone, insertAddress, payWithSandbox, placeOrder, dispatchOrder, type Shop, type Shopper,
} from './checkout-fixtures.ts';

/**
 * Hostile input gets a clear 4xx, never a 500: NUL characters (which PostgreSQL text cannot hold)
 * are refused in every validated field, a malformed Host header is a 400, and a corpus of malformed
 * requests against every registered route meets no server error.
 */

type Part = [name: string, value: string] | [name: string, data: Buffer, filename: string, type: string];

function multipart(parts: Part[], boundary = `----hostile${Math.random().toString(16).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.length === 2) chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${p[0]}"\r\n\r\n${p[1]}\r\n`));
    else chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${p[0]}"; filename="${p[2]}"\r\ncontent-type: ${p[3]}\r\n\r\n`), p[1], Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('NUL characters', () => {
  let t: TestApp;
  let shop: Shop;
  let asha: Shopper;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createShop(t.db);
    asha = await createShopper(t.db, shop.store.id);
    call = caller(t, shop.domain);
  });
  afterAll(() => t?.close());

  const nulError = (field: string) => ({ message: NUL_CHARACTER_MESSAGE, errors: { [field]: [NUL_CHARACTER_MESSAGE] } });

  it('are refused in body fields, nested ones and object keys, with 422 naming the field', async () => {
    const register = await call('/api/register', null, { name: 'Asha\u0000Rao', phone: '9812300001', password: 'secret123', password_confirmation: 'secret123' });
    expect(register.statusCode).toBe(422);
    expect(register.json()).toEqual(nulError('name'));

    const address = await call('/api/address-save', asha, { address: addressForm({ landmark: 'Clock\u0000tower' }) });
    expect(address.statusCode).toBe(422);
    // The address calls key their field errors by the form's names.
    expect(address.json()).toEqual(nulError('landmark'));

    const profile = await call('/api/update-profile', asha, { name: 'Asha', email: 'asha\u0000@example.com' });
    expect(profile.statusCode).toBe(422);
    expect(profile.json().errors).toEqual({ email: [NUL_CHARACTER_MESSAGE] });

    const form = { name: 'Meera', email: 'meera@example.com', phone: '+91 98111 22233', message: 'A ruby\u0000please' };
    const enquiry = await call('/api/enquiry', null, form);
    expect(enquiry.statusCode).toBe(422);
    expect(enquiry.json()).toEqual(nulError('message'));
    const key = await call('/api/enquiry', null, { ...form, message: 'A ruby', 'extra\u0000': 'x' });
    expect(key.statusCode).toBe(422);
    expect(await t.db.select().from(enquiries).where(eq(enquiries.storeId, shop.store.id))).toEqual([]);
  });

  it('are refused in query strings and path parameters', async () => {
    const outbox = await t.app.inject({ url: '/api/dev/outbox?to=98123%0045678' });
    expect(outbox.statusCode).toBe(422);
    expect(outbox.json()).toEqual(nulError('to'));
    const page = await t.app.inject({ url: '/api/check-domain/shop%00.test' });
    expect(page.statusCode).toBe(422);
    expect(page.json()).toEqual(nulError('domain'));
  });

  it('are refused in the fields of the multipart return form, and nothing is stored', async () => {
    const address = await insertAddress(t.db, shop.store.id, asha.id);
    const stone = await createStone(t.db, shop);
    const orderId = (await placeOrder(t, shop, asha, [stone.id], address.id)).json().orderId as number;
    expect((await payWithSandbox(t, shop, asha, orderId)).statusCode).toBe(303);
    await dispatchOrder(t, shop.store.id, orderId, 'Fedex', 'FX-1');
    const lineId = (await call('/api/order', asha, { orderId })).json().order.details[0].id as number;
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } }).jpeg().toBuffer();
    const { payload, contentType } = multipart([
      ['orderId', String(orderId)], ['reason', 'defective'], ['comment', 'Chipped\u0000edge'], ['detailIds[0]', String(lineId)],
      ['images[0]', jpeg, 'a.jpg', 'image/jpeg'],
    ]);
    const res = await t.app.inject({
      method: 'POST', url: '/api/return-request-create', payload,
      headers: { domain: shop.domain, 'content-type': contentType, authorization: `Bearer ${asha.token}` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ comment: [NUL_CHARACTER_MESSAGE] });
    expect(await t.db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId))).toEqual([]);
    const returnsDir = join(t.config.mediaDir, 'returns');
    expect(existsSync(returnsDir) ? readdirSync(returnsDir, { recursive: true }).filter((f) => String(f).includes('.')) : []).toEqual([]);
  });

  it('leaves other control characters to the fields’ own rules', async () => {
    const message = 'Tab\there, bell\u0007, escape\u001b, right-to-left\u202e, a whole pair \ud83d\udc8e.';
    const res = await call('/api/enquiry', null, { name: 'Meera', email: 'meera@example.com', phone: '+91 98111 22233', message });
    expect(res.statusCode).toBe(200);
  });
});

describe('a malformed Host header', () => {
  let t: TestApp;
  let shop: Shop;
  let buildDir: string;
  beforeAll(async () => {
    // The web app's server build is replaced by an empty module: these requests must never reach it.
    buildDir = mkdtempSync(join(tmpdir(), 'gemstore-web-stand-in-'));
    mkdirSync(join(buildDir, 'server'));
    mkdirSync(join(buildDir, 'client'));
    writeFileSync(join(buildDir, 'server', 'index.js'), 'export default {};\n');
    t = await buildTestApp({ WEB_BUILD_DIR: buildDir }, { web: true });
    shop = await createShop(t.db);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const malformed = ['exa mple.test', 'shop.test/evil', 'shop.test:99999999', '[::1', 'user@shop.test', 'shop.test\\', '%00', 'shop.test:80:80', 'é.test'];

  it('answers 400 on rendered pages, payment pages and the API', async () => {
    for (const host of malformed) {
      for (const request of [
        { url: '/home' },
        { url: '/pay/razorpay/1?token=x' },
        { url: '/api/store-profile', headers: { domain: shop.domain } },
      ] as { url: string; headers?: Record<string, string> }[]) {
        const res = await t.app.inject({ url: request.url, headers: { ...request.headers, host } });
        expect({ host, url: request.url, status: res.statusCode }).toEqual({ host, url: request.url, status: 400 });
        expect(res.json()).toMatchObject({ code: 'invalid_host' });
      }
    }
  });

  it('accepts names, IPv4 and bracketed IPv6 addresses with ports', async () => {
    for (const host of ['shop.test', 'shop.test:3000', '127.0.0.1:8080', '[::1]:3000', 'localhost']) {
      const res = await t.app.inject({ url: '/api/store-profile', headers: { host, domain: shop.domain } });
      expect({ host, status: res.statusCode }).toEqual({ host, status: 200 });
    }
  });
});

// ---------- The corpus ----------


/**
 * Every field of every request schema in the contracts, nested as the schemas nest them (from
 * their JSON Schema): filled with one hostile value, it reaches each field of whichever call it is sent to.
 */
function requestFieldTemplate(): Record<string, unknown> {
  const template: Record<string, unknown> = {};
  const merge = (target: Record<string, unknown>, schema: Record<string, unknown>) => {
    for (const option of [...(schema.anyOf as object[] ?? []), ...(schema.oneOf as object[] ?? []), ...(schema.allOf as object[] ?? [])]) {
      merge(target, option as Record<string, unknown>);
    }
    for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      const nested = property.properties || property.anyOf ? (target[key] && typeof target[key] === 'object' ? target[key] as Record<string, unknown> : {}) : null;
      if (nested) {
        merge(nested, property);
        target[key] = nested;
      } else if (!(key in target)) {
        target[key] = property.type === 'array' ? 'list' : 'leaf';
      }
    }
  };
  for (const [name, value] of Object.entries(contracts)) {
    if (!(value instanceof z.ZodType) || !/(Body|Query|Fields|Params)$/.test(name) || /Error/.test(name)) continue;
    merge(template, z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>);
  }
  return template;
}

function fill(template: Record<string, unknown>, value: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(template).map(([key, leaf]) => [
    key, leaf === 'leaf' ? value : leaf === 'list' ? [value, value] : fill(leaf as Record<string, unknown>, value),
  ]));
}

describe('a corpus of malformed requests against every route', () => {
  let t: TestApp;
  let shop: Shop;
  let asha: Shopper;
  let orderId: number;
  beforeAll(async () => {
    t = await buildTestApp({ RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-for-the-corpus' });
    shop = await createShop(t.db);
    asha = await createShopper(t.db, shop.store.id);
    const address = await insertAddress(t.db, shop.store.id, asha.id);
    const stone = await createStone(t.db, shop);
    orderId = (await placeOrder(t, shop, asha, [stone.id], address.id)).json().orderId as number;
  });
  afterAll(() => t?.close());

  it('meets no server error', async () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    // The tree parsed: the storefront API's calls and the upload are among the routes.
    for (const path of ['/api/login', '/api/register-otp-verify', '/api/categories/:id', '/api/return-request-create', '/pay/callback/:orderId']) {
      expect(routes.map((r) => r.path)).toContain(path);
    }
    const params: Record<string, string> = {
      id: shop.catalog.product.url, url: 'a-post', countryId: 'IN', stateId: 'IN-RJ', domain: shop.domain, orderId: String(orderId),
    };
    const urlOf = (path: string, param?: (name: string) => string) => {
      const url = path.replace(/:(\w+)/g, (_, name: string) => param?.(name) ?? params[name] ?? '1');
      return url === '*' ? '/media/none.svg' : url.replace('*', 'none.svg');
    };

    const template = requestFieldTemplate();
    const hostileValues: unknown[] = [
      'a\u0000b', '\u0001\u0002\u001f\u007f\u202e\ud800', 'x'.repeat(100_000), '💎'.repeat(5_000), '../../etc/passwd', "' or 1=1 --",
      '<script>alert(1)</script>', [], {}, -1, 0, 1.5, 1e308, -2_147_483_649, 99_999_999_999, true, null, 'NaN', '1e999', ' ',
    ];
    // Each route gets a customer of its own: logout (or a password change) ends only that one's sign-in.
    const shoppers = await createShoppers(t.db, shop.store.id, routes.length);
    let bearer = { authorization: '' };
    const headerSetsFor = (): { name: string; headers: Record<string, string> }[] => [
      { name: 'signed in', headers: { domain: shop.domain, ...bearer } },
      { name: 'signed out', headers: { domain: shop.domain } },
      { name: 'missing domain', headers: { ...bearer } },
      { name: 'unknown domain', headers: { domain: 'nowhere.example', ...bearer } },
      { name: 'malformed domain', headers: { domain: `bad domain ${'x'.repeat(5000)}`, ...bearer } },
      { name: 'malformed host', headers: { domain: shop.domain, host: 'bad host', ...bearer } },
      { name: 'garbage bearer', headers: { domain: shop.domain, authorization: `Bearer ${'\u00ff'.repeat(3000)}` } },
      { name: 'not a bearer', headers: { domain: shop.domain, authorization: 'Basic Zm9vOmJhcg==' } },
    ];
    const tenMegabytes = Buffer.alloc(10 * 1024 * 1024, 'a');
    const deepJson = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

    const requests: { route: string; label: string; options: InjectOptions }[] = [];
    let current = '';
    const add = (label: string, options: InjectOptions) => requests.push({ route: current, label, options: { remoteAddress: '203.0.113.99', ...options } });
    for (const [index, route] of routes.entries()) {
      current = `${route.method} ${route.path}`;
      bearer = { authorization: `Bearer ${shoppers[index]!.token}` };
      const url = urlOf(route.path);
      const json = { ...bearer, domain: shop.domain, 'content-type': 'application/json' };
      for (const { name, headers } of headerSetsFor()) {
        add(`${name}`, { method: route.method, url, headers, ...(route.method === 'POST' ? { payload: fill(template, 'a\u0000b') } : {}) });
      }
      if (route.method === 'POST') {
        for (const value of hostileValues) add(`every field ${JSON.stringify(value)?.slice(0, 40)}`, { method: 'POST', url, headers: json, payload: JSON.stringify(fill(template, value)) });
        for (const body of ['{"phone":', '{"a":1}}', '', 'null', '[]', '"text"', '42', 'true', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}', deepJson]) {
          add(`body ${body.slice(0, 30)}`, { method: 'POST', url, headers: json, payload: body });
        }
        add('10 MB JSON', { method: 'POST', url, headers: json, payload: tenMegabytes });
        add('10 MB form', { method: 'POST', url, headers: { ...json, 'content-type': 'application/x-www-form-urlencoded' }, payload: tenMegabytes });
        add('text body', { method: 'POST', url, headers: { ...json, 'content-type': 'text/plain' }, payload: 'hello\u0000' });
        add('xml body', { method: 'POST', url, headers: { ...json, 'content-type': 'application/xml' }, payload: '<a>&xxe;</a>' });
        add('form with NUL', { method: 'POST', url, headers: { ...json, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'razorpay_payment_id=a%00b&razorpay_signature=%00&error=1' });
        add('multipart garbage', { method: 'POST', url, headers: { ...json, 'content-type': 'multipart/form-data; boundary=zz' }, payload: '--zz\r\ngarbage\u0000\r\n--z' });
        add('bad charset', { method: 'POST', url, headers: { ...json, 'content-type': 'application/json; charset=utf-7' }, payload: '{}' });
      } else {
        for (const query of ['page=%00', 'page=abc', 'page=1&page=2', 'page=-1', 'page=1e999', 'page=99999999999', `to=%00`, `to=${'x'.repeat(10_000)}`, 'token=%00', `token=${'9'.repeat(5000)}`, '%', 'a[b][c][d]=1']) {
          add(`query ${query.slice(0, 30)}`, { method: 'GET', url: `${url}?${query}`, headers: { domain: shop.domain } });
        }
      }
      if (/[:*]/.test(route.path)) {
        for (const value of ['%00', 'x'.repeat(10_000), '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%F0%9F%92%8E', '-1', '99999999999', '0x1f', '%20']) {
          add(`param ${value.slice(0, 30)}`, { method: route.method, url: urlOf(route.path, () => value).replace('none.svg', value), headers: { ...bearer, domain: shop.domain } });
        }
      }
    }

    // The return upload, signed in, with broken multipart bodies.
    current = 'POST /api/return-request-create';
    bearer = { authorization: `Bearer ${asha.token}` };
    const upload = (label: string, payload: Buffer | string, contentType: string) =>
      add(`upload ${label}`, { method: 'POST', url: '/api/return-request-create', headers: { ...bearer, domain: shop.domain, 'content-type': contentType }, payload });
    const jpegHeader = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    upload('no boundary', 'anything', 'multipart/form-data');
    upload('random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 'multipart/form-data; boundary=abc');
    upload('truncated', '--abc\r\ncontent-disposition: form-data; name="orderId"\r\n\r\n1', 'multipart/form-data; boundary=abc');
    upload('part without headers', '--abc\r\n\r\nvalue\r\n--abc--\r\n', 'multipart/form-data; boundary=abc');
    upload('wrong boundary', multipart([['orderId', '1']], 'right').payload, 'multipart/form-data; boundary=wrong');
    const form = (parts: Part[]) => multipart(parts);
    for (const [label, parts] of [
      ['NUL everywhere', [['orderId', '\u0000'], ['reason', '\u0000'], ['comment', '\u0000'], ['detailIds[0]', '\u0000']]],
      ['NUL in a field name', [['order\u0000Id', '1'], ['reason', 'defective'], ['detailIds[0]', '1']]],
      ['wrong types', [['orderId', 'abc'], ['reason', 'broken'], ['detailIds[0]', '-5'], ['detailIds[1]', '1e999']]],
      ['a 10 MB image', [['orderId', String(orderId)], ['reason', 'defective'], ['detailIds[0]', '1'], ['images[0]', tenMegabytes, 'big.jpg', 'image/jpeg']]],
      ['a truncated JPEG', [['orderId', String(orderId)], ['reason', 'defective'], ['detailIds[0]', '1'], ['images[0]', jpegHeader, 'a.jpg', 'image/jpeg']]],
      ['a script as image', [['orderId', String(orderId)], ['reason', 'defective'], ['detailIds[0]', '1'], ['images[0]', Buffer.from('<svg onload=alert(1)>'), 'a.svg', 'image/svg+xml']]],
      ['a file in a text field', [['orderId', String(orderId)], ['comment', Buffer.from('x'), 'c.txt', 'text/plain']]],
      ['seven images', [['orderId', String(orderId)], ['reason', 'defective'], ['detailIds[0]', '1'], ...Array.from({ length: 7 }, (_, i) => [`images[${i}]`, jpegHeader, `${i}.jpg`, 'image/jpeg'] as Part)]],
      ['two hundred fields', Array.from({ length: 200 }, (_, i) => [`detailIds[${i}]`, String(i)] as Part)],
      ['a long comment', [['orderId', String(orderId)], ['reason', 'defective'], ['detailIds[0]', '1'], ['comment', 'x'.repeat(7_000)]]],
    ] as [string, Part[]][]) {
      const { payload, contentType } = form(parts);
      upload(label, payload, contentType);
    }

    const failures: string[] = [];
    const covered = new Set<string>();
    for (const { route, label, options } of requests) {
      const res: LightMyRequestResponse = await t.app.inject(options);
      covered.add(route);
      if (res.statusCode >= 500) failures.push(`${options.method} ${String(options.url).slice(0, 80)} [${label}] -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(requests.length).toBeGreaterThan(1000);
    expect([...covered].sort()).toEqual([...new Set(routes.map((r) => `${r.method} ${r.path}`))].sort());
    expect(failures).toEqual([]);
  }, 300_000);
});
