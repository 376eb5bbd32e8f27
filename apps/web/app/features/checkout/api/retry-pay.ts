import type { PayQuery } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST retry-pay {orderId}: the payment page's query, with `url`, the payment page to send the browser to. */
export function retryPay(orderId: number): Promise<PayQuery> {
  return api.retryPay({ body: { orderId } });
}
