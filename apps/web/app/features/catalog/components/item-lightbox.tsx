import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';

export type { SlideImage };

/**
 * The stone's photos and certificate full screen: swipe or arrow keys between them, pinch, wheel,
 * double-tap or +/- to zoom (a certificate is read on a phone this way), Escape to close. Loaded only
 * when a shopper opens it, so the item page's first load carries none of it.
 */
export default function ItemLightbox({ slides, index, onClose }: { slides: SlideImage[]; index: number; onClose: () => void }) {
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom, Counter]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      controller={{ closeOnBackdropClick: true }}
      labels={{ Close: 'Close', Next: 'Next picture', Previous: 'Previous picture', 'Zoom in': 'Zoom in', 'Zoom out': 'Zoom out' }}
    />
  );
}
