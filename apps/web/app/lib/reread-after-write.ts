import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads a query again after a write changed what it holds. Invalidating alone is not enough while
 * the query's first read is still on its way (a page that opens and adds a stone at once: the
 * resumed Add To Cart or heart after sign-in): TanStack Query then answers with that read, which
 * the server may have made before the write, and the page shows a list without what was just
 * added. Cancelling drops that read, so the one that follows is made after the write.
 */
export async function rereadAfterWrite(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
