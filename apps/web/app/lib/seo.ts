import type { MetaDescriptor } from 'react-router';
import type { StoreProfileResponse } from '@gemstore/contracts';
import { absoluteUrl } from './media.ts';

/** What the store layout loader returns that meta functions need. */
export interface StoreMetaData {
  profile: StoreProfileResponse['profile'];
  /** The store's own address (its primary domain), never the Host the request came with. */
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
  /** The page's one address (path and, for a listing's later pages, ?page=n): the canonical link and og:url. */
  path?: string;
}

/** <title>, description and Open Graph tags of a page, titled "<page> | <store>". */
export function seo({ title, description, type = 'website', image, store, fullTitle: asIs, path }: SeoInput): MetaDescriptor[] {
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
  if (store && path !== undefined) {
    const url = absoluteUrl(store.origin, path);
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  // Social sites show raster pictures only: an SVG is sent through the PNG rendering of /og-image/.
  const picture = image ? ogImage(image) : '';
  const absolute = picture && store ? absoluteUrl(store.origin, picture) : picture;
  if (absolute) tags.push({ property: 'og:image', content: absolute });
  tags.push(
    { name: 'twitter:card', content: absolute ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: text },
  );
  if (absolute) tags.push({ name: 'twitter:image', content: absolute });
  return tags;
}

/** A picture social sites can show: /media/a/b.svg becomes its PNG rendering /og-image/a/b.png (1200 x 630). */
export function ogImage(ref: string): string {
  const media = /^\/media\/(.+)\.svg$/i.exec(ref);
  if (media) return `/og-image/${media[1]}.png`;
  return /\.svg($|\?)/i.test(ref) ? '' : ref;
}

/** Plain text of sanitised HTML for a description. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}
