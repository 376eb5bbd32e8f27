import { randomBytes } from 'node:crypto';
import type { Orders } from 'razorpay/dist/types/orders.js';
import type { CheckoutConfig } from '../../config.ts';
import { AppError, ConflictError } from '../../lib/errors.ts';
import { isRazorpayApiError, razorpaySdk, type RazorpaySdk, withTimeout } from './razorpay-sdk.ts';
import { checkoutSignature, signatureMatches } from './signatures.ts';

export type ProviderName = 'sandbox' | 'razorpay';

export interface ProviderOrderInput {
  amountPaise: number;
  /** At most 40 characters (Razorpay). */
  receipt: string;
  notes: Record<string, string>;
}

/**
 * A payment provider behind the checkout (docs/decisions/0005-payments.md). Both providers speak Razorpay's
 * protocol: an order created on the provider, a page that takes the payment, and a result posted
 * back to /pay/callback/{orderId} signed HMAC-SHA256(secret, provider_order_id|payment_id).
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The public key the payment page is opened with. */
  readonly keyId: string;
  createOrder(input: ProviderOrderInput): Promise<{ id: string }>;
  /** Checks a callback's signature against the provider order id we stored (never the posted one). */
  verifyCallback(storedProviderOrderId: string, paymentId: string, signature: unknown): boolean;
  /**
   * Sends money of a payment back: `processed`, or `pending` when the provider confirms it later.
   * Throws RefundRefused when the provider said no (nothing was refunded) and RefundUnconfirmed when
   * no answer came (it may have happened: find it with findRefund before trying again).
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /**
   * The provider's refund of a payment that is ours: the one with our receipt, or with the id the
   * provider gave it; null when the provider has no such refund (it was never made).
   */
  findRefund(providerPaymentId: string, ours: { receipt: string; providerRefundId: string | null }): Promise<ProviderRefund | null>;
  /** The payments the provider holds for one of its orders (when both the callback and the webhook were lost). */
  orderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
}

export interface RefundInput {
  providerPaymentId: string;
  amountPaise: number;
  /** Ours, unique per refund (at most 40 characters): the provider keeps it, so a refund whose answer was lost can be found. */
  receipt: string;
  notes: Record<string, string>;
}

export interface ProviderRefund { id: string; status: 'pending' | 'processed' | 'failed'; amountPaise: number }
export interface ProviderPayment { id: string; amountPaise: number; status: string }

/** The provider refused a refund: no money moved. */
export class RefundRefused extends AppError {
  constructor(reason: string) {
    super(`The payment provider refused the refund: ${reason}`, 'refund_refused');
  }
}

/** No answer came from the provider: the refund may or may not have been made. */
export class RefundUnconfirmed extends AppError {
  constructor() {
    super('The payment provider did not confirm the refund. It is checked again shortly; do not refund it another way.', 'refund_unconfirmed');
  }
}

/** Sandbox order ids carry this prefix, so a callback finds its provider from the stored id alone. */
export const SANDBOX_PREFIX = 'sbx_order_';
export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

export function providerNameOfOrderId(providerOrderId: string): ProviderName {
  return providerOrderId.startsWith(SANDBOX_PREFIX) ? 'sandbox' : 'razorpay';
}

/** The built-in provider: orders are made up locally and the page at /pay/sandbox signs the result itself. */
export function sandboxProvider(config: CheckoutConfig): PaymentProvider & { signPayment(providerOrderId: string): { paymentId: string; signature: string } } {
  return {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    async createOrder() {
      // A pretend provider in production would hand out stones for nothing.
      if (!config.sandboxEnabled) throw new ConflictError('Online payment is not set up for this shop yet. Please contact the shop.', 'payments_unavailable');
      return { id: `${SANDBOX_PREFIX}${randomBytes(9).toString('base64url')}` };
    },
    verifyCallback(storedProviderOrderId, paymentId, signature) {
      if (!config.sandboxEnabled) return false;
      return signatureMatches(checkoutSignature(config.sandboxSecret, storedProviderOrderId, paymentId), signature);
    },
    signPayment(providerOrderId) {
      const paymentId = `sbx_pay_${randomBytes(9).toString('base64url')}`;
      return { paymentId, signature: checkoutSignature(config.sandboxSecret, providerOrderId, paymentId) };
    },
    // No money moves in the sandbox: a refund is recorded, and done at once.
    async refund(input) {
      return { id: `sbx_rfnd_${randomBytes(9).toString('base64url')}`, status: 'processed', amountPaise: input.amountPaise };
    },
    // Its refunds answer at once, so none is ever left unconfirmed; its payments post back from its own page.
    async findRefund() {
      return null;
    },
    async orderPayments() {
      return [];
    },
  };
}

export class PaymentProviderError extends AppError {
  constructor(
    message = 'The payment service is not reachable right now. Please try again in a moment.',
    code: 'payment_provider_error' | 'payment_provider_auth_failed' | 'payment_provider_not_configured' | 'amount_too_small' = 'payment_provider_error',
  ) {
    super(message, code);
  }
}

/**
 * Razorpay's Orders API (POST /v1/orders, basic auth key_id:key_secret). The official SDK fixes its
 * host and has no request timeout, so this one call goes through fetch with RAZORPAY_API_URL and
 * RAZORPAY_TIMEOUT_MS; the SDK's types describe the answer (docs/decisions/0005-payments.md).
 */
export function razorpayProvider(config: CheckoutConfig): PaymentProvider {
  const { keyId, keySecret, apiUrl, timeoutMs } = config.razorpay;
  let sdk: RazorpaySdk | undefined;
  /** The SDK once the keys are set (a store on Razorpay without them cannot refund either). */
  const client = (): RazorpaySdk => {
    if (!keyId || !keySecret) throw new PaymentProviderError('Razorpay is not set up on this server (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET).', 'payment_provider_not_configured');
    sdk ??= razorpaySdk({ keyId, keySecret, apiUrl });
    return sdk;
  };
  const timedOut = () => new PaymentProviderError();
  /** An answer's refund as ours; Razorpay's amounts are paise. */
  const refundOf = (r: { id: string; status: string; amount?: number }): ProviderRefund => ({
    id: r.id, status: r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending', amountPaise: Number(r.amount ?? 0),
  });
  return {
    name: 'razorpay',
    keyId: keyId ?? '',
    async createOrder(input) {
      if (!keyId || !keySecret) throw new PaymentProviderError('Online payment is not set up for this shop yet.', 'payment_provider_not_configured');
      if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) {
        throw new PaymentProviderError('The order total is below the smallest amount that can be paid online (Rs. 1).', 'amount_too_small');
      }
      let res: Response;
      try {
        res = await fetch(`${apiUrl}/v1/orders`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ amount: input.amountPaise, currency: 'INR', receipt: input.receipt.slice(0, 40), notes: input.notes }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new PaymentProviderError();
      }
      const body = await res.json().catch(() => null) as (Partial<Orders.RazorpayOrder> & { error?: { description?: string } }) | null;
      if (!res.ok || !body || typeof body.id !== 'string') {
        throw new PaymentProviderError(undefined, res.status === 401 ? 'payment_provider_auth_failed' : 'payment_provider_error');
      }
      return { id: body.id };
    },
    verifyCallback(storedProviderOrderId, paymentId, signature) {
      if (!keySecret) return false;
      return signatureMatches(checkoutSignature(keySecret, storedProviderOrderId, paymentId), signature);
    },
    /** The SDK's refunds call (POST /v1/payments/{id}/refund), normal speed. */
    async refund(input) {
      const sdk = client();
      try {
        const answer = await withTimeout(sdk.payments.refund(input.providerPaymentId, {
          amount: input.amountPaise, speed: 'normal', receipt: input.receipt.slice(0, 40), notes: input.notes,
        }), timeoutMs, () => new RefundUnconfirmed());
        return refundOf(answer);
      } catch (err) {
        // A 4xx is Razorpay's no (amount above what is left, payment not captured ...); anything else left us without an answer.
        if (isRazorpayApiError(err) && err.statusCode >= 400 && err.statusCode < 500) {
          throw new RefundRefused(err.error?.description ?? `Razorpay answered ${err.statusCode}.`);
        }
        throw new RefundUnconfirmed();
      }
    },
    /** The SDK's list of a payment's refunds (GET /v1/payments/{id}/refunds); a payment has a few at most. */
    async findRefund(providerPaymentId, ours) {
      const sdk = client();
      const list = await withTimeout(sdk.payments.fetchMultipleRefund(providerPaymentId, { count: 100 }), timeoutMs, timedOut);
      const found = list.items.find((r) => (ours.providerRefundId !== null && r.id === ours.providerRefundId) || r.receipt === ours.receipt.slice(0, 40));
      return found ? refundOf(found) : null;
    },
    /** The SDK's list of an order's payments (GET /v1/orders/{id}/payments). */
    async orderPayments(providerOrderId) {
      const sdk = client();
      const list = await withTimeout(sdk.orders.fetchPayments(providerOrderId), timeoutMs, timedOut);
      return list.items.map((p) => ({ id: p.id, amountPaise: Number(p.amount), status: p.status }));
    },
  };
}

export interface Providers {
  sandbox: ReturnType<typeof sandboxProvider>;
  razorpay: PaymentProvider;
}

export function createProviders(config: CheckoutConfig): Providers {
  return { sandbox: sandboxProvider(config), razorpay: razorpayProvider(config) };
}

/** The store's provider ('sandbox' unless the store chose 'razorpay'). */
export function providerOfStore(providers: Providers, paymentProvider: string): PaymentProvider {
  return paymentProvider === 'razorpay' ? providers.razorpay : providers.sandbox;
}
