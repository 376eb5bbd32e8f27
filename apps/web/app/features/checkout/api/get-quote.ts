import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST checkout-quote {itemIds, code}: the lines, the promotion the code gives (or why not) and the total, as place-order charges them. */
export function useCheckoutQuote(itemIds: number[], code: string | null) {
  return useQuery({
    queryKey: ['checkout-quote', itemIds, code] as const,
    queryFn: ({ signal }) => api.checkoutQuote({ body: { itemIds, code: code ?? undefined } }, { signal }),
    enabled: itemIds.length > 0 && code !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
