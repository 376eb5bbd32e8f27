import type { PageCategory, PageLink, ProductSummary, StoreProfile } from '@gemstore/contracts';

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
  return `/product/${encodeURIComponent(p.product_category.url.content || String(p.product_category.id))}/${encodeURIComponent(p.url.content || String(p.id))}`;
}

export function pagePath(p: PageLink): string {
  return `/${encodeURIComponent(p.url || String(p.id))}`;
}

/** Digits of a phone number for tel: and wa.me links. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}
