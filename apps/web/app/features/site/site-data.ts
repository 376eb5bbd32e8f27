import type { PageLink, ProductSummary, SiteLayout } from '@gemstore/contracts';
import { listingPath, pagePathOf } from '@gemstore/contracts/paths';

/** A gem of the menus: what a link to its listing needs. */
export type ProductLink = Pick<ProductSummary, 'id' | 'name' | 'url' | 'product_category'>;

/** What the store layout loads once for the header, menu and footer. */
export type SiteData = Omit<SiteLayout, 'products'> & { products: ProductLink[] };

/**
 * The layout as the page needs it: every page sends its layout's data to the browser, and the gems'
 * descriptions and pictures (about 1.3 kB of a compressed page) are shown by the listing, which loads
 * its own, never by the menus.
 */
export function siteData({ products, ...layout }: SiteLayout): SiteData {
  return { ...layout, products: products.map(({ id, name, url, product_category }) => ({ id, name, url, product_category })) };
}

export function productPath(p: ProductLink): string {
  return listingPath(p.product_category.url.content || p.product_category.id, p.url.content || p.id);
}

export function pagePath(p: PageLink): string {
  return pagePathOf(p.url || p.id);
}

/** Digits of a phone number for tel: and wa.me links. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}
