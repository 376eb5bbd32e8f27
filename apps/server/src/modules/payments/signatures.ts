import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of a hex signature we computed with one we were sent. */
export function signatureMatches(expectedHex: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** Razorpay Checkout's signature: HMAC-SHA256(key_secret, order_id + "|" + payment_id), with the order id WE stored. */
export function checkoutSignature(secret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(secret, `${providerOrderId}|${paymentId}`);
}

/**
 * The pass that opens an order's payment page (GET /pay/{provider}/{orderId}?token=…): the page is
 * opened by a browser navigation, which carries no bearer token, and must not show one customer's
 * order, email and phone to whoever guesses an order number.
 */
export function signPayLink(secret: string, orderId: number, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${exp}.${hmacHex(secret, `pay-link:${orderId}:${exp}`)}`;
}

export function verifyPayLink(secret: string, orderId: number, token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string') return false;
  const m = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!m) return false;
  const exp = Number(m[1]);
  if (exp * 1000 < now) return false;
  return signatureMatches(hmacHex(secret, `pay-link:${orderId}:${exp}`), m[2]);
}
