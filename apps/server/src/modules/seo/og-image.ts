import sharp from 'sharp';
import { NotFoundError } from '../../lib/errors.ts';
import { type MediaStore, PUBLIC_PREFIX } from '../../lib/media-store.ts';

/** The size social sites show a link's picture at (Open Graph, Twitter's large card). */
const WIDTH = 1200;
const HEIGHT = 630;

/**
 * A catalogue SVG of the public media rendered as a PNG, whole and centred on the shop's paper
 * colour: Facebook, X and WhatsApp show raster pictures only. `a/b.png` is the rendering of
 * `/media/a/b.svg`; only .svg files of the public media, never outside it and never the old
 * returns folder.
 */
export async function renderOgImage(store: MediaStore, path: string): Promise<Buffer> {
  const segments = path.split('/');
  if (!/\.png$/i.test(path) || /[\\\0]/.test(path) || segments[0]?.toLowerCase() === 'returns'
    || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new NotFoundError('There is no such picture.');
  }
  const svg = await store.read(`${PUBLIC_PREFIX}${path.replace(/\.png$/i, '.svg')}`);
  if (!svg) throw new NotFoundError('There is no such picture.');
  return sharp(svg, { density: 144, limitInputPixels: 50_000_000 })
    .resize(WIDTH, HEIGHT, { fit: 'contain', background: '#fbf8f1' })
    .flatten({ background: '#fbf8f1' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
