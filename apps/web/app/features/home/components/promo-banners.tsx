import { Link } from 'react-router';
import { isSafeWebUrl, isSitePath } from '@gemstore/contracts/urls';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { mediaUrl } from '../../../lib/media.ts';

/** The first three promo banners of the store's configuration, in its order, each with its words over the picture. */
export function PromoBanners({ banners }: { banners: { image: string; alt: string; href: string; text?: string }[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="section container" aria-label="Offers">
      <ul className="banners" data-testid="promo-banners">
        {banners.slice(0, 3).map((b, i) => {
          const img = (
            <>
              <SafeImage src={mediaUrl(b.image)} alt={b.alt} width={600} height={300} />
              {b.text && <span className="banner__text">{b.text}</span>}
            </>
          );
          // Only a path in the shop or an https address becomes a link.
          return (
            <li key={`${b.image}-${i}`} className="banner" data-testid="promo-banner">
              {isSitePath(b.href) ? <Link to={b.href}>{img}</Link> : isSafeWebUrl(b.href) ? <a href={b.href}>{img}</a> : img}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
