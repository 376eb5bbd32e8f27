/** 150x150 picture shown for a missing image. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';
/** Cover of a post that has none. */
export const DEFAULT_BLOG_COVER = '/default-blog-cover.svg';

/** A stored image reference as a URL: absolute URLs and rooted paths pass through, bare names live under /media. */
export function mediaUrl(ref: string | null | undefined, fallback = PLACEHOLDER_IMAGE): string {
  const value = ref?.trim();
  if (!value) return fallback;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('/') || value.startsWith('data:image/')) return value;
  return `/media/${value.replace(/^\.?\/*/, '')}`;
}

/** An absolute URL for Open Graph, which crawlers need. */
export function absoluteUrl(origin: string, ref: string): string {
  try {
    return new URL(ref, origin).toString();
  } catch {
    return ref;
  }
}
