import { createHash } from 'node:crypto';
import { PHOTO_JPEG_WIDTH, parsePhotoName, photoOf, photoWidths, type Photo } from '@gemstore/contracts';
import type { RequestContext } from '../../lib/context.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { ValidationError } from '../../lib/errors.ts';
import { imageVariants, sniffImage } from '../../lib/images.ts';
import { type MediaStore, PUBLIC_PREFIX, publicCacheControl } from '../../lib/media-store.ts';

export interface MediaDeps {
  /** Where every stored file lives (lib/media-store.ts): public pictures under `media/`. */
  store: MediaStore;
  /** What a public file's /media/ path becomes in answers (`/media/` or the CDN's base). */
  publicBase: string;
  audit: AuditService;
}

/**
 * Pictures staff upload for the catalogue and content. Each is decoded and re-encoded (nothing the
 * file carried besides the picture survives) into the sizes the storefront picks from, under a name
 * made of the store, a hash of the content and the size: the same picture uploaded twice is one
 * picture, and a name never changes what it shows.
 */
export function createMediaService({ store, publicBase, audit }: MediaDeps) {
  const keyOf = (name: string, suffix: string) => `${PUBLIC_PREFIX}${name}${suffix}`;

  /** Whether `name` is a picture of this store that was uploaded (all its files are there). */
  async function has(ctx: RequestContext, name: string): Promise<boolean> {
    const parsed = parsePhotoName(name);
    if (!parsed || parsed.storeId !== ctx.store.id) return false;
    const suffixes = [...photoWidths(parsed.width).map((w) => `-${w}.webp`), '.jpg'];
    const sizes = await Promise.all(suffixes.map((s) => store.size(keyOf(name, s))));
    return sizes.every((size) => size !== null);
  }

  return {
    has,
    /** The store itself: /media/ and the Open Graph pictures read public files from it. */
    store,
    publicBase,

    async upload(ctx: RequestContext, data: Buffer): Promise<Photo> {
      if (!sniffImage(data)) throw ValidationError.field('file', 'Upload a JPEG, PNG or WebP picture.');
      let variants;
      try {
        variants = await imageVariants(data, photoWidths, PHOTO_JPEG_WIDTH);
      } catch {
        throw ValidationError.field('file', 'This picture could not be read: it may be damaged or too large (at most 50 megapixels).');
      }
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 24);
      const name = `stores/${ctx.store.id}/img/${hash}_${variants.width}x${variants.height}`;
      // Nothing in the database names the picture yet: files left by a failed upload are only
      // found again by the same picture's next upload, which writes them whole.
      await Promise.all(variants.files.map((f) => store.put(keyOf(name, f.suffix), f.data, { cacheControl: publicCacheControl(keyOf(name, f.suffix)) })));
      // The files are written first: an entry names only a picture that is there (the same picture again is recorded again, as a second upload).
      await audit.record(ctx, {
        action: 'media.upload', objectType: 'picture', objectId: name,
        changes: { size: { old: null, new: `${variants.width}x${variants.height}` }, bytes: { old: null, new: data.length } },
      });
      return photoOf(name, publicBase)!;
    },

    /**
     * The pictures a form names: an uploaded picture (a name) must be this store's and be there;
     * a site path or an https address passes as given. A 422 names every field that fails.
     */
    async checkPictures(ctx: RequestContext, refs: [field: string, ref: string][]): Promise<void> {
      const errors: Record<string, string[]> = {};
      await Promise.all(refs.map(async ([field, ref]) => {
        if (ref && parsePhotoName(ref) && !(await has(ctx, ref))) errors[field] = ['This picture was not uploaded to this store: upload it again.'];
      }));
      if (Object.keys(errors).length) throw new ValidationError(errors);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
