import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, ProductsResponse, StoneCountsResponse } from '@gemstore/contracts';
import { ApiError } from '@gemstore/contracts/client';
import { api, apiClient, hydrated, launchBrowser, openPage, origin, signInWithPassword } from './browser.ts';
import { signInToBackOffice } from './back-office.ts';
import { newCustomer } from './shoppers.ts';

/*
 * The back office's people and numbers, walked in the browser on the shared server: a new customer
 * buys and pays on the sandbox and downloads the invoice from the order page; staff see the
 * dashboard agree with the storefront's own count, answer an enquiry by email and block the
 * customer, who can then no longer sign in.
 */

const stamp = Date.now().toString().slice(-7);
const customer = { name: 'Nisha Verma', email: `nisha.${stamp}@example.com`, phone: `98${stamp}1`, password: 'nisha-pass-1' };
const enquiry = { name: 'Kabir Sethi', email: `kabir.${stamp}@example.com`, phone: '+91 98111 00022', message: `Is the 7 ratti emerald still available? (${stamp})` };

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('back office: enquiries, customers, the dashboard and invoices', () => {
  it('a customer downloads the invoice; staff see matching numbers, answer an enquiry and block the customer', async () => {
    // A new customer (registered through the API with the codes from the outbox), with an address and a paid order.
    const { addressId, api: asNisha } = await newCustomer(customer);
    const { products } = await api<ProductsResponse>('products');
    const product = products.find((p) => p.url.content === 'ruby') ?? products[0]!;
    const listing = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: product.id, grades: [], ratti: [], colors: [], clarities: [], shapes: [], origins: [] } } });
    const stone = listing.data[0]!;
    const { orderId, orderNumber } = await asNisha.placeOrder({
      body: { itemIds: [stone.id], shippingAddressId: addressId, billingAddressId: addressId, paymentMethodId: 1001, origin: origin() },
    });
    const pay = await asNisha.retryPay({ body: { orderId } });

    // The customer signs in on the storefront, pays on the sandbox page and downloads the invoice from the order page.
    const shopper = await openPage(browser);
    await shopper.page.goto(`${origin()}/login`);
    await signInWithPassword(shopper.page, (u) => u.pathname === '/dashboard', customer);
    // The page reloads once after signing in (the one-time refresh): let it, then go to the payment page.
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
    await shopper.page.getByTestId('order-status').filter({ hasText: 'Paid' }).waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([shopper.page.waitForEvent('download', { timeout: 60_000 }), shopper.page.getByTestId('invoice-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-RG-\d\d-\d\d-\d{6}\.pdf$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    // An enquiry from the footer form's call.
    await api('enquiry', { body: enquiry });

    // Staff: the dashboard's available stones of the gem agree with the storefront's own count, and today's sales include the order.
    const staff = await openPage(browser);
    await signInToBackOffice(staff.page, 'localhost');
    const counts = await api<StoneCountsResponse>('stone-counts', { body: { filter: { product: product.id, grades: [], ratti: [], colors: [], clarities: [], shapes: [], origins: [] } } });
    await expect.poll(() => staff.page.getByTestId(`available-${product.id}`).textContent(), { timeout: 60_000 }).toBe(String(counts.product_stocks_count));
    const todayShown = await staff.page.getByTestId('sales-today').textContent();
    // Rupees as everywhere in the back office: "₹ 1,29,000.00".
    expect(todayShown).toMatch(/^₹\u00a0[\d,]+\.\d\d$/);
    const amount = Number(todayShown!.slice('₹\u00a0'.length).replaceAll(',', ''));
    expect(amount).toBeGreaterThanOrEqual(stone.amounts.mrpAmount);

    // Staff answer the enquiry by email and mark it handled.
    await staff.page.getByRole('link', { name: 'Enquiries' }).first().click();
    await staff.page.getByRole('link', { name: enquiry.name }).first().click();
    await staff.page.getByTestId('enquiry-message').filter({ hasText: stamp }).waitFor();
    await staff.page.getByLabel(`Reply to ${enquiry.email}`).fill('Yes, it is. We can send daylight photos today.');
    await staff.page.getByRole('button', { name: 'Send reply' }).click();
    await staff.page.getByLabel('Reply sent').filter({ hasText: 'daylight photos' }).waitFor({ timeout: 60_000 });
    await staff.page.getByRole('button', { name: 'Mark handled' }).click();
    await staff.page.getByRole('button', { name: 'Open again' }).waitFor({ timeout: 60_000 });
    const mail = await api<{ messages: { purpose: string; text: string }[] }>(`dev/outbox?to=${encodeURIComponent(enquiry.email)}`);
    expect(mail.messages.find((m) => m.purpose === 'enquiry_reply')?.text).toContain('We can send daylight photos today.');

    // Staff find the customer and block them.
    await staff.page.getByRole('link', { name: 'Customers' }).first().click();
    await staff.page.getByLabel('Search').fill(customer.email);
    await staff.page.getByRole('link', { name: customer.name }).click();
    // The customer's page names the order by the shop's own number.
    await staff.page.getByRole('cell', { name: orderNumber }).waitFor();
    await staff.page.getByRole('button', { name: 'Block customer' }).click();
    await staff.page.getByLabel('Reason (staff only)').fill('Disputed payment');
    await staff.page.getByRole('button', { name: 'Block', exact: true }).click();
    await staff.page.getByText('This customer is blocked').waitFor({ timeout: 60_000 });

    // The customer's sign-in has ended, and signing in again is refused with a clear message.
    await expect.poll(() => asNisha.authUser().then(() => 200, (err: unknown) => (err instanceof ApiError ? err.status : 0))).toBe(401);
    const fresh = await openPage(browser);
    await fresh.page.goto(`${origin()}/login`);
    await hydrated(fresh.page);
    await fresh.page.getByLabel('Email or mobile number').fill(customer.email);
    await fresh.page.getByRole('button', { name: 'Continue' }).click();
    await fresh.page.getByText('This account has been blocked by the shop').waitFor({ timeout: 60_000 });

    await fresh.close({ allow: [/status of 403/] });
    await staff.close();
    // The shopper's page may have asked for its session after the block.
    await shopper.close({ allow: [/status of 401/] });
  });

  it('shows the dashboard the API answers', async () => {
    const staff = await openPage(browser, { phone: true });
    await signInToBackOffice(staff.page, 'localhost');
    const token = await staff.page.evaluate(() => sessionStorage.getItem('gemstore.staff-token'));
    const numbers = await apiClient('localhost', { token: token! }).adminDashboard();
    await expect.poll(() => staff.page.getByTestId('awaiting-dispatch').textContent(), { timeout: 60_000 }).toBe(String(numbers.awaiting_dispatch));
    expect(await staff.page.getByTestId('returns-awaiting').textContent()).toBe(String(numbers.returns_awaiting_decision));
    await staff.close();
  });
});
