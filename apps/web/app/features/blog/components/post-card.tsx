import { Link } from 'react-router';
import type { PostSummary } from '@gemstore/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { DEFAULT_BLOG_COVER, mediaUrl } from '../../../lib/media.ts';
import { formatPostDate, postPath } from '../post-paths.ts';

export function PostCard({ post, eager = false }: { post: PostSummary; eager?: boolean }) {
  return (
    <li className="post-card" data-testid="post-card">
      <Link to={postPath(post)} className="post-card__media" tabIndex={-1} aria-hidden="true">
        <SafeImage src={mediaUrl(post.cover_photo_url, DEFAULT_BLOG_COVER)} fallback={DEFAULT_BLOG_COVER} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} />
      </Link>
      <div className="post-card__body">
        <p className="eyebrow">
          <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>
          {post.categories.length > 0 && <> · {post.categories.map((c) => c.name).join(', ')}</>}
        </p>
        <h2 className="post-card__title"><Link to={postPath(post)}>{post.title}</Link></h2>
        {post.description && <p className="post-card__excerpt">{post.description}</p>}
      </div>
    </li>
  );
}
