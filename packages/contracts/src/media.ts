import { z } from 'zod';
import type { Photo as PhotoFiles } from './pictures.ts';

// The pictures' names, sizes and addresses, zod-free for the browser: pictures.ts.
export {
  MAX_STONE_PHOTOS, MAX_UPLOAD_IMAGE_BYTES, MEDIA_PATH, PHOTO_JPEG_WIDTH, PHOTO_WIDTHS, normalisePictureRef, parsePhotoName,
  photoOf, photoWidths, pictureSrc, publicMediaUrl, type PhotoName,
} from './pictures.ts';

/** A picture's files (pictures.ts describes them). */
export const Photo = z.object({
  /** The name staff send back in a stone's `photos`. */
  name: z.string(),
  /** A middle size, for browsers that ignore srcset. */
  src: z.string(),
  srcset: z.string(),
  /** A JPEG copy (Open Graph and other sites that do not read WebP). */
  jpeg: z.string(),
  width: z.number(),
  height: z.number(),
}) satisfies z.ZodType<PhotoFiles>;
export type Photo = z.infer<typeof Photo>;

export const MediaUploadResponse = z.object({ photo: Photo });
export type MediaUploadResponse = z.infer<typeof MediaUploadResponse>;
