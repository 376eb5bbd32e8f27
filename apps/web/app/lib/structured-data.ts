import type { Item, Post, StoreProfile } from '@gemstore/contracts';
import type { MetaDescriptor } from 'react-router';
import { displayAmount } from './money.ts';
import { absoluteUrl } from './media.ts';

/**
 * schema.org structured data (JSON-LD) of the shop's pages, every URL on the store's own domain
 * (`profile.site_url`). React Router writes a `script:ld+json` meta entry as a data block, escaped.
 */
type Json = Record<string, unknown>;

export const ldJson = (data: Json): MetaDescriptor => ({ 'script:ld+json': { '@context': 'https://schema.org', ...data } });

/** The shop as an organisation: its name, logo, contacts and social profiles. */
export function organization(profile: StoreProfile): Json {
  const c = profile.configurationData;
  return {
    '@type': 'Organization',
    '@id': `${profile.site_url}/#organization`,
    name: profile.name,
    url: `${profile.site_url}/home`,
    ...(profile.primary_logo.path ? { logo: absoluteUrl(profile.site_url, profile.primary_logo.path) } : {}),
    email: profile.email,
    ...(c.footer.contact.phone ? { telephone: c.footer.contact.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: c.footer.contact.address || undefined,
      addressLocality: profile.primary_address.city || undefined,
      addressRegion: profile.primary_address.state || undefined,
      addressCountry: profile.primary_address.country || undefined,
    },
    sameAs: Object.values(c.social).filter(Boolean),
  };
}

/** The site with its search box (results at /search?q=). */
export function website(profile: StoreProfile): Json {
  return {
    '@type': 'WebSite',
    '@id': `${profile.site_url}/#website`,
    name: profile.name,
    url: `${profile.site_url}/home`,
    publisher: { '@id': `${profile.site_url}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${profile.site_url}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The trail a page's breadcrumbs show; the last crumb is the page itself. */
export function breadcrumbList(siteUrl: string, crumbs: { label: string; to?: string }[], currentPath: string): Json {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      ...(c.to || i === crumbs.length - 1 ? { item: absoluteUrl(siteUrl, i === crumbs.length - 1 ? currentPath : c.to!) } : {}),
    })),
  };
}

/** The stones a listing page shows, in order, each by its own page. */
export function itemList(siteUrl: string, name: string, paths: string[], offset = 0): Json {
  return {
    '@type': 'ItemList',
    name,
    numberOfItems: paths.length,
    itemListElement: paths.map((path, i) => ({ '@type': 'ListItem', position: offset + i + 1, url: absoluteUrl(siteUrl, path) })),
  };
}

export function blogPosting(profile: StoreProfile, post: Post, path: string, image: string, description: string): Json {
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    url: absoluteUrl(profile.site_url, path),
    mainEntityOfPage: absoluteUrl(profile.site_url, path),
    image: absoluteUrl(profile.site_url, image),
    datePublished: post.published_at,
    author: { '@type': 'Organization', name: profile.name, url: `${profile.site_url}/home` },
    publisher: { '@id': `${profile.site_url}/#organization`, '@type': 'Organization', name: profile.name },
  };
}

/** A stone for sale: brand (the shop), seller, price, availability, the return policy and shipping. */
export function product(profile: StoreProfile, item: Item, input: { title: string; description: string; path: string; image: string }): Json {
  const currency = profile.currency;
  const country = profile.isFromIndia ? 'IN' : 'US';
  const url = absoluteUrl(profile.site_url, input.path);
  const seller = { '@type': 'Organization', '@id': `${profile.site_url}/#organization`, name: profile.name };
  return {
    '@type': 'Product',
    name: input.title,
    sku: item.sku,
    url,
    ...(input.image ? { image: absoluteUrl(profile.site_url, input.image) } : {}),
    description: input.description,
    category: item.product.name,
    brand: { '@type': 'Brand', name: profile.name },
    color: item.color.color,
    weight: { '@type': 'QuantitativeValue', value: item.carat, unitText: 'ct' },
    additionalProperty: [
      { '@type': 'PropertyValue', name: 'Origin', value: item.origin.origin },
      { '@type': 'PropertyValue', name: 'Clarity', value: item.clarity.clarity },
      { '@type': 'PropertyValue', name: 'Shape', value: item.shape.shape },
      { '@type': 'PropertyValue', name: 'Certificate', value: `${item.certificate.lab} ${item.certificate.number}` },
    ],
    offers: {
      '@type': 'Offer',
      url,
      price: displayAmount(item.amounts.mrpAmount, currency).toFixed(2),
      priceCurrency: currency.currency,
      availability: item.status === 'available' ? 'https://schema.org/InStock' : item.status === 'reserved' ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/SoldOut',
      itemCondition: 'https://schema.org/NewCondition',
      seller,
      // Returns go back by courier with a tracking number (the return request form); the store's
      // window and fees are its policy page's words, not data here, so they are not claimed.
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: country,
        returnPolicyCategory: 'https://schema.org/MerchantReturnUnspecified',
        returnMethod: 'https://schema.org/ReturnByMail',
      },
      // Delivery is included in the price.
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: '0.00', currency: currency.currency },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: country },
      },
    },
  };
}
