import { Link } from 'react-router';
import type { Post } from '@gemstore/contracts';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { DEFAULT_BLOG_COVER, mediaUrl } from '../../../lib/media.ts';
import { categoryPath, formatPostDate } from '../post-paths.ts';

/** A blog post: title, cover (or the default cover), date, categories and its body (sanitised by the server). */
export function PostView({ post }: { post: Post }) {
  return (
    <article className="container post" data-testid="post">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Blog', to: '/blog' }, { label: post.title }]} />
      <header className="post__header">
        <p className="eyebrow">
          <time dateTime={post.published_at} data-testid="post-date">{formatPostDate(post.published_at)}</time>
        </p>
        <h1 className="page-title">{post.title}</h1>
        {post.categories.length > 0 && (
          <ul className="post__categories" aria-label="Categories" data-testid="post-categories">
            {post.categories.map((c) => <li key={c.slug}><Link to={categoryPath(c.slug)}>{c.name}</Link></li>)}
          </ul>
        )}
      </header>
      <figure className="post__cover">
        <SafeImage src={mediaUrl(post.cover_photo_url, DEFAULT_BLOG_COVER)} fallback={DEFAULT_BLOG_COVER} alt="" width={1200} height={630} loading="eager" fetchPriority="high" />
      </figure>
      {/* The API sanitises post HTML before it is stored and again when it is served. */}
      <div className="prose post__body" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.body }} />
      <p className="post__back"><Link to="/blog">← All posts</Link></p>
    </article>
  );
}
