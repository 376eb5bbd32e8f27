import type { PageCategory, PageLink, ProductSummary, StoreProfile } from '@gemstore/contracts';
import { listingPath, pagePathOf } from '@gemstore/contracts/paths';

/** What the store layout loads once for the header, menu and footer. */
export interface SiteData {
  profile: StoreProfile;
  nonCategorizedPages: PageLink[];
  products: ProductSummary[];
  pageCategories: PageCategory[];
  policyPages: PageLink[];
  knowUsPages: PageLink[];
}

export function productPath(p: ProductSummary): string {
  return listingPath(p.product_category.url.content || p.product_category.id, p.url.content || p.id);
}

export function pagePath(p: PageLink): string {
  return pagePathOf(p.url || p.id);
}

/** Digits of a phone number for tel: and wa.me links. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}
