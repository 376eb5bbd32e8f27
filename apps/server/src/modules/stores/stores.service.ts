import {
  type Currency, isMediaRef, isSafeLink, isSafeWebUrl, pictureSrc, type SiteLayout, StoreConfigurationInput, type StoreProfile, type StoreProfileResponse,
} from '@gemstore/contracts';
import { RUPEES } from '@gemstore/contracts/money';
import type { Database, StoreConfiguration } from '@gemstore/db';
import { type CacheCounter, NO_CACHE_COUNTER } from '../../lib/metrics.ts';
import type { Config, SiteConfig } from '../../config.ts';
import { executor, type RequestContext, type Store, type Scope } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { announceStoreChange } from '../../lib/store-changes.ts';
import type { ReadRouting } from '../../lib/read-replica.ts';
import type { ContentService } from '../content/content.service.ts';
import * as repo from './stores.repo.ts';

export function storeCurrency(store: Store): Currency {
  return store.currency === 'INR'
    ? RUPEES
    : { currency: 'USD', exchangeRate: store.usdRate, sign: '$' };
}

const safeUrlOrNone = (value: string | undefined) => (isSafeWebUrl(value) ? value : undefined);

/** The store's own part of every page's layout: its profile and page menus (the gem menu is the catalogue's). */
export type StoreLayout = Omit<SiteLayout, 'products'>;

/**
 * The store's own origin, from its primary domain in the database: never from the Host header a
 * client sent, so every hostname of a store (and any forged one) names the same canonical URLs.
 */
export function storeOrigin(site: SiteConfig, store: Store): string {
  const usualPort = site.scheme === 'https' ? 443 : 80;
  return `${site.scheme}://${store.primaryDomain}${site.port && site.port !== usualPort ? `:${site.port}` : ''}`;
}

/**
 * The profile the storefront renders. Whatever reached the stored configuration (older rows, a
 * direct database edit), a URL that is not safe to put in a link, frame or picture is left out.
 */
export function toStoreProfile(store: Store, site: SiteConfig, mediaBase: string): StoreProfile {
  const c = store.configuration;
  const social: StoreProfile['configurationData']['social'] = {};
  for (const key of ['facebook', 'twitter', 'instagram', 'youtube'] as const) {
    const url = safeUrlOrNone(c.social[key]);
    if (url) social[key] = url;
  }
  return {
    id: store.id,
    name: store.name,
    email: store.email,
    isFromIndia: store.isFromIndia,
    primary_logo: { path: isMediaRef(store.logoPath) ? pictureSrc(store.logoPath, 400, mediaBase) : '' },
    phone_country_code: { phonecode: store.phoneCountryCode },
    primary_address: { city: store.addressCity, state: store.addressState, country: store.addressCountry },
    configurationData: {
      header: c.header, footer: c.footer, social,
      mapEmbedUrl: safeUrlOrNone(c.mapEmbedUrl), whatsappPhone: c.whatsappPhone,
      // Uploaded pictures by name become the file of the size each place shows; a link that is not safe is dropped.
      slider: c.slider.filter((s) => isMediaRef(s.image)).map((s) => ({
        image: pictureSrc(s.image, 1600, mediaBase), alt: s.alt, ...(s.text ? { text: s.text } : {}), ...(s.href && isSafeLink(s.href) ? { href: s.href } : {}),
        ...(isMediaRef(s.phoneImage) ? { phoneImage: pictureSrc(s.phoneImage, 800, mediaBase) } : {}),
        ...(s.focalX !== undefined && s.focalY !== undefined ? { focalX: s.focalX, focalY: s.focalY } : {}),
      })),
      banners: c.banners.filter((b) => isMediaRef(b.image) && isSafeLink(b.href)).map((b) => ({
        image: pictureSrc(b.image, 800, mediaBase), alt: b.alt, href: b.href, ...(b.text ? { text: b.text } : {}),
      })),
    },
    currency: storeCurrency(store),
    ratti_mg: store.rattiMg,
    site_url: storeOrigin(site, store),
  };
}

export interface StoresDeps {
  db: Database;
  config: Config;
  content: ContentService;
  /** Told of each look-up in this process's copies (metrics). */
  caches?: CacheCounter;
  /** Where the layout is read: the read replica when the request may read it (lib/read-replica.ts). */
  readRouting: ReadRouting;
}

/**
 * Stores: which store a domain is, its profile and page menus (the layout every page is drawn in),
 * and its settings (the back office).
 */
export function createStoresService({ db, config, content, caches = NO_CACHE_COUNTER, readRouting }: StoresDeps) {
  // Each process keeps a domain's store and each store's layout for STORE_CACHE_SECONDS (0: not
  // kept); a change clears them at once here and, through NOTIFY store_changed, in every other process.
  const ttlMs = config.storeCacheSeconds * 1000;
  const byDomain = new Map<string, { store: Store | null; expires: number }>();
  const layouts = new Map<number, { layout: Promise<StoreLayout>; expires: number }>();
  // Counts each store's changes seen by this process: what was made from the store at an older count is out of date.
  const generations = new Map<number, number>();
  const forget = (storeId: number) => {
    for (const [domain, hit] of byDomain) if (hit.store?.id === storeId) byDomain.delete(domain);
    layouts.delete(storeId);
    generations.set(storeId, (generations.get(storeId) ?? 0) + 1);
    // What is read afresh now must not come from a replica that has not replayed the change yet.
    readRouting.fence();
  };

  /** After a write to the store's row: this process forgets it now, the others when the caller's transaction commits. */
  const changed = async (ctx: RequestContext) => {
    await announceStoreChange(executor(db, ctx), ctx.store.id);
    forget(ctx.store.id);
  };

  /**
   * Read afresh from the database, the store's row included: a request that found the store in the
   * domain cache just before a change must not put the old profile back into the layout cache.
   */
  async function loadLayout(ctx: RequestContext): Promise<StoreLayout> {
    const [store, nonCategorizedPages, { categories: pageCategories }, { pages: policyPages }, { pages: knowUsPages }] = await Promise.all([
      readRouting.read(ctx, (q) => repo.findStoreById(q, ctx.store.id)),
      content.pageLinks(ctx, 'non_categorized'),
      content.pageCategories(ctx),
      content.placedPages(ctx, 'policy'),
      content.placedPages(ctx, 'know_us'),
    ]);
    if (!store) throw new NotFoundError('This store does not exist.', 'unknown_store');
    return { profile: toStoreProfile(store, config.site, config.media.publicBase), nonCategorizedPages, pageCategories, policyPages, knowUsPages };
  }

  /** The store's layout, from this process's copy while it is fresh. */
  function layout(ctx: RequestContext): Promise<StoreLayout> {
    if (ttlMs === 0 || ctx.tx) return loadLayout(ctx);
    const hit = layouts.get(ctx.store.id);
    const fresh = hit !== undefined && hit.expires > Date.now();
    caches.cacheLookup('store_layout', fresh);
    if (fresh) return hit.layout;
    const loaded = loadLayout(ctx);
    const entry = { layout: loaded, expires: Date.now() + ttlMs };
    layouts.set(ctx.store.id, entry);
    // A failed read is not kept (and a later one that replaced it stays).
    loaded.catch(() => { if (layouts.get(ctx.store.id) === entry) layouts.delete(ctx.store.id); });
    return loaded;
  }

  return {
    /** The store set up for a hostname, or null. */
    async findByDomain(domain: string): Promise<Store | null> {
      const hit = byDomain.get(domain);
      const fresh = hit !== undefined && hit.expires > Date.now();
      if (ttlMs > 0) caches.cacheLookup('store_domain', fresh);
      if (fresh) return hit.store;
      const store = await repo.findStoreByDomain(db, domain);
      if (ttlMs > 0) {
        if (byDomain.size > 10000) byDomain.clear();
        byDomain.set(domain, { store, expires: Date.now() + ttlMs });
      }
      return store;
    },

    /**
     * What the store's pages are drawn in (profile, page menus), kept per store in this process until
     * the store changes (`forget`) or STORE_CACHE_SECONDS pass.
     */
    layout,


    /**
     * Drops this process's copies of the store (its domains' entries and its layout) and counts the
     * change: services.storeChanged calls it when the store's profile, settings, menus, pages or posts
     * change, here or in another process (NOTIFY store_changed, lib/store-changes.ts).
     */
    forget,

    /** How many changes of the store (profile, settings, pages, posts) this process has seen. */
    generation: (storeId: number): number => generations.get(storeId) ?? 0,

    /** A store by id (payment pages and callbacks arrive naming an order, not a domain). */
    findById: (scope: Scope, storeId: number) => repo.findStoreById(executor(db, scope), storeId),

    async profile(ctx: RequestContext): Promise<StoreProfileResponse> {
      const { profile, nonCategorizedPages } = await layout(ctx);
      return { profile, nonCategorizedPages };
    },

    /**
     * Replaces the store's display configuration (for the back office). Every URL is checked by the
     * contract first: an unsafe one answers 422 naming its field ("social.facebook", "banners.0.href")
     * and nothing is stored.
     */
    async saveConfiguration(ctx: RequestContext, input: unknown): Promise<StoreConfiguration> {
      const parsed = StoreConfigurationInput.safeParse(input);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'configuration'] ??= []).push(issue.message);
        throw new ValidationError(errors);
      }
      const saved = await repo.updateStoreConfiguration(executor(db, ctx), ctx.store.id, parsed.data);
      if (!saved) throw new NotFoundError('This store does not exist.', 'unknown_store');
      await changed(ctx);
      return saved;
    },

    /** Whether every staff member must sign in with a second factor (the owner's security setting). */
    async setStaffTwoFactorRequired(ctx: RequestContext, required: boolean): Promise<void> {
      if (!(await repo.updateStoreSettings(executor(db, ctx), ctx.store.id, { staffTwoFactorRequired: required }))) {
        throw new NotFoundError('This store does not exist.', 'unknown_store');
      }
      await changed(ctx);
    },

    /** The seller's tax details and invoice prefix (invoices are numbered with it), in the caller's transaction. */
    async setTaxDetails(ctx: RequestContext, values: { legalName: string; taxAddress: string; gstin: string; taxStateId: string; invoicePrefix: string }): Promise<void> {
      if (!(await repo.updateStoreSettings(executor(db, ctx), ctx.store.id, values))) {
        throw new NotFoundError('This store does not exist.', 'unknown_store');
      }
      await changed(ctx);
    },
  };
}

export type StoresService = ReturnType<typeof createStoresService>;
