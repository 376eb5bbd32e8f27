import { createHmac, timingSafeEqual } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrivateMediaConfig } from '../../config.ts';
import { PRIVATE_PREFIX } from '../../lib/media-store.ts';

/** Where a signed photo link points (GET, tenant from the Host header like any /api call). */
export const RETURN_PHOTO_PATH = '/api/return-request-photo';

/** Names the upload step gives files: 128 random bits in hex and the picture's own extension. */
const PHOTO_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export const PHOTO_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export function returnPhotoDir(cfg: PrivateMediaConfig): string {
  return join(cfg.dir, 'returns');
}

/** The photo's key in the media store: the private folder, which /media never serves. */
export function returnPhotoKey(name: string): string {
  return `${PRIVATE_PREFIX}returns/${name}`;
}

/**
 * The file name behind a photo row: new rows hold the name, rows written before photos became
 * private hold "/media/returns/<name>". Null for anything that is not a name the upload step made.
 */
export function photoFileName(storedPath: string): string | null {
  const name = storedPath.slice(storedPath.lastIndexOf('/') + 1);
  return PHOTO_NAME.test(name) ? name : null;
}

function signature(cfg: PrivateMediaConfig, storeId: number, imageId: number, expires: number): Buffer {
  return createHmac('sha256', cfg.secret).update(`return-photo\n${storeId}\n${imageId}\n${expires}`).digest();
}

/**
 * A link to one return photo that works for `urlSeconds` at most, only on the store that owns it.
 * The expiry is rounded to a quarter of that lifetime, so the same photo keeps the same link for a
 * while and the browser can reuse its private copy instead of fetching it on every order refresh.
 */
export function signReturnPhotoUrl(cfg: PrivateMediaConfig, storeId: number, imageId: number, now = Date.now()): string {
  const step = Math.max(1, Math.floor(cfg.urlSeconds / 4));
  const expires = (Math.floor((now / 1000 + cfg.urlSeconds - step) / step) + 1) * step;
  const sig = signature(cfg, storeId, imageId, expires).toString('base64url');
  return `${RETURN_PHOTO_PATH}/${imageId}?expires=${expires}&signature=${sig}`;
}

export type PhotoLinkCheck = { ok: true; secondsLeft: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a link's signature (constant time) and then its expiry. */
export function checkReturnPhotoLink(
  cfg: PrivateMediaConfig, storeId: number, imageId: number, expires: string | undefined, sig: string | undefined, now = Date.now(),
): PhotoLinkCheck {
  if (!expires || !/^\d{1,12}$/.test(expires) || !sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return { ok: false, reason: 'invalid' };
  // The text is compared, not the decoded bytes: base64url's last character carries two unused bits,
  // so four spellings decode to the same bytes, and only the one the server wrote is a valid link.
  const given = Buffer.from(sig);
  const expected = Buffer.from(signature(cfg, storeId, imageId, Number(expires)).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const secondsLeft = Number(expires) - Math.floor(now / 1000);
  return secondsLeft > 0 ? { ok: true, secondsLeft } : { ok: false, reason: 'expired' };
}

/**
 * Return photos used to be written under DATA_DIR/media/returns, which /media serves to anyone.
 * At start they move to the private folder (a rename; a copy where the folders are on different
 * file systems), so older returns keep their photos behind signed links.
 */
export async function moveLegacyReturnPhotos(mediaDir: string, cfg: PrivateMediaConfig): Promise<number> {
  const legacyDir = join(mediaDir, 'returns');
  let names: string[];
  try {
    names = await readdir(legacyDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const target = returnPhotoDir(cfg);
  await mkdir(target, { recursive: true });
  let moved = 0;
  for (const name of names.filter((n) => PHOTO_NAME.test(n))) {
    const from = join(legacyDir, name);
    const to = join(target, name);
    try {
      await rename(from, to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Another process started at the same time and moved it already.
      if (code === 'ENOENT') continue;
      if (code !== 'EXDEV') throw err;
      await copyFile(from, to);
      await unlink(from);
    }
    moved++;
  }
  // Left in place if anything else is in it.
  await rmdir(legacyDir).catch(() => {});
  return moved;
}
