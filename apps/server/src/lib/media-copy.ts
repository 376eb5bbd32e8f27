import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOf, type MediaStore, PRIVATE_PREFIX, PUBLIC_PREFIX, publicCacheControl } from './media-store.ts';

export interface MediaCopyCounts {
  /** Files written to the store. */
  copied: number;
  /** Files the store already held at the same size. */
  skipped: number;
  /** Bytes written. */
  bytes: number;
}

/** Files copied at once: enough to hide the store's round trips, few enough for a small machine. */
const AT_ONCE = 8;

/** Return photos of the old public folder: 128 random bits in hex and the picture's extension. */
const LEGACY_RETURN_PHOTO = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** Every file under `dir`, as paths relative to it with forward slashes; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1).split(/[\\/]/).join('/'))
    // Dot files and the half-written files of an interrupted write are not media.
    .filter((rel) => !rel.split('/').some((s) => s.startsWith('.')) && !rel.endsWith('.part'))
    .sort();
}

/**
 * Copies a data folder's media into `store`: DATA_DIR/media to `media/`, DATA_DIR/private to
 * `private/`, and return photos still in the old public folder (DATA_DIR/media/returns) to
 * `private/returns/`, never to `media/`. A file the store already holds at the same size is
 * skipped, so running it again copies only what is new or changed (names of uploaded pictures
 * carry a hash of their content; a seeded picture is the same file on every start).
 */
export async function copyMediaFolder(
  dataDir: string, store: MediaStore, onFile?: (key: string, copied: boolean) => void,
): Promise<MediaCopyCounts> {
  const publicDir = join(dataDir, 'media');
  const privateDir = join(dataDir, 'private');
  const jobs: { file: string; key: string; cacheControl: string }[] = [];
  for (const rel of await filesUnder(publicDir)) {
    const legacy = /^returns\/([^/]+)$/i.exec(rel);
    if (legacy) {
      if (LEGACY_RETURN_PHOTO.test(legacy[1]!)) jobs.push({ file: join(publicDir, rel), key: `${PRIVATE_PREFIX}returns/${legacy[1]}`, cacheControl: 'private, no-store' });
      continue;
    }
    if (/^returns\//i.test(rel)) continue;
    jobs.push({ file: join(publicDir, rel), key: `${PUBLIC_PREFIX}${rel}`, cacheControl: publicCacheControl(rel) });
  }
  for (const rel of await filesUnder(privateDir)) {
    jobs.push({ file: join(privateDir, rel), key: `${PRIVATE_PREFIX}${rel}`, cacheControl: 'private, no-store' });
  }

  const counts: MediaCopyCounts = { copied: 0, skipped: 0, bytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const [{ size }, held] = await Promise.all([stat(job.file), store.size(job.key)]);
      if (held === size) {
        counts.skipped++;
        onFile?.(job.key, false);
        continue;
      }
      const data = await readFile(job.file);
      await store.put(job.key, data, { contentType: contentTypeOf(job.key), cacheControl: job.cacheControl });
      counts.copied++;
      counts.bytes += data.length;
      onFile?.(job.key, true);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, jobs.length) }, worker));
  return counts;
}
