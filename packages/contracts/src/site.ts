import type { ProductSummary } from './catalog.ts';
import type { PageCategory } from './content.ts';
import type { PageLink, StoreProfile } from './store.ts';

/**
 * What every page of a store is drawn in: the header (profile, gem menu, page menus) and the footer
 * (contacts, policy and know-us pages). The same values the store-profile, products,
 * page-categories-all, policy-pages and know-us-pages calls answer; the server render reads them
 * from a per-store cache (docs/decisions/0029-layout-cache-and-page-caching.md).
 */
export interface SiteLayout {
  profile: StoreProfile;
  nonCategorizedPages: PageLink[];
  products: ProductSummary[];
  pageCategories: PageCategory[];
  policyPages: PageLink[];
  knowUsPages: PageLink[];
}
