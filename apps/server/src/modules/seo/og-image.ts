import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { NotFoundError } from '../../lib/errors.ts';

/** The size social sites show a link's picture at (Open Graph, Twitter's large card). */
const WIDTH = 1200;
const HEIGHT = 630;

/**
 * A catalogue SVG from the media folder rendered as a PNG, whole and centred on the shop's paper
 * colour: Facebook, X and WhatsApp show raster pictures only. `a/b.png` is the rendering of
 * `/media/a/b.svg`; only .svg files of the public media folder, never outside it and never the
 * private returns folder.
 */
export async function renderOgImage(mediaDir: string, path: string): Promise<Buffer> {
  const root = resolve(mediaDir);
  const svgPath = path.replace(/\.png$/i, '.svg');
  const file = resolve(root, svgPath);
  const inside = relative(root, file);
  if (!/\.png$/i.test(path) || inside.startsWith('..') || inside.split(sep)[0]?.toLowerCase() === 'returns' || inside.includes('\0')) {
    throw new NotFoundError('There is no such picture.');
  }
  const svg = await readFile(file).catch(() => { throw new NotFoundError('There is no such picture.'); });
  return sharp(svg, { density: 144, limitInputPixels: 50_000_000 })
    .resize(WIDTH, HEIGHT, { fit: 'contain', background: '#fbf8f1' })
    .flatten({ background: '#fbf8f1' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
