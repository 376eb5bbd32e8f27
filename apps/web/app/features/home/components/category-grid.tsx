import { Link } from 'react-router';
import type { ProductCategory } from '@gemstore/contracts';
import { listingPath } from '@gemstore/contracts/paths';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { mediaUrl } from '../../../lib/media.ts';

/** A category of the grid: of its gems, what the grid shows (their descriptions would only weigh on the page's data). */
export type GridCategory = Omit<ProductCategory, 'products'> & {
  products: Pick<ProductCategory['products'][number], 'id' | 'name' | 'url' | 'primary_image' | 'picture'>[];
};

export function gridCategory({ products, ...category }: ProductCategory): GridCategory {
  return { ...category, products: products.map(({ id, name, url, primary_image, picture }) => ({ id, name, url, primary_image, picture })) };
}

function productListingPath(category: GridCategory, product: GridCategory['products'][number]): string {
  return listingPath(category.url || category.id, product.url.content || product.id);
}

/** The card's picture is 112 px wide on a phone and 180 px from 720 px (home.css). */
const PICTURE_SIZES = '(min-width: 720px) 180px, 112px';

/** Product categories (image plus name); each links to its stones, one listing per product. */
export function CategoryGrid({ categories }: { categories: GridCategory[] }) {
  const shown = categories.filter((c) => c.products.length > 0);
  if (shown.length === 0) return null;
  return (
    <section className="section container" aria-labelledby="categories-title">
      <h2 id="categories-title" className="section__title">Shop by gemstone</h2>
      <ul className="category-grid" data-testid="category-grid">
        {shown.map((c) => {
          const first = c.products[0]!;
          // A picture uploaded in the back office comes in several widths; a path or an address is one file.
          const picture = c.image ? c.picture : first.picture;
          return (
            <li key={c.id} className="category-card" data-testid="category-card">
              <Link to={productListingPath(c, first)} className="category-card__media" tabIndex={-1} aria-hidden="true">
                <SafeImage src={picture?.src ?? mediaUrl(c.image || first.primary_image.filename)} srcSet={picture?.srcset} sizes={picture ? PICTURE_SIZES : undefined}
                  alt="" width={320} height={320} className="category-card__image" data-testid="category-card-image" />
              </Link>
              <div className="category-card__body">
                <h3 className="category-card__name"><Link to={productListingPath(c, first)}>{c.name}</Link></h3>
                <ul className="category-card__products" aria-label={`${c.name}: gemstones`}>
                  {c.products.map((p) => <li key={p.id}><Link to={productListingPath(c, p)}>{p.name}</Link></li>)}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
