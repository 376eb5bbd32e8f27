import sharp from 'sharp';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The file's real type from its first bytes; the name and the declared type are not trusted. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export const EXTENSIONS: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * Decodes and re-encodes the picture in its own format: whatever else the file carried is dropped,
 * EXIF orientation is applied, then every metadata block (EXIF, GPS, XMP, ICC) is stripped (sharp
 * keeps none unless asked). Very large pictures are scaled down to 2400 px.
 */
export async function reencodeImage(buf: Buffer, kind: ImageKind): Promise<Buffer> {
  const img = sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true });
  if (kind === 'jpeg') return img.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  if (kind === 'png') return img.png({ compressionLevel: 9 }).toBuffer();
  return img.webp({ quality: 85 }).toBuffer();
}

/** A picture ready to store: its size after orientation, and each file with the name suffix it goes under. */
export interface ImageVariants {
  width: number;
  height: number;
  files: { suffix: string; data: Buffer }[];
}

/**
 * The copies a catalogue picture is kept in: WebP at each of `widths` (already limited to the
 * picture's own width) and one JPEG of `jpegWidth`, all oriented and with no metadata (EXIF, GPS).
 */
export async function imageVariants(buf: Buffer, widthsFor: (width: number) => number[], jpegWidth: number): Promise<ImageVariants> {
  const source = sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
  const meta = await source.metadata();
  // EXIF orientations 5 to 8 turn the picture a quarter: its width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const info = { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  const files = await Promise.all([
    ...widthsFor(info.width).map(async (w) => ({ suffix: `-${w}.webp`, data: await source.clone().resize({ width: w }).webp({ quality: 82 }).toBuffer() })),
    source.clone().resize({ width: Math.min(jpegWidth, info.width) }).flatten({ background: '#ffffff' }).jpeg({ quality: 84, mozjpeg: true }).toBuffer()
      .then((data) => ({ suffix: '.jpg', data })),
  ]);
  return { width: info.width, height: info.height, files };
}
