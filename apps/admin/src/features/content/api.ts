import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the content pages: a change refreshes the lists that show it. */
export const postsKey = ['admin', 'posts'] as const;
export const postCategoriesKey = ['admin', 'post-categories'] as const;
export const pagesKey = ['admin', 'pages'] as const;
export const homeKey = ['admin', 'home'] as const;

/**
 * After a post or page was saved: the editor's own query takes the answer as it is (a refetch would
 * cost a request and could put the saved text back over what is typed meanwhile), the lists read again.
 */
export async function keepSaved(queryClient: QueryClient, key: readonly string[], id: number, answer: unknown): Promise<void> {
  queryClient.setQueryData([...key, 'one', String(id)], answer);
  await queryClient.invalidateQueries({ queryKey: key, predicate: (q) => q.queryKey[key.length] !== 'one' });
}
