import { randomBytes } from 'node:crypto';
import type { Orders } from 'razorpay/dist/types/orders.js';
import type { CheckoutConfig } from '../../config.ts';
import { AppError, ConflictError } from '../../lib/errors.ts';
import { checkoutSignature, signatureMatches } from './signatures.ts';

export type ProviderName = 'sandbox' | 'razorpay';

export interface ProviderOrderInput {
  amountPaise: number;
  /** At most 40 characters (Razorpay). */
  receipt: string;
  notes: Record<string, string>;
}

/**
 * A payment provider behind the checkout (ARCHITECTURE.md rule 8). Both providers speak Razorpay's
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
}

/** Sandbox order ids carry this prefix, so a callback finds its provider from the stored id alone. */
const SANDBOX_PREFIX = 'sbx_order_';
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
  };
}

export class PaymentProviderError extends AppError {
  constructor(message = 'The payment service is not reachable right now. Please try again in a moment.', code = 'payment_provider_error', status = 502) {
    super(status, message, code);
  }
}

/**
 * Razorpay's Orders API (POST /v1/orders, basic auth key_id:key_secret). The official SDK fixes its
 * host and has no request timeout, so this one call goes through fetch with RAZORPAY_API_URL and
 * RAZORPAY_TIMEOUT_MS; the SDK's types describe the answer (docs/decisions/0005-payments.md).
 */
export function razorpayProvider(config: CheckoutConfig): PaymentProvider {
  const { keyId, keySecret, apiUrl, timeoutMs } = config.razorpay;
  return {
    name: 'razorpay',
    keyId: keyId ?? '',
    async createOrder(input) {
      if (!keyId || !keySecret) throw new PaymentProviderError('Online payment is not set up for this shop yet.', 'payment_provider_not_configured', 503);
      if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) {
        throw new PaymentProviderError('The order total is below the smallest amount that can be paid online (Rs. 1).', 'amount_too_small', 422);
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
