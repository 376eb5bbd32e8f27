import {
  type Currency, isMediaRef, isSafeLink, isSafeWebUrl, StoreConfigurationInput, type StoreProfile, type StoreProfileResponse,
} from '@gemstore/contracts';
import type { Database, StoreConfiguration } from '@gemstore/db';
import type { RequestContext, Store } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { listPageLinks } from '../content/content.repo.ts';
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
export function toStoreProfile(store: Store): StoreProfile {
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
  };
}

export async function getStoreProfile(db: Database, ctx: RequestContext): Promise<StoreProfileResponse> {
  return { profile: toStoreProfile(ctx.store), nonCategorizedPages: await listPageLinks(db, ctx.store.id, 'non_categorized') };
}

/**
 * Replaces a store's display configuration (for the back office). Every URL is checked by the
 * contract first: an unsafe one answers 422 naming its field ("social.facebook", "banners.0.href")
 * and nothing is stored.
 */
export async function saveStoreConfiguration(db: Database, storeId: number, input: unknown): Promise<StoreConfiguration> {
  const parsed = StoreConfigurationInput.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'configuration'] ??= []).push(issue.message);
    throw new ValidationError(errors);
  }
  const saved = await repo.updateStoreConfiguration(db, storeId, parsed.data);
  if (!saved) throw new NotFoundError('This store does not exist.', 'unknown_store');
  return saved;
}
