import { useMutation } from '@tanstack/react-query';
import type { PlaceOrderResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

export interface PlaceOrderInput {
  itemIds: number[];
  shippingAddressId: number;
  billingAddressId: number | null;
  paymentMethodId: number;
  /** The web's origin, kept with the order for the record. */
  origin: string;
  /** The discount code the quote applied; the server checks it again. */
  discountCode?: string;
}

/** POST place-order: reserves the stones and answers the Pay page's url (/pay?orderId=…). */
export function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResponse> {
  return api.placeOrder({ body: input });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
