import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * POST checkout-quote: the Review Order figures of these stones shipped to this address, with the
 * code the customer applied (null: none): the lines, the promotion (or why the code does not
 * apply), shipping and the total, worked out by the server as place-order charges them. Without an
 * address (a first order) the stones and the code are quoted; shipping and the total wait for one.
 */
export function checkoutQuoteQueryOptions(itemIds: number[], shippingAddressId: number | null, code: string | null = null) {
  return queryOptions({
    queryKey: ['checkout-quote', itemIds, shippingAddressId, code] as const,
    queryFn: ({ signal }) => api.checkoutQuote({ body: { itemIds, shippingAddressId: shippingAddressId ?? undefined, code: code ?? undefined } }, { signal }),
    enabled: itemIds.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useCheckoutQuote(itemIds: number[], shippingAddressId: number | null, code: string | null = null) {
  return useQuery(checkoutQuoteQueryOptions(itemIds, shippingAddressId, code));
}
