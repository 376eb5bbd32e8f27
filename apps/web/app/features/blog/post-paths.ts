import type { PostSummary } from '@gemstore/contracts';
import { blogCategoryPath, postPathOf } from '@gemstore/contracts/paths';

/** Posts live at /blog/{categoryUrl}/{url}; a post without a category uses "all". */
export function postPath(post: Pick<PostSummary, 'url' | 'categories'>): string {
  return postPathOf(post.categories[0]?.slug, post.url);
}

/** A category's list: /blog/{category}; page n > 1 at /blog/{category}/{n}. */
export const categoryPath = blogCategoryPath;

export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
