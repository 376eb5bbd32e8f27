import type { PostSummary } from '@gemstore/contracts';

/** Posts live at /blog/{categoryUrl}/{url}; a post without a category uses "all". */
export function postPath(post: Pick<PostSummary, 'url' | 'categories'>): string {
  return `/blog/${encodeURIComponent(post.categories[0]?.slug || 'all')}/${encodeURIComponent(post.url)}`;
}

/** A category's list: /blog/{category}; page n > 1 at /blog/{category}/{n}. */
export function categoryPath(slug: string, page = 1): string {
  // A numeric slug alone would read as a blog page number, so it keeps its page segment.
  return page > 1 || /^\d+$/.test(slug) ? `/blog/${encodeURIComponent(slug)}/${page}` : `/blog/${encodeURIComponent(slug)}`;
}

export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
