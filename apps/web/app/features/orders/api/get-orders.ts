import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST orders: the customer's orders, newest first. */
export function ordersQueryOptions() {
  return queryOptions({
    queryKey: ['orders'] as const,
    queryFn: ({ signal }) => api.orders({}, { signal }),
    // Payment and dispatch change server-side: ask again whenever the list opens.
    staleTime: 0,
  });
}

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
