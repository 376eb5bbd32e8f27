/**
 * The storefront's page paths, built alike by the web app's links and the server's sitemap (zod-free:
 * the browser imports it). A friendly url is used when there is one, else the id.
 */

const part = (ref: string | number) => encodeURIComponent(String(ref));

/** A stone: /item/{url}. */
export function stonePath(ref: string | number): string {
  return `/item/${part(ref)}`;
}

/** A product's listing: /product/{category}/{product}. */
export function listingPath(categoryRef: string | number, productRef: string | number): string {
  return `/product/${part(categoryRef)}/${part(productRef)}`;
}

/** A post: /blog/{category}/{url}; a post without a category uses "all". */
export function postPathOf(categorySlug: string | undefined, url: string): string {
  return `/blog/${part(categorySlug || 'all')}/${part(url)}`;
}

/** A blog category's list: /blog/{category}; page n > 1 at /blog/{category}/{n}. */
export function blogCategoryPath(slug: string, page = 1): string {
  // A numeric slug alone would read as a blog page number, so it keeps its page segment.
  return page > 1 || /^\d+$/.test(slug) ? `/blog/${part(slug)}/${page}` : `/blog/${part(slug)}`;
}

/** A page of the store (policies, know us, guides): /{url}. */
export function pagePathOf(ref: string | number): string {
  return `/${part(ref)}`;
}
