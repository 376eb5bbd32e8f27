import type { MetaDescriptor } from 'react-router';
import { seo, storeFromMatches, type StoreMetaData } from '../../lib/seo.ts';

const GUEST_LAYOUT_ROUTE_ID = 'routes/guest-only-layout';

/** Title and description of an account screen; never indexed (nothing on it is for search engines). */
export function accountMeta(
  title: string,
  description: string,
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): MetaDescriptor[] {
  const guest = matches.find((m) => m?.id === GUEST_LAYOUT_ROUTE_ID)?.loaderData as StoreMetaData | undefined;
  const store = guest ?? storeFromMatches(matches);
  return [...seo({ title, description, store }), { name: 'robots', content: 'noindex' }];
}
