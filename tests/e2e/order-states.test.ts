import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_LINE_STAGE_LABELS, ORDER_STAGE_LABELS, trackingLink,
  type ListingResponse, type ProductsResponse, type StoreProfileResponse,
} from '@gemstore/contracts';
import { formatDate, formatPrice, formatRupees, shopTimeZone } from '@gemstore/contracts/format';
import { RUPEES } from '@gemstore/contracts/money';
import { api, explained, hydrated, launchBrowser, openPage, origin, signInWithPassword, type TrackedPage } from './browser.ts';
import { signInToBackOffice, staffSession } from './back-office.ts';
import { newCustomer, requestReturn } from './shoppers.ts';

/*
 * Where an order stands, step by step, as its customer and staff read it: a new customer orders two
 * stones with a discount code, pays on the sandbox, the shop dispatches them (the tracking number links to the courier's
 * page) and marks them delivered, the customer returns one stone, staff approve, receive and refund
 * it. At each step the customer's order page and order list, on a phone and on a desktop, and the
 * order in the back office show the same stage, named as packages/contracts names it.
 * Staff steps go through the admin API; what each person reads is read in a browser.
 */

const HOST = 'localhost';
/** How long a step may take to show on a busy machine (a condition waited for, never a pause). */
const STEP_MS = 90_000;
const stamp = Date.now().toString().slice(-7);
const customer = { name: 'Kavya Iyer', email: `kavya.${stamp}@example.com`, phone: `96${stamp}3`, password: 'kavya-pass-1' };

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('order states', () => {
  it('shows the customer (phone and desktop) and staff the same stage at every step, from awaiting payment to partly refunded', async () => {
    const { token, addressId, api: asKavya } = await newCustomer(customer);
    const { api: asOwner } = await staffSession(HOST);
    const { profile } = await api<StoreProfileResponse>('store-profile');
    const zone = shopTimeZone(profile.isFromIndia);

    // Two stones of a gem the other journeys leave alone, from the end of its first page.
    const { products } = await api<ProductsResponse>('products');
    // From the end of the gems' list (the code-and-shipping journey takes its stones from the start),
    // the first with stones to spare (a gem staff added in another journey may have none).
    let picked: { product: string; stones: ListingResponse['data'] } | undefined;
    for (const product of products.filter((p) => !['ruby', 'emerald'].includes(p.url.content)).reverse()) {
      const listing = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: product.id, grades: [], ratti: [], colors: [], clarities: [], shapes: [], origins: [] } } });
      const forSale = listing.data.filter((s) => s.status === 'available');
      if (forSale.length >= 5) { picked = { product: product.url.content, stones: forSale.slice(-2) }; break; }
    }
    const [a, b] = picked?.stones ?? [];
    expect(b, 'two stones of a gem for sale').toBeDefined();
    // A tenth off with a code of the shop's: each stone is sold for its price less its share, and a refund gives back what it was sold for.
    const code = `STATES${stamp}`;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await asOwner.adminDiscountCreate({ body: { code, kind: 'percent', value: 10, min_order: 0, starts_on: yesterday, ends_on: null, max_uses: null, max_uses_per_customer: null, product_ids: [] } });
    const { orderId, orderNumber } = await asKavya.placeOrder({
      body: { itemIds: [a!.id, b!.id], shippingAddressId: addressId, billingAddressId: addressId, paymentMethodId: 1001, origin: origin(), discountCode: code },
    });
    const placed = (await asKavya.order({ body: { orderId } })).order;
    expect(placed.promotion?.code).toBe(code);
    expect(placed.promotion!.amount).toBeGreaterThan(0);

    // The customer signed in on a phone and on a desktop; staff on the order in the back office.
    const phone = await openPage(browser, { phone: true });
    const desktop = await openPage(browser);
    for (const t of [phone, desktop]) {
      t.page.setDefaultTimeout(STEP_MS);
      await t.page.goto(`${origin()}/login`);
      await signInWithPassword(t.page, (u) => u.pathname === '/dashboard', customer);
      await hydrated(t.page);
    }
    const staff = await openPage(browser);
    staff.page.setDefaultTimeout(STEP_MS);
    await signInToBackOffice(staff.page, HOST);

    /** The order page and the order list of `t` show `label` as the order's stage (read again, as a customer coming back). */
    async function customerReads(t: TrackedPage, label: string): Promise<void> {
      await t.page.goto(`${origin()}/order/view/${orderId}`);
      await hydrated(t.page);
      await explained(t, t.page.getByTestId('order-status').filter({ hasText: new RegExp(`^${label}$`) }).waitFor());
      await t.page.goto(`${origin()}/order/all`);
      await hydrated(t.page);
      const card = t.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
      await explained(t, card.getByTestId('order-stage').filter({ hasText: new RegExp(`^${label}$`) }).waitFor());
    }
    /** Everyone reads the order at `stage`: the customer on both screens, and staff on the order's page. */
    async function allRead(stage: keyof typeof ORDER_STAGE_LABELS): Promise<void> {
      const label = ORDER_STAGE_LABELS[stage];
      expect((await asKavya.order({ body: { orderId } })).order.stage).toBe(stage);
      for (const t of [phone, desktop]) await customerReads(t, label);
      await staff.page.goto(`${origin()}/admin/orders/${orderId}`);
      await staff.page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
      await explained(staff, staff.page.getByTestId('order-stage').filter({ hasText: new RegExp(`^${label}$`) }).waitFor());
    }

    // Placed, not paid yet.
    await allRead('awaiting_payment');
    expect(await desktop.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).getByTestId('order-refunded').count()).toBe(0);

    // The customer pays on the sandbox from the phone and lands on the order.
    const pay = await asKavya.retryPay({ body: { orderId } });
    await phone.page.goto(`${origin()}${pay.url}`);
    await phone.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await phone.page.waitForURL((u) => u.pathname === `/order/view/${orderId}`);
    await allRead('paid');

    // Dispatched with Blue Dart: the tracking number links to the page the shop's courier pattern makes.
    const { couriers } = await asOwner.adminCouriers();
    const blueDart = couriers.find((c) => c.name === 'Blue Dart')!;
    const tracking = `BD-${stamp}`;
    await asOwner.adminOrderDispatch({ params: { id: orderId }, body: { courier_id: blueDart.id, tracking_number: tracking } });
    await allRead('dispatched');
    for (const t of [phone, desktop]) {
      await t.page.goto(`${origin()}/order/view/${orderId}`);
      await hydrated(t.page);
      const link = t.page.getByTestId('dispatch-tracking');
      await link.waitFor();
      expect(await link.evaluate((el) => el.tagName)).toBe('A');
      expect(await link.textContent()).toBe(tracking);
      expect(await link.getAttribute('href')).toBe(trackingLink(blueDart.tracking_url, tracking));
      expect(await t.page.getByTestId('dispatch').textContent()).toContain(`Blue Dart, tracking number ${tracking}`);
    }

    // Delivered.
    await asOwner.adminOrderDeliver({ params: { id: orderId } });
    await allRead('delivered');

    // The customer asks to return the first stone, with a photo.
    const lines = (await asKavya.order({ body: { orderId } })).order.details;
    const lineA = lines.find((l) => l.item.id === a!.id)!;
    const lineB = lines.find((l) => l.item.id === b!.id)!;
    const returnId = await requestReturn(token, orderId, [lineA.id], { reason: 'wrong', comment: 'Lighter than the photos.' });
    await allRead('return_requested');
    // The stone asked back says so on the order list, the other stone nothing.
    const listed = desktop.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).locator('.mini-item');
    expect(await listed.filter({ hasText: a!.sku }).textContent()).toContain(`SKU ${a!.sku} · ${ORDER_LINE_STAGE_LABELS.return_requested}`);
    expect(await listed.filter({ hasText: b!.sku }).textContent()).not.toContain('·');

    // Staff approve it, it is picked up and received: the stone is back with the shop.
    await asOwner.adminReturnStatus({ params: { id: returnId }, body: { status: 'approved', note: '' } });
    await allRead('return_requested');
    await asOwner.adminReturnStatus({ params: { id: returnId }, body: { status: 'picked_up', note: '', courier_id: blueDart.id, tracking_number: `BD-R${stamp}` } });
    await asOwner.adminReturnStatus({ params: { id: returnId }, body: { status: 'received', note: '' } });
    await allRead('returned');

    // Staff refund it (the sandbox refunds at once): the order is partly refunded.
    await asOwner.adminReturnStatus({ params: { id: returnId }, body: { status: 'refunded', note: '' } });
    await allRead('partly_refunded');
    const order = (await asKavya.order({ body: { orderId } })).order;
    const refunded = lineA.total_amount;
    expect(refunded).toBeLessThan(lineA.product_amount);
    expect(order.refunded_amount).toBe(refunded);
    expect(order.net_paid).toBe(order.total_amount - refunded);
    const when = formatDate(order.refunded_on!, zone);
    const rupees = (n: number) => formatPrice(n, RUPEES);

    for (const t of [phone, desktop]) {
      // The order page: the refunded stone says Refunded, the other none; the refund, when, and the net paid.
      await t.page.goto(`${origin()}/order/view/${orderId}`);
      await hydrated(t.page);
      const lineStage = (id: number) => t.page.locator(`[data-testid="order-line"][data-line-id="${id}"]`).getByTestId('line-stage');
      await explained(t, lineStage(lineA.id).filter({ hasText: new RegExp(`^${ORDER_LINE_STAGE_LABELS.refunded}$`) }).waitFor());
      expect(await lineStage(lineB.id).count()).toBe(0);
      expect(await t.page.getByTestId('order-refunds').locator('li').allTextContents()).toEqual([`Refunded ${rupees(refunded)} on ${when}`]);
      expect(await t.page.getByTestId('refunded-amount').textContent()).toBe(rupees(refunded));
      expect(await t.page.getByTestId('net-paid').textContent()).toBe(rupees(order.net_paid));

      // The order list says the same.
      await t.page.goto(`${origin()}/order/all`);
      await hydrated(t.page);
      const card = t.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
      await card.waitFor();
      expect(await card.getByTestId('order-refunded').textContent()).toBe(`Refunded ${rupees(refunded)} on ${when} · net paid ${rupees(order.net_paid)}`);
      expect(await card.locator('.mini-item').filter({ hasText: a!.sku }).textContent()).toContain(`SKU ${a!.sku} · ${ORDER_LINE_STAGE_LABELS.refunded}`);
      expect(await card.locator('.mini-item').filter({ hasText: b!.sku }).textContent()).not.toContain('·');
    }

    // The back office: the refunded stone, the refund and the net paid.
    const detail = (await asOwner.adminOrder({ params: { id: orderId } })).order;
    expect(detail.stage_label).toBe(ORDER_STAGE_LABELS.partly_refunded);
    expect(await staff.page.locator('[data-testid="order-line"]').filter({ hasText: a!.sku }).getByTestId('line-stage').textContent()).toBe(ORDER_LINE_STAGE_LABELS.refunded);
    expect(await staff.page.locator('[data-testid="order-line"]').filter({ hasText: b!.sku }).getByTestId('line-stage').count()).toBe(0);
    expect(await staff.page.getByTestId('order-refunded').textContent()).toBe(`Refunded ${formatRupees(refunded)} on ${when} · net paid ${formatRupees(detail.net_paid)}`);

    await staff.close();
    // Signed out, nothing: the phone's sandbox page came back to the order signed in.
    await phone.close();
    await desktop.close();
  }, 600_000);
});
