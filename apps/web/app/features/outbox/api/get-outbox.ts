import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** GET /api/dev/outbox?to=…: the stored messages with their codes, newest first (absent in production: 404). */
export function getOutbox(to: string): Promise<OutboxResponse> {
  return api.outbox({ query: to ? { to } : {} });
}

export const outboxQuery = (to: string) => queryOptions({
  queryKey: ['dev-outbox', to],
  queryFn: () => getOutbox(to),
  staleTime: 0,
  retry: false,
});

export function useOutbox(to: string) {
  return useQuery(outboxQuery(to));
}
