import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostsResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** GET posts?page=n, or posts-by-category-id/{category}?page=n for one category; the list is at data.data. */
export function fetchPosts(category: string | null, page: number, signal?: AbortSignal): Promise<PostsResponse> {
  return category
    ? api.postsByCategory({ params: { id: category }, query: { page } }, { signal })
    : api.posts({ query: { page } }, { signal });
}

export function postsQueryOptions(category: string | null, firstPage: number) {
  return infiniteQueryOptions({
    queryKey: ['posts', category, firstPage] as const,
    queryFn: ({ pageParam, signal }) => fetchPosts(category, pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: (last) => (last.data.current_page < last.data.last_page ? last.data.current_page + 1 : undefined),
  });
}

/** Posts from the server-rendered page onward; later pages load as the visitor scrolls. */
export function usePosts(category: string | null, first: PostsResponse) {
  return useInfiniteQuery({
    ...postsQueryOptions(category, first.data.current_page),
    initialData: { pages: [first], pageParams: [first.data.current_page] },
    staleTime: 5 * 60_000,
  });
}
