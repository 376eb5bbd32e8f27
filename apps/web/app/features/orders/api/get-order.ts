import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST order {orderId}: one order with lines, payment, dispatch and return requests. */
export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ['orders', orderId] as const,
    queryFn: ({ signal }) => api.order({ body: { orderId } }, { signal }),
    staleTime: 0,
  });
}

export function useOrder(orderId: number | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
