import { Link } from 'react-router';
import type { ProductCategory } from '@gemstore/contracts';
import { listingPath } from '@gemstore/contracts/paths';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { mediaUrl } from '../../../lib/media.ts';

function productListingPath(category: ProductCategory, product: ProductCategory['products'][number]): string {
  return listingPath(category.url || category.id, product.url.content || product.id);
}

/** Product categories (image plus name); each links to its stones, one listing per product. */
export function CategoryGrid({ categories }: { categories: ProductCategory[] }) {
  const shown = categories.filter((c) => c.products.length > 0);
  if (shown.length === 0) return null;
  return (
    <section className="section container" aria-labelledby="categories-title">
      <h2 id="categories-title" className="section__title">Shop by gemstone</h2>
      <ul className="category-grid" data-testid="category-grid">
        {shown.map((c) => {
          const first = c.products[0]!;
          return (
            <li key={c.id} className="category-card" data-testid="category-card">
              <Link to={productListingPath(c, first)} className="category-card__media" tabIndex={-1} aria-hidden="true">
                <SafeImage src={mediaUrl(c.image || first.primary_image.filename)} alt="" width={320} height={320} className="category-card__image" />
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
