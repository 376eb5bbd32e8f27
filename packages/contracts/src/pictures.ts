import { parseSafeWebUrl } from './urls.ts';

/**
 * Uploaded pictures. The server keeps each one re-encoded as WebP in the widths below (never wider
 * than the original) and one JPEG for sites that want a raster they all read (Open Graph). A
 * picture is named by the hash of its content and its size, so its files never change and are
 * cached for good: `stores/<store>/img/<hash>_<width>x<height>`.
 */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
/** Width of the JPEG copy (`<name>.jpg`). */
export const PHOTO_JPEG_WIDTH = 1200;
export const MAX_UPLOAD_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_STONE_PHOTOS = 12;

const NAME = /^stores\/(\d{1,9})\/img\/([a-f0-9]{24})_(\d{1,5})x(\d{1,5})$/;

export interface PhotoName { storeId: number; width: number; height: number }

/** The parts of a picture's name; null when it is not one. */
export function parsePhotoName(name: string): PhotoName | null {
  const m = NAME.exec(name);
  return m ? { storeId: Number(m[1]), width: Number(m[3]), height: Number(m[4]) } : null;
}

/** Where a shop serves its own pictures (DATA_DIR/media). */
const MEDIA_PATH_PATTERN = /^\/media(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/**
 * A picture reference in the one form it is stored in, or null when a picture field must refuse
 * it: an uploaded picture's name as it is; a path of the shop's own media (`/media/…`) with its
 * dot segments resolved and then only plain file-name segments left, so no other host (`//host`)
 * and no way out of /media (`/media/../x`); an https: address as the URL parser writes it. Empty
 * stays empty (no picture). Every picture field of the API reads its value through this.
 */
export function normalisePictureRef(value: string): string | null {
  const v = value.trim();
  if (v === '' || parsePhotoName(v)) return v;
  if (v.startsWith('/')) {
    // Another host ("//host", "/\\host"), a query, a fragment or white space: not a file of ours.
    if (/^\/[/\\]|[\\\s?#]/.test(v)) return null;
    let path: string;
    try {
      path = new URL(v, 'https://shop.invalid').pathname;
    } catch {
      return null;
    }
    return MEDIA_PATH_PATTERN.test(path) ? path : null;
  }
  const url = parseSafeWebUrl(v);
  return url?.protocol === 'https:' ? url.href : null;
}

/** The widths a picture is kept in: those of PHOTO_WIDTHS below its own width, and its width capped at the largest. */
export function photoWidths(width: number): number[] {
  const largest = Math.min(width, Math.max(...PHOTO_WIDTHS));
  return [...PHOTO_WIDTHS.filter((w) => w < largest), largest];
}

/** A picture's files as a browser asks for them. */
export interface Photo {
  /** The name staff send back in a stone's `photos`. */
  name: string;
  /** A middle size, for browsers that ignore srcset. */
  src: string;
  srcset: string;
  /** A JPEG copy (Open Graph and other sites that do not read WebP). */
  jpeg: string;
  width: number;
  height: number;
}

/** Where the server serves public media. A CDN's base (the server's MEDIA_PUBLIC_URL) may stand in its place. */
export const MEDIA_PATH = '/media/';

/**
 * A stored public media path as browsers load it: `/media/a/b.svg` under `base` (the server's own
 * /media/ or a CDN's address ending in a slash); anything else (an https address, another path) as given.
 */
export function publicMediaUrl(ref: string, base: string = MEDIA_PATH): string {
  return base !== MEDIA_PATH && ref.startsWith(MEDIA_PATH) ? `${base}${ref.slice(MEDIA_PATH.length)}` : ref;
}

/** The files of a picture as the browser asks for them, under `base` (default /media/). */
export function photoOf(name: string, base: string = MEDIA_PATH): Photo | null {
  const parsed = parsePhotoName(name);
  if (!parsed) return null;
  const widths = photoWidths(parsed.width);
  const file = (w: number) => `${base}${name}-${w}.webp`;
  const largest = widths[widths.length - 1]!;
  return {
    name,
    src: file(widths.find((w) => w >= 800) ?? largest),
    srcset: widths.map((w) => `${file(w)} ${w}w`).join(', '),
    jpeg: `${base}${name}.jpg`,
    width: largest,
    height: Math.round((parsed.height * largest) / parsed.width),
  };
}

/**
 * A stored picture reference as a browser loads it: an uploaded picture's name becomes its WebP file
 * of at least `width` pixels (its largest when smaller); a /media/ path moves under `base`; another
 * path or an address is left as it is.
 */
export function pictureSrc(ref: string, width = 800, base: string = MEDIA_PATH): string {
  const parsed = parsePhotoName(ref);
  if (!parsed) return publicMediaUrl(ref, base);
  const widths = photoWidths(parsed.width);
  return `${base}${ref}-${widths.find((w) => w >= width) ?? widths[widths.length - 1]!}.webp`;
}
