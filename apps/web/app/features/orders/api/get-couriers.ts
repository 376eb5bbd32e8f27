import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET couriers: the shop's couriers a return can be sent with, the defaults first. */
export function couriersQueryOptions() {
  return queryOptions({
    queryKey: ['couriers'] as const,
    queryFn: ({ signal }) => api.couriers({}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCouriers() {
  return useQuery(couriersQueryOptions());
}
