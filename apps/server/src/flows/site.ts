import type { SiteLayout } from '@gemstore/contracts';
import type { RequestContext } from '../lib/context.ts';
import type { Services } from '../services.ts';

/**
 * The layout a server-rendered page is drawn in: the store's profile and page menus (the stores
 * service's per-store copy) and the gem menu (the catalogue's per-store lists). Both copies are
 * cleared when what they hold changes, in this process and in the others (NOTIFY store_changed and
 * catalog_changed), so a page never needs the five API calls it used to make for them.
 */
export function siteFlows({ stores, catalog }: Services) {
  return {
    async layout(ctx: RequestContext): Promise<SiteLayout> {
      const [store, { products }] = await Promise.all([stores.layout(ctx), catalog.products(ctx)]);
      return { ...store, products };
    },
  };
}
