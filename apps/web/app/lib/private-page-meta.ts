import type { MetaDescriptor } from 'react-router';
import { storeFromMatches } from './seo.ts';

/** <title> of a signed-in customer's page ("Cart | <store>"); such pages are kept out of search engines. */
export function privatePageMeta(title: string, matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): MetaDescriptor[] {
  const store = storeFromMatches(matches);
  return [
    { title: store ? `${title} | ${store.profile.name}` : title },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}
