/**
 * Where the demo's pictures live and how they are written. The database stores URL paths that
 * begin with /media/; the server serves its media directory there, so `/media/a/b.svg` is the
 * file `<mediaDir>/a/b.svg`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ColorDef, Drawing, GemDef } from './catalogue.ts';

export function slugify(text: string): string {
  return text.toLowerCase().replace(/'/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export const stoneImagePath = (gemUrl: string, color: string) => `/media/catalog/stones/${gemUrl}-${slugify(color)}.svg`;
export const productImagePath = (gemUrl: string) => `/media/catalog/products/${gemUrl}.svg`;
export const categoryImagePath = (categoryUrl: string) => `/media/catalog/categories/${categoryUrl}.svg`;
export const certificateImagePath = (storeSlug: string, gin: string) => `/media/certificates/${storeSlug}/${gin.toLowerCase()}.svg`;
/** One specimen certificate shared by generated bulk stones, so a million rows need no million files. */
export const genericCertificatePath = '/media/certificates/specimen.svg';
export const storeAssetPath = (storeSlug: string, name: string) => `/media/stores/${storeSlug}/${name}.svg`;
export const blogCoverPath = (slug: string) => `/media/blog/${slug}.svg`;

/** Writes one file for a /media/ URL path, creating its folders. */
export function writeMedia(mediaDir: string, urlPath: string, content: string): void {
  if (!urlPath.startsWith('/media/')) throw new Error(`not a media path: ${urlPath}`);
  const file = join(mediaDir, ...urlPath.slice('/media/'.length).split('/'));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** How a stone of this product is drawn. */
export function stoneLook(gem: GemDef, color: ColorDef): { drawing: Drawing; color: ColorDef; eye: boolean } {
  return { drawing: gem.drawing, color, eye: gem.url === 'cats-eye' };
}
