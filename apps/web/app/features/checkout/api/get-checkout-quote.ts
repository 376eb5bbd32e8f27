import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST checkout-quote: the Review Order figures of these stones shipped to this address, worked out by the server. */
export function checkoutQuoteQueryOptions(itemIds: number[], shippingAddressId: number | null) {
  return queryOptions({
    queryKey: ['checkout-quote', itemIds, shippingAddressId] as const,
    queryFn: ({ signal }) => api.checkoutQuote({ body: { itemIds, shippingAddressId: shippingAddressId! } }, { signal }),
    enabled: shippingAddressId !== null && itemIds.length > 0,
  });
}

export function useCheckoutQuote(itemIds: number[], shippingAddressId: number | null) {
  return useQuery(checkoutQuoteQueryOptions(itemIds, shippingAddressId));
}
