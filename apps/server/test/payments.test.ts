import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cartLines, items, orders, payments, stores, webhookEvents } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import {
  caller, createShop, createShopper, createStone, formFields, insertAddress, payWithSandbox, placeOrder, postForm, type Shop, type Shopper,
} from './checkout-fixtures.ts';

const KEY_ID = 'rzp_test_key123';
const KEY_SECRET = 'razorpay-key-secret-for-tests';
const WEBHOOK_SECRET = 'razorpay-webhook-secret-for-tests';

/** A loopback stand-in for Razorpay's Orders API: records what it was sent, answers like Razorpay. */
interface FakeCall { method?: string; url?: string; authorization?: string; body: Record<string, unknown> }
const fake = { calls: [] as FakeCall[], status: 200, counter: 0 };
let fakeServer: Server;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => resolve(data));
  });
}

let t: TestApp;
let shop: Shop;
let rzpShop: Shop;
let asha: Shopper;
let ben: Shopper;
let ashaAddress: number;
let benAddress: number;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  fakeServer = createServer(async (req, res) => {
    const body = await readBody(req);
    fake.calls.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body: body ? JSON.parse(body) : {} });
    res.setHeader('content-type', 'application/json');
    if (fake.status !== 200) {
      res.statusCode = fake.status;
      res.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'down' } }));
      return;
    }
    fake.counter += 1;
    const b = JSON.parse(body) as { amount: number; currency: string; receipt: string };
    res.end(JSON.stringify({ id: `order_Fake${fake.counter}`, entity: 'order', amount: b.amount, amount_paid: 0, amount_due: b.amount, currency: b.currency, receipt: b.receipt, status: 'created', attempts: 0, notes: {}, created_at: 1700000000 }));
  });
  await new Promise<void>((resolve) => fakeServer.listen(0, '127.0.0.1', resolve));
  const port = (fakeServer.address() as AddressInfo).port;
  t = await buildTestApp({
    RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
  });
  shop = await createShop(t.db);
  rzpShop = await createShop(t.db, 'r-');
  await t.db.update(stores).set({ paymentProvider: 'razorpay', name: 'Ratna <Gems> & "Co"' }).where(eq(stores.id, rzpShop.store.id));
  asha = await createShopper(t.db, shop.store.id);
  ben = await createShopper(t.db, shop.store.id);
  ashaAddress = (await insertAddress(t.db, shop.store.id, asha.id)).id;
  benAddress = (await insertAddress(t.db, shop.store.id, ben.id)).id;
  call = caller(t, shop.domain);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fakeServer?.close(resolve));
});
beforeEach(() => {
  fake.calls = [];
  fake.status = 200;
});

async function orderState(orderId: number) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const pays = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { order: order!, payments: pays };
}
async function itemStatus(id: number) {
  return (await t.db.select({ status: items.status }).from(items).where(eq(items.id, id)))[0]!.status;
}
async function newOrder(who = asha, address = ashaAddress, pricePaise = 250_000) {
  const stone = await createStone(t.db, shop, { pricePaise });
  const res = await placeOrder(t, shop, who, [stone.id], address);
  expect(res.statusCode).toBe(200);
  return { stone, orderId: res.json().orderId as number };
}

describe('sandbox payment page', () => {
  it('opens only with a valid pass and shows the store, order number and amount', async () => {
    const { orderId } = await newOrder(asha, ashaAddress, 1_234_550);
    const q = (await call('/api/retry-pay', asha, { orderId })).json();
    const page = await t.app.inject({ url: q.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.body).toContain(shop.store.name);
    expect(page.body).toContain(`#${orderId}`);
    expect(page.body).toContain('Rs. 12,345.50');
    for (const url of [`/pay/sandbox/${orderId}`, `/pay/sandbox/${orderId}?token=123.${'0'.repeat(64)}`, `/pay/sandbox/${orderId + 1}?token=${encodeURIComponent(q.token)}`]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(403);
    }
  });

  it('Pay marks the order paid, the stone sold, records the payment and leaves the cart', async () => {
    const stone = await createStone(t.db, shop, { pricePaise: 300_000 });
    await call('/api/cart-save', asha, { itemId: stone.id });
    const orderId = (await placeOrder(t, shop, asha, [stone.id], ashaAddress)).json().orderId;
    const q = (await call('/api/retry-pay', asha, { orderId })).json();
    const res = await postForm(t, `/pay/callback/${orderId}`, formFields((await t.app.inject({ url: q.url })).body));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order/view/${orderId}`);
    const { order, payments: pays } = await orderState(orderId);
    expect(order.status).toBe('paid');
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ provider: 'sandbox', amountPaise: 300_000, storeId: shop.store.id });
    expect(await itemStatus(stone.id)).toBe('sold');
    expect(await t.db.select().from(cartLines).where(eq(cartLines.itemId, stone.id))).toHaveLength(0);
    const view = (await call('/api/order', asha, { orderId })).json().order;
    expect(view).toMatchObject({ status: 'paid', can_retry_payment: false, payment: { razorpay_payment_id: pays[0]!.providerPaymentId, amount: 3000, status_label: 'Success' } });
    // The page of a paid order sends the browser to the order.
    const again = await t.app.inject({ url: q.url });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/order/view/${orderId}`);
  });

  it('Fail changes nothing and returns to the order', async () => {
    const { stone, orderId } = await newOrder();
    const res = await payWithSandbox(t, shop, asha, orderId, 'fail');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order/view/${orderId}?payment=failed`);
    const { order, payments: pays } = await orderState(orderId);
    expect(order.status).toBe('pending');
    expect(pays).toHaveLength(0);
    expect(await itemStatus(stone.id)).toBe('reserved');
  });
});

describe('callback', () => {
  it('rejects a forged signature and changes nothing', async () => {
    const { stone, orderId } = await newOrder();
    const q = (await call('/api/retry-pay', asha, { orderId })).json();
    const page = await t.app.inject({ url: q.url });
    const fields = formFields(page.body);
    const attempts: Record<string, string>[] = [
      { ...fields, razorpay_signature: '0'.repeat(64) },
      { ...fields, razorpay_signature: 'not-hex' },
      { ...fields, razorpay_payment_id: 'sbx_pay_other' },
      { razorpay_payment_id: 'sbx_pay_x', razorpay_order_id: q.order_id },
      // Signed correctly, but for an order id the attacker chose: the stored id is what counts.
      (() => {
        const sig = createHmac('sha256', 'gemstore-dev-sandbox-secret-change-me').update('sbx_order_mine|sbx_pay_1').digest('hex');
        return { razorpay_payment_id: 'sbx_pay_1', razorpay_order_id: 'sbx_order_mine', razorpay_signature: sig };
      })(),
    ];
    for (const form of attempts) {
      const res = await postForm(t, `/pay/callback/${orderId}`, form);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Payment not confirmed');
    }
    const { order, payments: pays } = await orderState(orderId);
    expect(order.status).toBe('pending');
    expect(pays).toHaveLength(0);
    expect(await itemStatus(stone.id)).toBe('reserved');
    // A payment page's signature is bound to its own order.
    const other = await newOrder();
    expect((await postForm(t, `/pay/callback/${other.orderId}`, fields)).statusCode).toBe(400);
  });

  it('applies a repeated callback once', async () => {
    const { orderId } = await newOrder();
    const q = (await call('/api/retry-pay', asha, { orderId })).json();
    const fields = formFields((await t.app.inject({ url: q.url })).body);
    expect((await postForm(t, `/pay/callback/${orderId}`, fields)).statusCode).toBe(303);
    expect((await postForm(t, `/pay/callback/${orderId}`, fields)).statusCode).toBe(303);
    const { order, payments: pays } = await orderState(orderId);
    expect(order.status).toBe('paid');
    expect(order.refundFlaggedAt).toBeNull();
    expect(pays).toHaveLength(1);
  });

  it('records a late payment and flags the order when the stone went to another order; never sells it twice', async () => {
    const { stone, orderId } = await newOrder();
    const q = (await call('/api/retry-pay', asha, { orderId })).json();
    const fields = formFields((await t.app.inject({ url: q.url })).body);
    // The reservation lapses, the sweep frees the stone, Ben orders it.
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
    await t.app.flows.checkout.releaseExpiredReservations();
    const bens = (await placeOrder(t, shop, ben, [stone.id], benAddress)).json().orderId;
    // Asha's payment arrives now.
    const res = await postForm(t, `/pay/callback/${orderId}`, fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order/view/${orderId}?payment=flagged`);
    const { order, payments: pays } = await orderState(orderId);
    expect(order.status).toBe('expired');
    expect(order.refundFlaggedAt).not.toBeNull();
    expect(pays).toHaveLength(1);
    expect(await itemStatus(stone.id)).toBe('reserved');
    const view = (await call('/api/order', asha, { orderId })).json().order;
    expect(view).toMatchObject({ refund_pending: true, can_retry_payment: false, payment: { status_label: 'Received, to be refunded' } });
    expect((await call('/api/retry-pay', asha, { orderId })).statusCode).toBe(409);
    // Ben still pays for and gets the stone.
    expect((await payWithSandbox(t, shop, ben, bens)).statusCode).toBe(303);
    expect(await itemStatus(stone.id)).toBe('sold');
  });

  it('sells the stones to a late payment when they are still free', async () => {
    const { stone, orderId } = await newOrder();
    const q = (await call('/api/retry-pay', asha, { orderId })).json();
    const fields = formFields((await t.app.inject({ url: q.url })).body);
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
    await t.app.flows.checkout.releaseExpiredReservations();
    expect(await itemStatus(stone.id)).toBe('available');
    expect((await postForm(t, `/pay/callback/${orderId}`, fields)).headers.location).toBe(`/order/view/${orderId}`);
    expect((await orderState(orderId)).order.status).toBe('paid');
    expect(await itemStatus(stone.id)).toBe('sold');
  });
});

describe('razorpay provider', () => {
  let c: Shopper;
  let address: number;
  let rcall: ReturnType<typeof caller>;
  beforeAll(async () => {
    c = await createShopper(t.db, rzpShop.store.id);
    address = (await insertAddress(t.db, rzpShop.store.id, c.id)).id;
    rcall = caller(t, rzpShop.domain);
  });
  async function rzpOrder(pricePaise = 4_999_900) {
    const stone = await createStone(t.db, rzpShop, { pricePaise });
    const orderId = (await placeOrder(t, rzpShop, c, [stone.id], address)).json().orderId as number;
    return { stone, orderId };
  }

  it('creates the Razorpay order in paise, INR, with a short receipt and basic auth', async () => {
    const { orderId } = await rzpOrder();
    const res = await rcall('/api/retry-pay', c, { orderId });
    expect(res.statusCode).toBe(200);
    expect(fake.calls).toHaveLength(1);
    const sent = fake.calls[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/orders');
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(sent.body).toMatchObject({ amount: 4_999_900, currency: 'INR', notes: { store_order_id: String(orderId) } });
    expect(String(sent.body.receipt).length).toBeLessThanOrEqual(40);
    expect(res.json()).toMatchObject({ key: KEY_ID, amount: 4_999_900, currency: 'INR', provider: 'razorpay', order_id: expect.stringMatching(/^order_Fake/), email: c.email, contact: c.phone });
    expect(res.json().url).toMatch(new RegExp(`^/pay/razorpay/${orderId}\\?token=`));
    // Kept for the next try: no second provider order.
    await rcall('/api/retry-pay', c, { orderId });
    expect(fake.calls).toHaveLength(1);
  });

  it('serves the Checkout page with key, amount, ids, customer and an absolute callback', async () => {
    const { orderId } = await rzpOrder(123_400);
    const q = (await rcall('/api/retry-pay', c, { orderId })).json();
    const page = await t.app.inject({ url: q.url, headers: { host: 'ratna.test:3000' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('https://checkout.razorpay.com/v1/checkout.js');
    expect(page.body).toContain(`"key":"${KEY_ID}"`);
    expect(page.body).toContain('"amount":123400');
    expect(page.body).toContain('"currency":"INR"');
    expect(page.body).toContain(`"order_id":"${q.order_id}"`);
    expect(page.body).toContain(`"email":"${c.email}"`);
    expect(page.body).toContain(`"callback_url":"http://ratna.test:3000/pay/callback/${orderId}"`);
    // The store name is escaped in HTML and in the script's JSON.
    expect(page.body).not.toContain('<Gems>');
    expect(page.body).toContain('Ratna &#60;Gems&#62; &#38; &#34;Co&#34;');
    expect(page.body).toContain('Ratna \\u003cGems\\u003e \\u0026 \\"Co\\"');
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(page.body).toContain(`nonce="${nonce}"`);
    // The sandbox page does not open a Razorpay order.
    expect((await t.app.inject({ url: `/pay/sandbox/${orderId}?token=${encodeURIComponent(q.token)}` })).statusCode).toBe(404);
  });

  it('accepts the Checkout callback signed with the key secret over the stored order id', async () => {
    const { stone, orderId } = await rzpOrder();
    const q = (await rcall('/api/retry-pay', c, { orderId })).json();
    const paymentId = 'pay_Abc123';
    const forged = createHmac('sha256', 'wrong-secret').update(`${q.order_id}|${paymentId}`).digest('hex');
    expect((await postForm(t, `/pay/callback/${orderId}`, { razorpay_payment_id: paymentId, razorpay_order_id: q.order_id, razorpay_signature: forged })).statusCode).toBe(400);
    expect((await orderState(orderId)).order.status).toBe('pending');
    const signature = createHmac('sha256', KEY_SECRET).update(`${q.order_id}|${paymentId}`).digest('hex');
    const res = await postForm(t, `/pay/callback/${orderId}`, { razorpay_payment_id: paymentId, razorpay_order_id: q.order_id, razorpay_signature: signature });
    expect(res.statusCode).toBe(303);
    expect((await orderState(orderId)).order.status).toBe('paid');
    expect(await itemStatus(stone.id)).toBe('sold');
  });

  it('answers 502 when Razorpay fails and leaves the order payable', async () => {
    const { orderId } = await rzpOrder();
    fake.status = 500;
    const res = await rcall('/api/retry-pay', c, { orderId });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('payment_provider_error');
    expect((await orderState(orderId)).order.providerOrderId).toBeNull();
    fake.status = 200;
    expect((await rcall('/api/retry-pay', c, { orderId })).statusCode).toBe(200);
  });

  describe('webhook', () => {
    function sign(body: string, secret = WEBHOOK_SECRET) {
      return createHmac('sha256', secret).update(body).digest('hex');
    }
    function event(name: string, providerOrderId: string, paymentId: string, amount: number) {
      return JSON.stringify({
        entity: 'event', account_id: 'acc_1', event: name, contains: ['payment'],
        payload: { payment: { entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: providerOrderId } } },
        created_at: 1700000000,
      });
    }
    function deliver(body: string, eventId: string, signature = sign(body)) {
      return t.app.inject({
        method: 'POST', url: '/api/payments/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
        payload: body,
      });
    }
    async function payableOrder() {
      const o = await rzpOrder(250_000);
      const q = (await rcall('/api/retry-pay', c, { orderId: o.orderId })).json();
      return { ...o, providerOrderId: q.order_id as string };
    }

    it('rejects a forged signature and changes nothing', async () => {
      const { orderId, providerOrderId, stone } = await payableOrder();
      const body = event('payment.captured', providerOrderId, 'pay_W1', 250_000);
      for (const sig of [sign(body, 'other-secret'), 'abc', sign(`${body} `)]) {
        expect((await deliver(body, 'evt_forged', sig)).statusCode).toBe(400);
      }
      expect((await orderState(orderId)).order.status).toBe('pending');
      expect(await itemStatus(stone.id)).toBe('reserved');
      expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'razorpay:evt_forged'))).toHaveLength(0);
    });

    it('marks the order paid on payment.captured and applies a repeated delivery once', async () => {
      const { orderId, providerOrderId, stone } = await payableOrder();
      const body = event('payment.captured', providerOrderId, 'pay_W2', 250_000);
      const first = await deliver(body, 'evt_2');
      expect(first.statusCode).toBe(200);
      expect(first.json().outcome).toBe('paid');
      const again = await deliver(body, 'evt_2');
      expect(again.statusCode).toBe(200);
      expect(again.json().outcome).toBe('repeat_event');
      // order.paid for the same payment, out of order and under another event id, changes nothing either.
      const orderPaid = await deliver(event('order.paid', providerOrderId, 'pay_W2', 250_000), 'evt_3');
      expect(orderPaid.json().outcome).toBe('repeat');
      const { order, payments: pays } = await orderState(orderId);
      expect(order.status).toBe('paid');
      expect(order.refundFlaggedAt).toBeNull();
      expect(pays).toHaveLength(1);
      expect(pays[0]).toMatchObject({ status: 'captured', amountPaise: 250_000 });
      expect(await itemStatus(stone.id)).toBe('sold');
    });

    it('upgrades a callback payment to captured and never moves a paid order back', async () => {
      const { orderId, providerOrderId } = await payableOrder();
      const signature = createHmac('sha256', KEY_SECRET).update(`${providerOrderId}|pay_W4`).digest('hex');
      await postForm(t, `/pay/callback/${orderId}`, { razorpay_payment_id: 'pay_W4', razorpay_order_id: providerOrderId, razorpay_signature: signature });
      expect((await orderState(orderId)).payments[0]!.status).toBe('authorized');
      expect((await deliver(event('payment.failed', providerOrderId, 'pay_W5', 250_000), 'evt_5')).json().outcome).toBe('ignored');
      expect((await deliver(event('payment.captured', providerOrderId, 'pay_W4', 250_000), 'evt_6')).json().outcome).toBe('repeat');
      const { order, payments: pays } = await orderState(orderId);
      expect(order.status).toBe('paid');
      expect(pays.map((p) => p.status)).toEqual(['captured']);
    });

    it('flags a second payment for a paid order, and a short payment', async () => {
      const { orderId, providerOrderId } = await payableOrder();
      await deliver(event('payment.captured', providerOrderId, 'pay_W7', 250_000), 'evt_7');
      expect((await deliver(event('payment.captured', providerOrderId, 'pay_W8', 250_000), 'evt_8')).json().outcome).toBe('flagged');
      const { order, payments: pays } = await orderState(orderId);
      expect(order.status).toBe('paid');
      expect(order.refundFlaggedAt).not.toBeNull();
      expect(pays).toHaveLength(2);

      const short = await payableOrder();
      expect((await deliver(event('payment.captured', short.providerOrderId, 'pay_W9', 100), 'evt_9')).json().outcome).toBe('flagged');
      expect((await orderState(short.orderId)).order.status).toBe('pending');
    });

    it('acknowledges unknown orders and malformed events without changes', async () => {
      expect((await deliver(event('payment.captured', 'order_Unknown', 'pay_X', 100), 'evt_10')).json().outcome).toBe('unknown_order');
      const notJson = 'not json';
      expect((await deliver(notJson, 'evt_11')).statusCode).toBe(400);
    });
  });
});
