import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq, like } from 'drizzle-orm';
import { customers, outboxMessages } from '@gemstore/db';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import {
  createShop, createShopper, createStone, dispatchOrder, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper,
} from './checkout-fixtures.ts';

/*
 * Messages to customers about their orders through the real senders: nodemailer to a loopback SMTP
 * server (text and HTML), and the MSG91-style SMS adapter to a loopback fake of its API.
 */

let t: TestApp;
let smtp: SMTPServer;
let sms: Server;
const mails: { to: string[]; data: string }[] = [];
const texts: { url: string; body: Record<string, unknown> }[] = [];
let shop: Shop;
let asha: Shopper;
let ashaAddress: number;

const messagesOf = (orderId: number) => t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:%`));

async function paidOrder(who = asha, address = ashaAddress) {
  const stone = await createStone(t.db, shop);
  const orderId = (await placeOrder(t, shop, who, [stone.id], address)).json().orderId as number;
  expect((await payWithSandbox(t, shop, who, orderId)).statusCode).toBe(303);
  return orderId;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  sms = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => {
      texts.push({ url: req.url ?? '', body: JSON.parse(raw) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'success', message: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({
    EMAIL_SENDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String((smtp.server.address() as AddressInfo).port), SMTP_FROM: 'orders@ratna.test',
    SMS_SENDER: 'msg91', SMS_API_URL: `http://127.0.0.1:${(sms.address() as AddressInfo).port}/api/v5`, SMS_API_KEY: 'test-auth-key',
    SMS_SENDER_ID: 'RATNA', SMS_ORDER_TEMPLATE_ID: 'tpl-order',
  });
  shop = await createShop(t.db);
  asha = await createShopper(t.db, shop.store.id);
  ashaAddress = (await insertAddress(t.db, shop.store.id, asha.id)).id;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => sms.close(() => resolve()));
});

describe('messages about an order', () => {
  it('emails placed, paid and dispatched in the store\'s name, as text and HTML, each once', async () => {
    const before = mails.length;
    const orderId = await paidOrder();
    await dispatchOrder(t, shop.store.id, orderId, 'Blue Dart', 'BD-1234');
    // A retried dispatch and a repeated payment callback send nothing more.
    await expect(dispatchOrder(t, shop.store.id, orderId, 'Blue Dart', 'BD-1234')).rejects.toMatchObject({ statusCode: 409 });
    expect(mails.length).toBe(before);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    const sent = mails.slice(before);
    expect(sent).toHaveLength(3);
    for (const mail of sent) {
      expect(mail.to).toEqual([asha.email]);
      expect(mail.data).toContain(`From: ${shop.store.name} <orders@ratna.test>`);
      expect(mail.data).toMatch(/Content-Type: multipart\/alternative/);
      expect(mail.data).toMatch(/Content-Type: text\/plain/);
      expect(mail.data).toMatch(/Content-Type: text\/html/);
    }
    expect(sent.map((m) => /Subject: (.*)/.exec(m.data)![1])).toEqual([
      `${shop.store.name}: order #${orderId} placed`, `${shop.store.name}: payment received for order #${orderId}`, `${shop.store.name}: order #${orderId} is on its way`,
    ]);
    const stored = await messagesOf(orderId);
    expect(stored.map((m) => m.purpose).sort()).toEqual(['order-dispatched', 'order-paid', 'order-placed']);
    expect(stored.every((m) => m.deliveredAt !== null && m.error === null)).toBe(true);
  });

  it('sends the dispatch by SMS to a customer with only a mobile number, through the order template', async () => {
    const ravi = await createShopper(t.db, shop.store.id);
    await t.db.update(customers).set({ email: null, emailVerifiedAt: null }).where(eq(customers.id, ravi.id));
    const address = (await insertAddress(t.db, shop.store.id, ravi.id)).id;
    const mailsBefore = mails.length;
    const orderId = await paidOrder(ravi, address);
    await dispatchOrder(t, shop.store.id, orderId, 'India Post', 'EE123456789IN');
    await t.app.jobs.runDue();
    expect(mails.length).toBe(mailsBefore);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.url).toBe('/api/v5/flow');
    expect(texts[0]!.body).toMatchObject({
      template_id: 'tpl-order', sender: 'RATNA',
      // The order's number as the customer reads it (the shop's own series), not its id.
      recipients: [{ mobiles: `91${ravi.phone}`, order: (await t.app.services.orders.numbersOf(await systemContext(t, shop.store.id), [orderId])).get(orderId), courier: 'India Post', tracking: 'EE123456789IN' }],
    });
    const [stored] = await messagesOf(orderId);
    expect(stored).toMatchObject({ channel: 'sms', to: ravi.phone, purpose: 'order-dispatched', error: null });
    expect(stored!.deliveredAt).not.toBeNull();
  });

  it('sends nothing to an email nobody verified', async () => {
    const claim = await createShopper(t.db, shop.store.id);
    await t.db.update(customers).set({ emailVerifiedAt: null, phoneVerifiedAt: null }).where(eq(customers.id, claim.id));
    const address = (await insertAddress(t.db, shop.store.id, claim.id)).id;
    const before = mails.length;
    const orderId = await paidOrder(claim, address);
    await t.app.jobs.runDue();
    expect(mails.length).toBe(before);
    expect(await messagesOf(orderId)).toEqual([]);
  });
});
