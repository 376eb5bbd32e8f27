import type { PostsResponse } from '@gemstore/contracts';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { usePosts } from '../api/get-posts.ts';
import { PostCard } from './post-card.tsx';

/** A list of posts with infinite scroll, starting at the server-rendered page. */
export function PostList({ category, first }: { category: string | null; first: PostsResponse }) {
  const query = usePosts(category, first);
  const posts = query.data.pages.flatMap((p) => p.data.data);
  return (
    <>
      {posts.length === 0
        ? <p className="empty">No posts yet.</p>
        : <ul className="post-list" data-testid="post-list">{posts.map((p, i) => <PostCard key={p.id} post={p} eager={i < 2} />)}</ul>}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        error={query.isFetchNextPageError}
        onLoadMore={() => { if (!query.isFetching) void query.fetchNextPage(); }}
        label="Show more posts"
      />
    </>
  );
}
