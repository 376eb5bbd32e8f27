import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, ProductsResponse } from '@gemstore/contracts';
import { api, apiClient, launchBrowser, openPage, origin } from './browser.ts';
import { signInToBackOffice, staffSession } from './back-office.ts';
import { newCustomer, requestReturn } from './shoppers.ts';

/*
 * The back office's returns and refunds screens on the shared server, around the cases the whole
 * journey (checkout.test.ts) does not meet: a field the server refuses and a return another member
 * moved meanwhile (the reason shown, nothing typed lost), a refund sent twice from one dialog (one
 * refund), a payment owed back and a received return refunded in one click from the Refunds page,
 * and an assistant, who works the returns but cannot refund. The orders are set up through the API.
 */

const HOST = 'localhost';
/** How long a step may take to show on a busy machine (a condition waited for, never a pause). */
const STEP_MS = 90_000;
const stamp = Date.now().toString().slice(-7);
const customer = { name: 'Ravi Menon', email: `ravi.${stamp}@example.com`, phone: `97${stamp}2`, password: 'ravi-pass-1' };
const assistant = { name: 'Meera Sharma', email: `meera.${stamp}@example.test`, password: 'meera-pass-1' };

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Pays on the sandbox's page in a page of its own (the link carries its own pass), and leaves once the page posted. */
async function payOnSandbox(url: string): Promise<void> {
  const t = await openPage(browser);
  t.page.setDefaultTimeout(STEP_MS);
  const path = new URL(url, origin()).pathname;
  await t.page.goto(`${origin()}${url}`);
  await t.page.getByRole('button', { name: 'Pay', exact: true }).click();
  await t.page.waitForURL((u) => u.pathname !== path);
  // Signed out, the order page it lands on sends the browser to sign in.
  await t.close({ allow: [/status of 401/] });
}

/** A return step in the back office: its button, then the dialog's; waits for the return's new status. */
async function step(page: Page, button: string, status: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('return-status').filter({ hasText: new RegExp(`^${status}$`) }).waitFor();
}

describe('back office: returns and refunds', () => {
  it('shows refusals without losing what was typed, refunds once per dialog and in one click, and keeps refunds from an assistant', async () => {
    // A new customer with an address; the owner's own sign-in for the set-up calls.
    const { token, addressId, api: asRavi } = await newCustomer(customer);
    const { api: asOwner } = await staffSession(HOST);
    const { products } = await api<ProductsResponse>('products');
    const product = products.find((p) => p.url.content === 'emerald') ?? products[1]!;
    const listing = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: product.id, grades: [], ratti: [], colors: [], clarities: [], shapes: [], origins: [] } } });
    const [a, b, c] = listing.data.filter((s) => s.status === 'available');
    const place = (ids: number[]) => asRavi.placeOrder({
      body: { itemIds: ids, shippingAddressId: addressId, billingAddressId: addressId, paymentMethodId: 1001, origin: origin() },
    });

    // Order 1: two stones, paid and dispatched; the customer returns the first with a photo.
    const { orderId, orderNumber } = await place([a!.id, b!.id]);
    await payOnSandbox((await asRavi.retryPay({ body: { orderId } })).url);
    await expect.poll(async () => (await asOwner.adminOrder({ params: { id: orderId } })).order.status, { timeout: STEP_MS }).toBe('paid');
    const { couriers } = await asOwner.adminCouriers();
    await asOwner.adminOrderDispatch({ params: { id: orderId }, body: { courier_id: couriers.find((c) => c.name === 'Blue Dart')!.id, tracking_number: 'BD-445566' } });
    const lines = (await asRavi.order({ body: { orderId } })).order.details;
    const lineA = lines.find((l) => l.item.id === a!.id)!.id;
    const lineB = lines.find((l) => l.item.id === b!.id)!.id;
    const returnId = await requestReturn(token, orderId, [lineA], { reason: 'wrong', comment: `Not the colour of the photos (${stamp})` });

    // Order 2: its payment page opened, then the shop cancelled it, then the customer paid anyway: that payment is owed back.
    const second = await place([c!.id]);
    const secondPay = await asRavi.retryPay({ body: { orderId: second.orderId } });
    await asOwner.adminOrderCancel({ params: { id: second.orderId }, body: { reason: 'The customer asked by phone' } });
    await payOnSandbox(secondPay.url);
    await expect.poll(async () => (await asOwner.adminOrder({ params: { id: second.orderId } })).order.refund_owed, { timeout: STEP_MS }).toBe(true);

    // The owner opens the returns: the queue shows the ones waiting for a decision.
    const staff = await openPage(browser);
    const { page } = staff;
    page.setDefaultTimeout(STEP_MS);
    await signInToBackOffice(page, HOST);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Returns' }).click();
    expect(await page.getByRole('combobox', { name: 'Show' }).inputValue()).toBe('Waiting for a decision');
    await page.locator(`[data-testid="return-row"][data-return-id="${returnId}"]`).click();
    await page.getByRole('heading', { name: `Return #${returnId}` }).waitFor();
    expect(await page.getByTestId('return-comment').textContent()).toBe(`Not the colour of the photos (${stamp})`);
    // The customer's photo, through its private signed link.
    const shot = page.getByTestId('return-photo');
    expect(await shot.getAttribute('src')).toMatch(/^\/api\/return-request-photo\/\d+\?expires=\d+&signature=[\w-]+$/);
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: STEP_MS }).toBe(true);
    await step(page, 'Approve', 'Approved');

    // Picked up: the customer sent no courier details, so staff enter them. A tracking number the
    // server refuses is named beside its field, and everything typed stays.
    await page.getByRole('button', { name: 'Mark picked up' }).click();
    const pickup = page.getByRole('dialog', { name: `Return #${returnId} picked up` });
    await pickup.getByLabel('Courier').first().fill('Blue Dart');
    await page.getByRole('option', { name: 'Blue Dart' }).click();
    // The dialog's icon-only close button says what it does.
    expect(await pickup.getByRole('button', { name: 'Close the dialog' }).count()).toBe(1);
    await pickup.getByLabel('Tracking number').fill('BD 77#12');
    await pickup.getByLabel('Private note (optional)').fill('Collected at 4 pm');
    await pickup.getByRole('button', { name: 'Mark picked up' }).click();
    await pickup.getByText('The tracking number holds only letters, digits and dashes.').waitFor();
    expect(await pickup.getByLabel('Courier').first().inputValue()).toBe('Blue Dart');
    expect(await pickup.getByLabel('Private note (optional)').inputValue()).toBe('Collected at 4 pm');
    await pickup.getByLabel('Tracking number').fill('BD-7712');
    await pickup.getByRole('button', { name: 'Mark picked up' }).click();
    await pickup.waitFor({ state: 'hidden' });
    await page.getByTestId('return-status').filter({ hasText: /^Picked Up$/ }).waitFor();
    expect(await page.getByTestId('return-courier').textContent()).toContain('Blue Dart, tracking number BD-7712');

    // Another member marks it received meanwhile: this page's step is refused with the reason, the
    // note typed stays, and the page shows the return as it is now.
    await asOwner.adminReturnStatus({ params: { id: returnId }, body: { status: 'received', note: '' } });
    await page.getByRole('button', { name: 'Mark received' }).click();
    const receive = page.getByRole('dialog', { name: `Return #${returnId} received?` });
    await receive.getByLabel('Private note (optional)').fill('Certificate and box present');
    await receive.getByRole('button', { name: 'Mark received' }).click();
    await receive.getByRole('alert').filter({ hasText: 'A return that is Received cannot become Received.' }).waitFor();
    expect(await receive.getByLabel('Private note (optional)').inputValue()).toBe('Certificate and box present');
    await page.getByTestId('return-status').filter({ hasText: /^Received$/ }).waitFor();
    await receive.getByRole('button', { name: 'Close', exact: true }).click();
    await receive.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Mark received' }).count()).toBe(0);
    await page.getByRole('button', { name: /^Refund ₹/ }).waitFor();

    // An assistant, on a phone: the returns are theirs to work, refunds are not.
    await asOwner.adminStaffInvite({ body: { email: assistant.email, name: assistant.name, role: 'assistant' } });
    const invite = await apiClient(HOST).outbox({ query: { to: assistant.email } });
    const inviteToken = /\/admin\/invite\/([^\s/?#]+)/.exec(invite.messages[0]!.text)![1]!;
    const accepted = await apiClient(HOST).adminInvitationAccept({
      body: { token: inviteToken, password: assistant.password, password_confirmation: assistant.password },
    });
    const helper = await openPage(browser, { phone: true });
    helper.page.setDefaultTimeout(STEP_MS);
    await signInToBackOffice(helper.page, HOST, { member: { ...assistant, name: accepted.staff.name } });
    await helper.page.getByRole('button', { name: 'Menu' }).click();
    const helperNav = helper.page.getByRole('navigation', { name: 'Back office' });
    await helperNav.getByRole('link', { name: 'Returns' }).waitFor();
    expect(await helperNav.getByRole('link').allTextContents()).not.toContain('Refunds');
    await helperNav.getByRole('link', { name: 'Returns' }).click();
    // On a phone the queue is a list of cards; the received returns are one choice away.
    await helper.page.getByRole('combobox', { name: 'Show' }).click();
    await helper.page.getByRole('option', { name: 'Received: to refund' }).click();
    await helper.page.locator(`[data-testid="return-card"][data-return-id="${returnId}"]`).click();
    await helper.page.getByRole('heading', { name: `Return #${returnId}` }).waitFor();
    await helper.page.getByTestId('refund-not-allowed').waitFor();
    expect(await helper.page.getByRole('button', { name: /^Refund/ }).count()).toBe(0);
    await helper.page.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await helper.page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    expect(await helper.page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    // The refunds page is not theirs: they are told so, and the server refuses them anyway.
    await helper.page.goto(`${origin(HOST)}/admin/refunds`);
    await helper.page.getByTestId('role-denied').waitFor();
    expect(await helper.page.getByTestId('role-denied').textContent()).toContain('Your role (assistant) cannot use this page');
    await expect(apiClient(HOST, { token: accepted.token }).adminRefunds()).rejects.toMatchObject({ status: 403 });
    await helper.close();

    // The owner refunds the second stone from the order. The dialog's key is made once: the same
    // refund sent twice from it (a double click that got through) is one refund.
    type Sent = { idempotency_key: string; line_ids: number[] };
    const sent: Sent[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith(`/api/admin/orders/${orderId}/refunds`)) sent.push(r.postDataJSON() as Sent); });
    await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const refundDialog = page.getByRole('dialog', { name: `Refund order ${orderNumber}` });
    await refundDialog.getByRole('checkbox', { name: new RegExp(`SKU ${b!.sku}`) }).check();
    await refundDialog.getByRole('button', { name: /^Refund ₹/ }).waitFor();
    await refundDialog.locator('form').evaluate((f: HTMLFormElement) => { f.requestSubmit(); f.requestSubmit(); });
    await refundDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('order-refunds').getByTestId('refund-row').getByTestId('refund-status').filter({ hasText: 'Refunded' }).waitFor();
    await expect.poll(() => sent.length, { timeout: STEP_MS }).toBe(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]!.line_ids).toEqual([lineB]);
    const refundedOrder = (await asOwner.adminOrder({ params: { id: orderId } })).order;
    expect(refundedOrder.refunds.map((r) => ({ kind: r.kind, status: r.status, lines: r.line_ids }))).toEqual([{ kind: 'lines', status: 'processed', lines: [lineB] }]);

    // The Refunds page: the payment owed back and the received return, each refunded in one click.
    await nav.getByRole('link', { name: 'Refunds' }).click();
    const owed = page.locator(`[data-testid="owed-order"][data-order-id="${second.orderId}"]`);
    await owed.getByRole('button', { name: new RegExp(`^Refund .* of order ${second.orderNumber}$`) }).click();
    await owed.waitFor({ state: 'detached' });
    const waiting = page.locator(`[data-testid="return-to-refund"][data-return-id="${returnId}"]`);
    await waiting.getByRole('button', { name: `Refund return #${returnId}` }).click();
    await waiting.waitFor({ state: 'detached' });

    // Each is refunded once, and the latest refunds show them.
    const secondOrder = (await asOwner.adminOrder({ params: { id: second.orderId } })).order;
    expect(secondOrder.refund_owed).toBe(false);
    expect(secondOrder.refunds.map((r) => [r.kind, r.status])).toEqual([['payment', 'processed']]);
    const firstOrder = (await asOwner.adminOrder({ params: { id: orderId } })).order;
    expect(firstOrder.refunds.toSorted((x, y) => x.id - y.id).map((r) => [r.kind, r.status, r.return_id, r.line_ids])).toEqual([
      ['lines', 'processed', null, [lineB]], ['lines', 'processed', returnId, [lineA]],
    ]);
    expect(firstOrder.returns[0]!.status).toBe('refunded');
    const view = await asOwner.adminRefunds();
    const ours = view.recent.filter((r) => r.order_id === orderId || r.order_id === second.orderId);
    expect(ours).toHaveLength(3);
    for (const r of ours) {
      await page.locator(`[data-testid="refund-row"][data-refund-id="${r.id}"]`).getByTestId('refund-status').filter({ hasText: 'Refunded' }).waitFor();
    }
    // Chrome logs every non-2xx answer: the two refusals above were meant.
    await staff.close({ allow: [/status of 422 .*\/api\/admin\/returns\/\d+\/status\)$/, /status of 409 .*\/api\/admin\/returns\/\d+\/status\)$/] });
  }, 600_000);
});
