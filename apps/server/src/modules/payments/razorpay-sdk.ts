import RazorpayApi from 'razorpay/dist/api.js';
import ordersResource from 'razorpay/dist/resources/orders.js';
import paymentsResource from 'razorpay/dist/resources/payments.js';
import Razorpay from 'razorpay';

/**
 * The official Razorpay SDK, on the host RAZORPAY_API_URL names. `new Razorpay()` fixes its host
 * (https://api.razorpay.com), so the SDK's own request layer (`API`, whose declared options take a
 * `hostUrl`) and its payments and orders resources are put together here as the SDK's constructor
 * does, with the host configurable: the tests run these very calls against a loopback fake.
 */
export function razorpaySdk(options: { keyId: string; keySecret: string; apiUrl: string }) {
  const api = new RazorpayApi({
    hostUrl: options.apiUrl, ua: `razorpay-node@${Razorpay.VERSION}`, key_id: options.keyId, key_secret: options.keySecret,
  });
  return { payments: paymentsResource(api), orders: ordersResource(api) };
}

export type RazorpaySdk = ReturnType<typeof razorpaySdk>;

/** What the SDK throws for an answer that is not 2xx (its normalizeError); anything else means no answer arrived. */
export interface RazorpayApiError {
  statusCode: number;
  error?: { code?: string; description?: string };
}

export function isRazorpayApiError(err: unknown): err is RazorpayApiError {
  return typeof err === 'object' && err !== null && typeof (err as { statusCode?: unknown }).statusCode === 'number';
}

/** Resolves as `call` does, or rejects with `onTimeout()` after `ms` (the SDK sets no timeout of its own). */
export async function withTimeout<T>(call: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([call, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(onTimeout()), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}
