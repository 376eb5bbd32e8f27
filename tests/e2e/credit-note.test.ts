import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, ProductsResponse } from '@gemstore/contracts';
import { api, hydrated, launchBrowser, openPage, origin, signInWithPassword } from './browser.ts';
import { signInToBackOffice, staffSession } from './back-office.ts';
import { newCustomer } from './shoppers.ts';

/*
 * A refund producing a credit note: a new customer buys two stones and pays on the sandbox; staff
 * refund one stone; the customer downloads the credit note from the order page on a phone, and
 * staff download it from the order in the back office on a desktop.
 */

const stamp = Date.now().toString().slice(-7);
const customer = { name: 'Meera Joshi', email: `meera.${stamp}@example.com`, phone: `97${stamp}2`, password: 'meera-pass-1' };

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

async function pdfOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, 5).toString();
}

describe('credit notes', () => {
  it('a refund of a stone issues a credit note that the customer and staff download', async () => {
    const { addressId, api: asCustomer } = await newCustomer(customer);
    const { products } = await api<ProductsResponse>('products');
    const product = products.find((p) => p.url.content === 'ruby') ?? products[0]!;
    const listing = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: product.id, grades: [], ratti: [], colors: [], clarities: [], shapes: [], origins: [] } } });
    const stones = listing.data.slice(0, 2);
    const { orderId } = await asCustomer.placeOrder({
      body: { itemIds: stones.map((s) => s.id), shippingAddressId: addressId, billingAddressId: addressId, paymentMethodId: 1001, origin: origin() },
    });
    const pay = await asCustomer.retryPay({ body: { orderId } });

    // The customer, on a phone, pays on the sandbox page.
    const shopper = await openPage(browser, { phone: true });
    await shopper.page.goto(`${origin()}/login`);
    await signInWithPassword(shopper.page, (u) => u.pathname === '/dashboard', customer);
    await hydrated(shopper.page);
    await shopper.page.waitForLoadState('networkidle');
    await expect.poll(async () => {
      try {
        await shopper.page.goto(`${origin()}${pay.url}`);
        return true;
      } catch {
        return false;
      }
    }, { timeout: 60_000 }).toBe(true);
    await shopper.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await shopper.page.waitForURL((u) => u.pathname === `/order/view/${orderId}`, { timeout: 60_000 });
    await hydrated(shopper.page);
    await shopper.page.getByTestId('invoice-download').waitFor({ timeout: 60_000 });
    await expect(shopper.page.getByTestId('credit-note-download').count()).resolves.toBe(0);

    // Staff refund the first stone (the sandbox makes it at once).
    const { api: asOwner } = await staffSession('localhost');
    const detail = await asOwner.adminOrder({ params: { id: orderId } });
    const refund = await asOwner.adminOrderRefund({
      params: { id: orderId }, body: { idempotency_key: `e2e-cn-${stamp}`, line_ids: [detail.order.lines[0]!.id], reason: 'Returned' },
    });
    expect(refund.refund.status).toBe('processed');

    // The customer's order page offers the credit note; it downloads as a PDF named by its number.
    await shopper.page.reload();
    await hydrated(shopper.page);
    const button = shopper.page.getByTestId('credit-note-download');
    await button.waitFor({ timeout: 60_000 });
    expect(await button.textContent()).toMatch(/^Download credit note CN\/\d{4}-\d\d\/\d{4}$/);
    const [own] = await Promise.all([shopper.page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
    expect(own.suggestedFilename()).toMatch(/^credit-note-CN-\d{4}-\d\d-\d{4}\.pdf$/);
    expect(await pdfOf(own)).toBe('%PDF-');

    // Staff, on a desktop, find it on the order and download the same file.
    const staff = await openPage(browser);
    await signInToBackOffice(staff.page, 'localhost');
    await staff.page.goto(`${origin()}/admin/orders/${orderId}`);
    const section = staff.page.getByTestId('order-credit-notes');
    await section.waitFor({ timeout: 60_000 });
    const [theirs] = await Promise.all([staff.page.waitForEvent('download', { timeout: 60_000 }), section.getByRole('button', { name: 'Credit note PDF' }).click()]);
    expect(theirs.suggestedFilename()).toBe(own.suggestedFilename());
    expect(await pdfOf(theirs)).toBe('%PDF-');
  });
});
