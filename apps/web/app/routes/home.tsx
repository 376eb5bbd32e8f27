import type { Route } from './+types/home';
import { PriceNote } from '../components/ui/price-note.tsx';
import { CategoryGrid, gridCategory } from '../features/home/components/category-grid.tsx';
import { HeroSlider } from '../features/home/components/hero-slider.tsx';
import { PromoBanners } from '../features/home/components/promo-banners.tsx';
import { loadOptional, serverApi } from '../lib/server-api.ts';
import { seo, storeFromMatches } from '../lib/seo.ts';
import { ldJson, organization, website } from '../lib/structured-data.ts';
import { useStoreProfile } from '../lib/store-context.tsx';
import homeCss from '../styles/home.css?url';
import { publicPage } from '../lib/page-headers.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [homeCss] };

/** The same for every visitor: browsers and CDNs may keep it (lib/page-headers.ts). */
export const headers: Route.HeadersFunction = publicPage;

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await loadOptional(serverApi(context).rootCategories());
  return { categories: (categories?.categories ?? []).map(gridCategory) };
}

export function meta({ matches }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  const name = store?.profile.name ?? 'Gemstore';
  const tags = seo({
    title: `${name}: natural, certified gemstones`,
    description: `Shop natural, lab-certified gemstones at ${name}: sapphires, rubies, emeralds and more, each stone unique with its own certificate.`,
    image: store?.profile.configurationData.slider[0]?.image,
    store,
    fullTitle: true,
    path: '/home',
  });
  return store ? [...tags, ldJson(organization(store.profile)), ldJson(website(store.profile))] : tags;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const profile = useStoreProfile();
  const config = profile.configurationData;
  return (
    <>
      <h1 className="visually-hidden">{profile.name}: natural, certified gemstones</h1>
      <HeroSlider slides={config.slider} />
      <CategoryGrid categories={loaderData.categories} />
      <PromoBanners banners={config.banners} />
      <section className="section container promise" aria-label="Our promise">
        <ul className="promise__list">
          <li><strong>Natural &amp; certified</strong><span>Every stone comes with a laboratory certificate.</span></li>
          <li><strong>One of a kind</strong><span>Each listing is a single, unique stone.</span></li>
          <li><strong>Honest pricing</strong><PriceNote /></li>
        </ul>
      </section>
    </>
  );
}
