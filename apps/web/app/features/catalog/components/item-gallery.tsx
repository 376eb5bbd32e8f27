import { lazy, Suspense, useState } from 'react';
import type { ItemDetail } from '@gemstore/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import type { SlideImage } from './item-lightbox.tsx';

const ItemLightbox = lazy(() => import('./item-lightbox.tsx'));

/** Wide screens show the photo in half the page; phones across the screen. */
const SIZES = '(min-width: 900px) 45vw, 100vw';

interface Picture { src: string; srcSet?: string; width: number; height: number; alt: string }

/** The stone's pictures in order: its photos, or its one picture when it has none. */
function picturesOf(item: ItemDetail, alt: string): Picture[] {
  if (item.photos.length) {
    return item.photos.map((p, i) => ({ src: p.src, srcSet: p.srcset, width: p.width, height: p.height, alt: item.photos.length > 1 ? `${alt}, photo ${i + 1} of ${item.photos.length}` : alt }));
  }
  return [{ src: mediaUrl(item.image), width: 640, height: 640, alt }];
}

/** A lightbox slide from a picture: every width it is kept in, so a zoom fetches the sharpest. */
function slideOf(p: Picture): SlideImage {
  const srcSet = p.srcSet?.split(', ').map((entry) => {
    const [src, w] = entry.split(' ');
    const width = Number.parseInt(w ?? '', 10);
    return { src: src!, width, height: Math.round((p.height * width) / p.width) };
  });
  return { src: p.src, alt: p.alt, width: p.width, height: p.height, ...(srcSet ? { srcSet } : {}) };
}

/**
 * The stone's photos (a larger one and a row of small ones to choose from) and its certificate; any
 * of them opens full screen to zoom. Browsers pick the photo's size from srcset.
 */
export function ItemGallery({ item, alt, certificateAlt, certificateCaption }: {
  item: ItemDetail; alt: string; certificateAlt: string; certificateCaption: React.ReactNode;
}) {
  const pictures = picturesOf(item, alt);
  const certificate: Picture = { src: mediaUrl(item.certificate_image), width: 1200, height: 850, alt: certificateAlt };
  const [shown, setShown] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const current = pictures[Math.min(shown, pictures.length - 1)]!;
  const sold = item.status === 'sold';

  return (
    <>
      <figure className={`item__image${sold ? ' is-sold' : ''}`}>
        <button type="button" className="item__zoom" onClick={() => setOpen(shown)} data-testid="gallery-open"
          aria-label={`Enlarge ${pictures.length > 1 ? `photo ${shown + 1} of ${pictures.length}` : 'the photo'}`}>
          <SafeImage src={current.src} srcSet={current.srcSet} sizes={current.srcSet ? SIZES : undefined} alt={current.alt}
            width={current.width} height={current.height} loading="eager" fetchPriority="high" data-testid="gallery-main" />
        </button>
        {sold && <span className="sold-badge" aria-hidden="true">Sold</span>}
        {pictures.length > 1 && (
          <ul className="item__thumbs" aria-label="Photos">
            {pictures.map((p, i) => (
              <li key={p.src}>
                <button type="button" onClick={() => setShown(i)} aria-current={i === shown ? 'true' : undefined} aria-label={`Show photo ${i + 1} of ${pictures.length}`} data-testid="gallery-thumb">
                  <SafeImage src={p.src} srcSet={p.srcSet} sizes="80px" alt="" width={80} height={Math.round((80 * p.height) / p.width)} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </figure>
      <figure className="item__certificate" data-testid="certificate">
        <button type="button" className="item__zoom" onClick={() => setOpen(pictures.length)} aria-label="Enlarge the certificate to read it" data-testid="certificate-open">
          <SafeImage src={certificate.src} alt={certificate.alt} width={480} height={340} />
        </button>
        <figcaption>{certificateCaption}</figcaption>
      </figure>
      {open !== null && (
        <Suspense fallback={null}>
          <ItemLightbox slides={[...pictures, certificate].map(slideOf)} index={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
