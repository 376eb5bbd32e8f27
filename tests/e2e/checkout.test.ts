import { rmSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, OutboxMessage, OutboxResponse, StoreProfileResponse } from '@gemstore/contracts';
import { formatPrice } from '@gemstore/contracts/format';
import { DEMO_CUSTOMER } from '../../apps/server/src/modules/customers/demo-customers.ts';
import { api, hydrated, launchBrowser, openPage, signInWithPassword } from './browser.ts';
import { signInToBackOffice } from './back-office.ts';
import { makeDataDir, startServer, type RunningServer } from './server.ts';

/*
 * The whole life of an order on the sandbox payment provider, every step in a browser: the customer
 * browses, adds to the cart kept in the browser while signed out, signs in at checkout, adds an address from the checkout, places the
 * order and pays; staff mark it dispatched in the back office; the customer sees it and requests a
 * return with two photos; staff approve it; the customer sends the courier and tracking number;
 * staff mark it picked up, received and refunded. The customer sees each step on the order page,
 * gets each message (read from the development outbox) and downloads the invoice.
 *
 * This file runs its own server on its own embedded database, so its orders and messages are its own.
 */

// The sandbox page is the payment provider; the reservation sweep is off so nothing moves under the test.
const SERVER_ENV = { SANDBOX_PAYMENTS: 'true', RESERVATION_SWEEP_SECONDS: '0' };
/** How long a step may take to show on a busy machine (a condition waited for, never a pause). */
const STEP_MS = 90_000;

let dataDir = '';
let server: RunningServer | undefined;
let browser: Browser | undefined;
let base = '';

/** A pattern of its text, for a message that names the order by its number as the customer reads it (`#27`, `RG-27`). */
const naming = (orderNumber: string) => new RegExp(`order ${orderNumber.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\b`);

/**
 * The customer's message about the order numbered `orderNumber` with this purpose, once the outbox
 * holds it (a step's message is sent just after the step commits).
 */
async function messageOf(orderNumber: string, purpose: string): Promise<OutboxMessage> {
  const about = naming(orderNumber);
  let found: OutboxMessage | undefined;
  await expect.poll(async () => {
    const { messages } = await api<OutboxResponse>(`dev/outbox?to=${encodeURIComponent(DEMO_CUSTOMER.email)}`, { base });
    found = messages.find((m) => m.purpose === purpose && about.test(m.text));
    return found !== undefined;
  }, { timeout: STEP_MS, message: `message ${purpose} for order ${orderNumber}` }).toBe(true);
  return found!;
}

/** Reads the order page again (the customer comes back to it) until its return shows `status`. */
async function customerSees(page: Page, status: string): Promise<void> {
  await page.reload();
  await hydrated(page);
  await page.getByTestId('return-status').filter({ hasText: new RegExp(`^${status}$`) }).waitFor({ timeout: STEP_MS });
}

/** A step of a return in the back office: its button, then the dialog's button; waits for the return's new status. */
async function staffStep(page: Page, button: string | RegExp, status: string, fill?: (dialog: Locator) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden', timeout: STEP_MS });
  await page.getByTestId('return-status').filter({ hasText: new RegExp(`^${status}$`) }).waitFor({ timeout: STEP_MS });
}

/** A small solid-colour PNG (RGB, no filter), encoded by hand with node:zlib. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every image on the page matched by `selector` has loaded (a broken one has no natural width). */
async function imagesLoaded(page: Page, selector: string): Promise<boolean[]> {
  return page.locator(selector).evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
}

beforeAll(async () => {
  dataDir = makeDataDir();
  server = await startServer({ dataDir, env: SERVER_ENV });
  base = `http://localhost:${server.port}`;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('checkout journey', () => {
  it('buys and pays, then follows the order through dispatch, a return with two photos, pick-up, receipt and refund taken by staff in the back office', async () => {
    const { profile } = await api<StoreProfileResponse>('store-profile', { base });
    const listing = await api<ListingResponse>('product-items?page=1', { base, body: { filter: { product: 'ruby' } } });
    const stone = listing.data[0]!;
    const price = formatPrice(stone.amounts.mrpAmount, profile.currency);
    const t = await openPage(browser!);
    const { page } = t;
    page.setDefaultTimeout(STEP_MS);
    const placeOrderCalls: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('/api/place-order')) placeOrderCalls.push(r.url()); });

    // Browse: the ruby listing, then the first stone.
    await page.goto(`${base}/product/${stone.product.category_url}/${stone.product.url}`);
    await hydrated(page);
    await page.locator(`[data-testid="item-card"][data-item-id="${stone.id}"] a`).first().click();
    await page.waitForURL(`**/item/${stone.url[0]!.url}`);
    await hydrated(page);

    // Add To Cart while signed out: the stone waits in this browser's cart, counted in the header.
    await page.getByTestId('add-to-cart').click();
    await page.waitForURL((u) => u.pathname === '/cart');
    const row = page.locator(`[data-testid="cart-row"][data-item-id="${stone.id}"]`);
    await row.waitFor({ timeout: STEP_MS });
    expect(await page.getByTestId('cart-row').count()).toBe(1);
    expect(await row.getByTestId('cart-sku').textContent()).toBe(stone.sku);
    expect(await row.getByTestId('cart-ratti').textContent()).toContain(`(${stone.ratti.rati_standard}+ range)`);
    expect(await row.getByTestId('cart-amount').textContent()).toBe(price);
    expect(await page.getByTestId('cart-total').textContent()).toBe(price);
    expect(await page.getByTestId('cart-count-label').textContent()).toBe('(1 item)');
    await expect.poll(() => page.getByTestId('cart-count').textContent(), { timeout: STEP_MS }).toBe('1');
    const thumbWidth = await row.locator('img').evaluate((img) => img.getBoundingClientRect().width);
    expect(thumbWidth).toBeLessThanOrEqual(100);

    // The stone's page reads Added.
    await page.goto(`${base}/item/${stone.url[0]!.url}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('add-to-cart').textContent(), { timeout: STEP_MS }).toBe('Added');

    // Proceed to checkout asks for sign-in and comes back to the checkout; the cart joined the account.
    await page.getByTestId('cart-link').click();
    await page.getByTestId('proceed-to-checkout').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signInWithPassword(page, (u) => u.pathname === '/checkout');
    await hydrated(page);
    await expect.poll(() => page.getByTestId('cart-count').textContent(), { timeout: STEP_MS }).toBe('1');
    expect(JSON.parse(new URL(page.url()).searchParams.get('itemIds')!)).toEqual([stone.id]);
    const checkoutUrl = new URL(page.url());
    await page.getByTestId('checkout-item').first().waitFor();
    // Shipping goes by the address's country: without an address shipping and the total wait for one (once the quote is in).
    expect(await page.getByTestId('checkout-subtotal').textContent()).toBe(price);
    await expect.poll(() => page.getByTestId('checkout-shipping').textContent(), { timeout: STEP_MS }).toBe('Needs a shipping address');
    expect(await page.getByTestId('checkout-total').textContent()).toBe('Needs a shipping address');

    // No address yet: Place Order only alerts, and nothing is sent.
    const alerts: string[] = [];
    page.once('dialog', (d) => { alerts.push(d.message()); void d.accept(); });
    await page.getByTestId('place-order').click();
    await expect.poll(() => alerts, { timeout: STEP_MS }).toEqual(['Select Or Create Address']);
    expect(placeOrderCalls).toEqual([]);

    // Add an address through the tile; the form comes back to this checkout.
    await page.getByTestId('add-address').click();
    await page.waitForURL((u) => u.pathname === '/address/create');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(checkoutUrl.pathname + checkoutUrl.search);
    await hydrated(page);
    // The server's field errors show, and any edit clears them.
    const form = page.getByTestId('address-form');
    await page.getByTestId('address-submit').click();
    await form.locator('#address-label-error').waitFor();
    expect(await form.locator('.field__error').count()).toBeGreaterThan(3);
    await form.getByLabel('Full name').fill('Asha Verma');
    expect(await form.locator('.field__error').count()).toBe(0);
    await form.getByLabel('Phone').fill('9876501234');
    await form.getByLabel('Delivery Address Label').fill('Home');
    expect(await form.getByLabel('Country').inputValue()).toBe('IN');
    await form.locator('#address-stateId option[value="IN-RJ"]').waitFor({ state: 'attached' });
    await form.getByLabel('State').selectOption('IN-RJ');
    await form.locator('#address-cityId option[value="Jaipur"]').waitFor({ state: 'attached' });
    await form.getByLabel('City').selectOption('Jaipur');
    await form.locator('#address-address').fill('12 Johari Bazaar');
    await form.getByLabel('Locality').fill('Pink City');
    await form.getByLabel('Landmark').fill('Hawa Mahal');
    await form.getByLabel('Pincode').fill('302003');
    await page.getByTestId('address-submit').click();
    await page.waitForURL((u) => u.pathname === '/checkout' && u.search === checkoutUrl.search);

    // The new (primary) address is chosen for shipping and billing; place the order.
    const shipping = page.getByTestId('shipping-address-option');
    await shipping.first().waitFor();
    expect(await shipping.count()).toBe(1);
    expect(await shipping.first().locator('input').isChecked()).toBe(true);
    expect(await page.getByTestId('billing-address-option').first().locator('input').isChecked()).toBe(true);
    expect(await page.getByTestId('payment-method-option').first().locator('input').isChecked()).toBe(true);
    // The demo shop ships within India for Rs. 150, free from Rs. 10,000: the quote for Jaipur says which.
    const rupees = { currency: 'INR', exchangeRate: 1, sign: 'Rs.' } as const;
    const freeShipping = stone.amounts.mrpAmount >= 10_000;
    const total = formatPrice(stone.amounts.mrpAmount + (freeShipping ? 0 : 150), rupees);
    await expect.poll(() => page.getByTestId('checkout-total').textContent(), { timeout: STEP_MS }).toBe(total);
    expect(await page.getByTestId('checkout-shipping').textContent()).toBe(freeShipping ? 'Free' : formatPrice(150, rupees));
    await page.getByTestId('place-order').click();

    // Pay sends the browser to the sandbox payment page; Pay there comes back to the order.
    await page.waitForURL((u) => u.pathname.startsWith('/pay/sandbox/'));
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(placeOrderCalls).toHaveLength(1);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/order/view/${orderId}`);
    await hydrated(page);
    await page.getByTestId('payment-status').waitFor();
    expect(await page.getByTestId('payment-status').textContent()).toBe('Success');
    expect(await page.getByTestId('order-shipping').textContent()).toBe(freeShipping ? 'Free' : formatPrice(150, rupees));
    expect(await page.getByTestId('order-total').textContent()).toBe(total);
    expect((await page.getByTestId('payment-reference').textContent())?.trim()).not.toBe('');
    expect(await page.getByTestId('order-status').textContent()).toBe('Paid');
    // The shop's own number, not the order's id.
    const orderNumber = (await page.getByTestId('order-number').textContent())!;
    expect(orderNumber).toMatch(/^#\d+$/);
    expect(await page.getByTestId('retry-payment').count()).toBe(0);
    expect(await page.getByTestId('return-button').count()).toBe(0);
    // Paid stones leave the cart.
    await expect.poll(() => page.getByTestId('cart-count').textContent(), { timeout: STEP_MS }).toBe('0');

    // The customer was told of the order and of the payment.
    expect((await messageOf(orderNumber, 'order-placed')).channel).toBe('email');
    await messageOf(orderNumber, 'order-paid');

    // Staff find the order in the back office and mark it dispatched.
    const staff = await openPage(browser!);
    staff.page.setDefaultTimeout(STEP_MS);
    await signInToBackOffice(staff.page, 'localhost', { base });
    const nav = staff.page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Orders' }).click();
    await staff.page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`).click();
    await staff.page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    await staff.page.getByRole('button', { name: 'Mark dispatched' }).click();
    const dispatchDialog = staff.page.getByRole('dialog', { name: `Dispatch order ${orderNumber}` });
    await dispatchDialog.getByLabel('Courier').first().fill('FedEx');
    await staff.page.getByRole('option', { name: 'FedEx' }).click();
    await dispatchDialog.getByLabel('Tracking number').fill('FX20260001');
    await dispatchDialog.getByRole('button', { name: 'Mark dispatched' }).click();
    await staff.page.getByTestId('order-stage').filter({ hasText: 'Dispatched' }).waitFor();
    expect(await staff.page.getByTestId('order-dispatch').textContent()).toContain('FX20260001');

    // The customer sees the dispatch and its message, and asks to return the stone.
    await page.reload();
    await hydrated(page);
    await page.getByTestId('dispatch').waitFor({ timeout: STEP_MS });
    expect(await page.getByTestId('dispatch').textContent()).toContain('FedEx, tracking number FX20260001');
    expect(await page.getByTestId('dispatch-tracking').getAttribute('href')).toBe('https://www.fedex.com/fedextrack/?trknbr=FX20260001');
    expect((await messageOf(orderNumber, 'order-dispatched')).text).toContain('FedEx, tracking number FX20260001');
    await page.getByTestId('return-button').click();
    await page.waitForURL((u) => u.pathname === `/create-return/${orderId}`);
    await hydrated(page);

    // The return form: tick the stone, a reason, a comment and two photos (previewed at 200 px).
    await page.getByTestId('return-item').first().locator('input').check();
    await page.getByTestId('return-reason-select').selectOption('defective');
    await page.getByTestId('return-form').getByLabel('Comment').fill('A chip on the girdle, visible under the loupe.');
    await page.getByTestId('return-images').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png(48, 48, [180, 30, 60]) },
      { name: 'certificate.png', mimeType: 'image/png', buffer: png(64, 40, [20, 90, 70]) },
    ]);
    const previews = page.getByTestId('return-previews').locator('img');
    expect(await previews.count()).toBe(2);
    expect(await previews.first().getAttribute('width')).toBe('200');
    await page.getByTestId('return-submit').click();

    // Back on the order: the return request with its reason, comment and both photos.
    await page.waitForURL((u) => u.pathname === `/order/view/${orderId}`);
    const request = page.getByTestId('return-request');
    await request.waitFor();
    expect(await request.getByTestId('return-status').textContent()).toBe('Requested');
    expect(await request.getByTestId('return-reason').textContent()).toBe('Defective Product');
    expect(await request.getByTestId('return-comment').textContent()).toBe('A chip on the girdle, visible under the loupe.');
    expect(await request.getByTestId('return-image').count()).toBe(2);
    await expect.poll(() => imagesLoaded(page, '[data-testid="return-image"]'), { timeout: STEP_MS }).toEqual([true, true]);
    expect(await request.getByTestId('return-image').first().evaluate((img) => img.getBoundingClientRect().width)).toBe(200);
    // The photos are private: a signed, expiring link, kept only in the browser's own cache, refused on another store's domain.
    const photoSrc = (await request.getByTestId('return-image').first().getAttribute('src'))!;
    expect(photoSrc).toMatch(/^\/api\/return-request-photo\/\d+\?expires=\d+&signature=[\w-]+$/);
    const photo = await fetch(`${base}${photoSrc}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect((await fetch(`${base}${photoSrc}`, { headers: { domain: 'atelier.localhost' } })).status).toBe(404);
    expect(await page.getByTestId('tracking-form').count()).toBe(0);
    const returnId = Number(await request.getAttribute('data-return-id'));

    // Staff find it in the returns waiting for a decision, look at the customer's photos and approve it.
    await nav.getByRole('link', { name: 'Returns' }).click();
    await staff.page.locator(`[data-testid="return-row"][data-return-id="${returnId}"]`).click();
    await staff.page.getByRole('heading', { name: `Return #${returnId}` }).waitFor();
    expect(await staff.page.getByTestId('return-comment').textContent()).toBe('A chip on the girdle, visible under the loupe.');
    expect(await staff.page.getByTestId('return-line').allTextContents()).toEqual([expect.stringContaining(stone.sku)]);
    await expect.poll(() => imagesLoaded(staff.page, '[data-testid="return-photo"]'), { timeout: STEP_MS }).toEqual([true, true]);
    await staffStep(staff.page, 'Approve', 'Approved');

    // The customer sees it approved (and is told), and sends the courier and tracking number.
    await customerSees(page, 'Approved');
    await messageOf(orderNumber, 'order-return-approved');
    await page.getByTestId('tracking-form').getByLabel('Courier partner').selectOption('Delhivery');
    await page.getByTestId('tracking-form').getByLabel('Tracking number').fill('DL-7788990');
    await page.getByTestId('tracking-submit').click();
    await page.getByTestId('return-sent').waitFor({ timeout: STEP_MS });
    expect(await page.getByTestId('return-sent').textContent()).toContain('Delhivery');

    // Staff mark it picked up, with the courier details the customer sent.
    await staff.page.reload();
    await staff.page.getByTestId('return-courier').filter({ hasText: 'DL-7788990' }).waitFor();
    await staffStep(staff.page, 'Mark picked up', 'Picked Up', async (dialog) => {
      // The courier the customer named, shown by name once the shop's courier list has loaded.
      await expect.poll(() => dialog.getByLabel('Courier').inputValue(), { timeout: STEP_MS }).toBe('Delhivery');
      expect(await dialog.getByLabel('Tracking number').inputValue()).toBe('DL-7788990');
    });

    // Picked Up: the customer sees the courier and tracking number, and is told.
    await customerSees(page, 'Picked Up');
    expect(await page.getByTestId('return-courier').textContent()).toBe('Delhivery');
    expect(await page.getByTestId('return-tracking').textContent()).toBe('DL-7788990');
    expect((await messageOf(orderNumber, 'order-return-picked-up')).text).toContain('Delhivery, tracking number DL-7788990');

    // Staff mark it received: the stone is back with the shop, withdrawn from sale until they show it again.
    await staffStep(staff.page, 'Mark received', 'Received');
    await customerSees(page, 'Received');
    expect((await fetch(`${base}/api/item-details/${stone.id}`, { headers: { domain: 'localhost' } })).status).toBe(404);

    // Staff refund it: the sandbox refunds at once.
    await staffStep(staff.page, /^Refund ₹/, 'Refunded');
    expect(await staff.page.getByTestId('return-refund').getByTestId('refund-status').textContent()).toBe('Refunded');
    await customerSees(page, 'Refunded');
    const refunded = await messageOf(orderNumber, 'order-refund-processed');
    const paid = formatPrice(stone.amounts.mrpAmount, { currency: 'INR', exchangeRate: 1, sign: 'Rs.' });
    expect(refunded.text).toContain(`We have refunded ${paid} for order ${orderNumber} (return #${returnId})`);

    // Every message of the order's life reached the customer, once each.
    const { messages } = await api<OutboxResponse>(`dev/outbox?to=${encodeURIComponent(DEMO_CUSTOMER.email)}`, { base });
    expect(messages.filter((m) => naming(orderNumber).test(m.text)).map((m) => m.purpose).sort()).toEqual([
      'order-dispatched', 'order-paid', 'order-placed', 'order-refund-processed', 'order-return-approved', 'order-return-picked-up',
    ]);

    // The order's history on its page: every step, in the order it happened, with its facts.
    const history = page.getByTestId('order-timeline').locator('li');
    expect(await history.locator('.order-timeline__label').allTextContents()).toEqual([
      'Order placed', 'Payment received', 'Dispatched', 'Return requested', 'Return approved', 'Return courier details sent',
      'Return picked up', 'Return received', 'Refund processed', 'Return refunded',
    ]);
    expect(await history.filter({ hasText: 'Dispatched' }).textContent()).toContain('FX20260001');

    // The customer downloads the invoice of the order.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), page.getByTestId('invoice-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    // The orders list has it.
    await page.goto(`${base}/order`);
    await page.waitForURL((u) => u.pathname === '/order/all');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain(stone.sku);

    await staff.close();
    // Chrome logs every non-2xx answer; the one expected is the empty address form's 422.
    await t.close({ allow: [/status of 422 .*\/api\/address-save\)$/] });
  }, 600_000); // Two browsers through some twenty page loads and steps: minutes on a busy machine.
});
