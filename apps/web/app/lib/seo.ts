import type { MetaDescriptor } from 'react-router';
import type { StoreProfileResponse } from '@gemstore/contracts';
import { absoluteUrl } from './media.ts';

/** What the store layout loader returns that meta functions need. */
export interface StoreMetaData {
  profile: StoreProfileResponse['profile'];
  origin: string;
}

export const STORE_LAYOUT_ROUTE_ID = 'routes/store-layout';

/** The store layout's loader data from a meta function's matches. */
export function storeFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): StoreMetaData | undefined {
  const match = matches.find((m) => m?.id === STORE_LAYOUT_ROUTE_ID);
  return match?.loaderData as StoreMetaData | undefined;
}

export interface SeoInput {
  title: string;
  description: string;
  type?: 'website' | 'article' | 'product';
  /** Image reference; made absolute with the store's origin. */
  image?: string | null;
  store?: StoreMetaData;
  /** Use the title as it is, without " | <store>". */
  fullTitle?: boolean;
}

/** <title>, description and Open Graph tags of a page, titled "<page> | <store>". */
export function seo({ title, description, type = 'website', image, store, fullTitle: asIs }: SeoInput): MetaDescriptor[] {
  const fullTitle = store && !asIs ? `${title} | ${store.profile.name}` : title;
  const text = description.replace(/\s+/g, ' ').trim().slice(0, 300);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: text },
    { property: 'og:title', content: title },
    { property: 'og:description', content: text },
    { property: 'og:type', content: type },
  ];
  if (store) tags.push({ property: 'og:site_name', content: store.profile.name });
  if (image) tags.push({ property: 'og:image', content: store ? absoluteUrl(store.origin, image) : image });
  return tags;
}

/** Plain text of sanitised HTML for a description. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}
