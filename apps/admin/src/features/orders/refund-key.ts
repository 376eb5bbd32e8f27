/**
 * A fresh idempotency key for one refund staff mean to make (a dialog opened, a row's button): the
 * same key sent twice answers the same refund, so a double click or a retried request never
 * refunds twice. Made from the browser's random source (crypto.randomUUID needs a secure context).
 */
export function newRefundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rf-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
