import {
  type Currency, isMediaRef, isSafeLink, isSafeWebUrl, StoreConfigurationInput, type StoreProfile, type StoreProfileResponse,
} from '@gemstore/contracts';
import type { Database, StoreConfiguration } from '@gemstore/db';
import type { Config, SiteConfig } from '../../config.ts';
import { executor, type RequestContext, type Store, type Scope } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { ContentService } from '../content/content.service.ts';
import * as repo from './stores.repo.ts';

export function storeCurrency(store: Store): Currency {
  return store.isFromIndia
    ? { currency: 'INR', exchangeRate: 1, sign: 'Rs.' }
    : { currency: 'USD', exchangeRate: store.usdRate, sign: '$' };
}

const safeUrlOrNone = (value: string | undefined) => (isSafeWebUrl(value) ? value : undefined);

/**
 * The profile the storefront renders. Whatever reached the stored configuration (older rows, a
 * direct database edit), a URL that is not safe to put in a link, frame or picture is left out.
 */
/**
 * The store's own origin, from its primary domain in the database: never from the Host header a
 * client sent, so every hostname of a store (and any forged one) names the same canonical URLs.
 */
export function storeOrigin(site: SiteConfig, store: Store): string {
  const usualPort = site.scheme === 'https' ? 443 : 80;
  return `${site.scheme}://${store.primaryDomain}${site.port && site.port !== usualPort ? `:${site.port}` : ''}`;
}

export function toStoreProfile(store: Store, site: SiteConfig): StoreProfile {
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
    primary_logo: { path: isMediaRef(store.logoPath) ? store.logoPath : '' },
    phone_country_code: { phonecode: store.phoneCountryCode },
    primary_address: { city: store.addressCity, state: store.addressState, country: store.addressCountry },
    configurationData: {
      header: c.header, footer: c.footer, social,
      mapEmbedUrl: safeUrlOrNone(c.mapEmbedUrl), whatsappPhone: c.whatsappPhone,
      slider: c.slider.filter((s) => isMediaRef(s.image)),
      banners: c.banners.filter((b) => isMediaRef(b.image) && isSafeLink(b.href)),
    },
    currency: storeCurrency(store),
    ratti_mg: store.rattiMg,
    gst_rate: store.gstRate,
    site_url: storeOrigin(site, store),
  };
}

export interface StoresDeps {
  db: Database;
  config: Config;
  content: ContentService;
}

/** Stores: which store a domain is, its profile, and its settings (the back office). */
export function createStoresService({ db, config, content }: StoresDeps) {
  // Each process keeps a domain's store for STORE_CACHE_SECONDS; replicas share nothing else.
  const byDomain = new Map<string, { store: Store | null; expires: number }>();
  const ttlMs = config.storeCacheSeconds * 1000;
  /** Drops a changed store from this process's cache (other replicas see the change within their TTL). */
  const forget = (storeId: number) => {
    for (const [domain, hit] of byDomain) if (hit.store?.id === storeId) byDomain.delete(domain);
  };

  return {
    /** The store set up for a hostname, or null. */
    async findByDomain(domain: string): Promise<Store | null> {
      const hit = byDomain.get(domain);
      if (hit && hit.expires > Date.now()) return hit.store;
      const store = await repo.findStoreByDomain(db, domain);
      if (ttlMs > 0) {
        if (byDomain.size > 10000) byDomain.clear();
        byDomain.set(domain, { store, expires: Date.now() + ttlMs });
      }
      return store;
    },

    /** A store by id (payment pages and callbacks arrive naming an order, not a domain). */
    findById: (scope: Scope, storeId: number) => repo.findStoreById(executor(db, scope), storeId),

    async profile(ctx: RequestContext): Promise<StoreProfileResponse> {
      return { profile: toStoreProfile(ctx.store, config.site), nonCategorizedPages: await content.pageLinks(ctx, 'non_categorized') };
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
      forget(ctx.store.id);
      return saved;
    },

    /** Whether every staff member must sign in with a second factor (the owner's security setting). */
    async setStaffTwoFactorRequired(ctx: RequestContext, required: boolean): Promise<void> {
      if (!(await repo.updateStoreSettings(executor(db, ctx), ctx.store.id, { staffTwoFactorRequired: required }))) {
        throw new NotFoundError('This store does not exist.', 'unknown_store');
      }
      forget(ctx.store.id);
    },
  };
}

export type StoresService = ReturnType<typeof createStoresService>;
