import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST payment-methods: what this store accepts (1001, Razorpay, by default). */
export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-methods'] as const,
    queryFn: ({ signal }) => api.paymentMethods({}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
