import type { Currency, StoreProfile, StoreProfileResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext, Store } from '../../lib/context.ts';
import { listPageLinks } from '../content/content.repo.ts';

export function storeCurrency(store: Store): Currency {
  return store.isFromIndia
    ? { currency: 'INR', exchangeRate: 1, sign: 'Rs.' }
    : { currency: 'USD', exchangeRate: store.usdRate, sign: '$' };
}

export function toStoreProfile(store: Store): StoreProfile {
  const c = store.configuration;
  return {
    id: store.id,
    name: store.name,
    email: store.email,
    isFromIndia: store.isFromIndia,
    primary_logo: { path: store.logoPath },
    phone_country_code: { phonecode: store.phoneCountryCode },
    primary_address: { city: store.addressCity, state: store.addressState, country: store.addressCountry },
    configurationData: {
      header: c.header, footer: c.footer, social: c.social,
      mapEmbedUrl: c.mapEmbedUrl, whatsappPhone: c.whatsappPhone,
      slider: c.slider, banners: c.banners,
    },
    currency: storeCurrency(store),
    ratti_mg: store.rattiMg,
    gst_rate: store.gstRate,
  };
}

export async function getStoreProfile(db: Database, ctx: RequestContext): Promise<StoreProfileResponse> {
  return { profile: toStoreProfile(ctx.store), nonCategorizedPages: await listPageLinks(db, ctx.store.id, 'non_categorized') };
}
