import { useEffect, useRef, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE } from '../../lib/media.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  src: string;
  alt: string;
  /** Shown when the image cannot load (a 150x150 placeholder). */
  fallback?: string;
};

/**
 * An <img> that swaps to a placeholder when it fails. A server-rendered image can fail before
 * React hydrates (no onError then), so a mount check catches those too.
 */
export function SafeImage({ src, alt, fallback = PLACEHOLDER_IMAGE, loading = 'lazy', decoding = 'async', ...rest }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const swap = (img: HTMLImageElement) => {
    if (img.dataset.fallback) return;
    img.dataset.fallback = '1';
    img.src = fallback;
  };
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) swap(img);
  });
  return <img ref={ref} src={src} alt={alt} loading={loading} decoding={decoding} onError={(e) => swap(e.currentTarget)} {...rest} />;
}
