import { randomBytes } from 'node:crypto';
import { formatPaise } from '@gemstore/contracts/format';
import { escapeHtml } from '../../lib/html.ts';
import type { PaymentProvider } from './providers.ts';

/** What a payment page shows. */
export interface PayPageData {
  orderId: number;
  /** The order's number as the customer reads it (`RG-12`, `#12`). */
  orderNumber: string;
  status: string;
  amountPaise: number;
  storeName: string;
  providerOrderId: string;
  provider: PaymentProvider;
  email: string;
  contact: string;
}

/** Text for HTML content and quoted attribute values. */

/** JSON inside a <script> element: no "</script>", no HTML comment openers, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}


const STYLE = `
  body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f3ee;color:#1f1b16;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border-radius:12px;box-shadow:0 2px 16px rgba(0,0,0,.08);padding:2rem;max-width:26rem;width:calc(100% - 2rem)}
  h1{font-size:1.25rem;margin:0 0 1rem}.amount{font-size:2rem;font-weight:600;margin:.5rem 0 1.5rem}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}dt{color:#6b6257}dd{margin:0}
  .actions{display:flex;gap:.75rem}form{margin:0}button{font:inherit;border:0;border-radius:8px;padding:.75rem 1.25rem;cursor:pointer}
  .pay{background:#1d4d3a;color:#fff}.fail{background:#eee;color:#1f1b16}button:focus-visible{outline:3px solid #c9a227;outline-offset:2px}
  .note{color:#6b6257;font-size:.875rem;margin-top:1.5rem}`;

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head><body><main>${body}</main></body></html>`;
}

export const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The sandbox's payment page: Pay posts a result signed exactly like Razorpay Checkout's; Fail posts Razorpay's error fields. */
export function sandboxPage(d: PayPageData, callbackPath: string, signed: { paymentId: string; signature: string }): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
  return page(`Pay ${d.storeName} – sandbox`, `
    <h1>${escapeHtml(d.storeName)}</h1>
    <dl><dt>Order</dt><dd>${escapeHtml(d.orderNumber)}</dd><dt>Payment order</dt><dd>${escapeHtml(d.providerOrderId)}</dd></dl>
    <p class="amount">${escapeHtml(formatPaise(d.amountPaise))}</p>
    <div class="actions">
      <form method="post" action="${escapeHtml(callbackPath)}">
        ${hidden('razorpay_payment_id', signed.paymentId)}${hidden('razorpay_order_id', d.providerOrderId)}${hidden('razorpay_signature', signed.signature)}
        <button class="pay" type="submit">Pay</button>
      </form>
      <form method="post" action="${escapeHtml(callbackPath)}">
        ${hidden('error[code]', 'BAD_REQUEST_ERROR')}${hidden('error[description]', 'Payment failed (sandbox)')}${hidden('error[reason]', 'payment_failed')}
        ${hidden('error[metadata]', JSON.stringify({ order_id: d.providerOrderId }))}
        <button class="fail" type="submit">Fail</button>
      </form>
    </div>
    <p class="note">Sandbox payment: no money moves. Pay or Fail returns you to the shop.</p>`);
}

export function razorpayPageCsp(nonce: string): string {
  return [
    "default-src 'self' https://*.razorpay.com",
    `script-src 'nonce-${nonce}' https://checkout.razorpay.com`,
    "frame-src https://api.razorpay.com https://checkout.razorpay.com",
    "connect-src https://*.razorpay.com https://lumberjack.razorpay.com",
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline' https://*.razorpay.com",
    "form-action 'self' https://*.razorpay.com",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Razorpay Checkout: opens itself on load; the result is posted to callbackUrl (redirect mode). */
export function razorpayPage(d: PayPageData, callbackUrl: string, nonce: string): string {
  const options = {
    key: d.provider.keyId,
    amount: d.amountPaise,
    currency: 'INR',
    name: d.storeName,
    description: `Order ${d.orderNumber}`,
    order_id: d.providerOrderId,
    prefill: { email: d.email, contact: d.contact },
    notes: { store_order_id: String(d.orderId) },
    callback_url: callbackUrl,
    redirect: true,
  };
  return page(`Pay ${d.storeName}`, `
    <h1>${escapeHtml(d.storeName)}</h1>
    <dl><dt>Order</dt><dd>${escapeHtml(d.orderNumber)}</dd></dl>
    <p class="amount">${escapeHtml(formatPaise(d.amountPaise))}</p>
    <div class="actions"><button class="pay" id="pay" type="button">Pay now</button></div>
    <p class="note">The secure Razorpay window opens for the payment.</p>
    <script src="https://checkout.razorpay.com/v1/checkout.js" nonce="${nonce}"></script>
    <script nonce="${nonce}">
      (function(){var rzp=new Razorpay(${scriptJson(options)});
      document.getElementById('pay').addEventListener('click',function(){rzp.open();});rzp.open();})();
    </script>`);
}

export function messagePage(title: string, message: string, orderId?: number): string {
  const link = orderId ? `<p><a href="/order/view/${escapeHtml(orderId)}">Back to your order</a></p>` : '<p><a href="/">Back to the shop</a></p>';
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link}`);
}
