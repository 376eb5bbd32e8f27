import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaConfig, S3MediaConfig } from '../config.ts';
import { AppError } from './errors.ts';

/**
 * Every file the shop stores lives under one of two folders of the store:
 * - `media/…`: public, what /media/… serves (catalogue pictures and their sizes, logos, covers, slides);
 * - `private/…`: never public (return photos, `private/returns/<name>`), read only through signed links.
 * On the local disk they are DATA_DIR/media and DATA_DIR/private; in a bucket, keys under its prefix.
 */
export const PUBLIC_PREFIX = 'media/';
export const PRIVATE_PREFIX = 'private/';

/** The store cannot be reached (or refused the call): 503 with a retry-after, whatever the call. */
export class MediaUnavailableError extends AppError {
  constructor(readonly reason?: unknown, readonly retryAfterSeconds = 5) {
    super('The shop cannot reach its picture store just now. Please try again in a moment.', 'media_unavailable');
  }
}

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
  /** A strong entity tag of the content, quoted. */
  etag?: string;
  lastModified?: Date;
}

export interface PutOptions {
  contentType?: string;
  cacheControl?: string;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Writes a whole file; a reader sees the old file or the new one, never half of one. */
  put(key: string, data: Buffer, options?: PutOptions): Promise<void>;
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The whole file, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the file; nothing when there is none. */
  delete(key: string): Promise<void>;
  /** The folder of the local disk that holds `media/` (served by @fastify/static); null for a bucket. */
  readonly publicDir: string | null;
  close(): void;
}

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml', webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif',
  avif: 'image/avif', ico: 'image/x-icon', pdf: 'application/pdf',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Uploaded pictures are named by their content (modules/media): a name never shows anything else. */
export function publicCacheControl(key: string): string {
  return /^(media\/)?stores\/\d+\/img\//.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
}

/** A key the code made: relative, no empty, `.` or `..` segment, no backslash or NUL. */
function checkKey(key: string): string {
  if (!key || key.startsWith('/') || /[\\\0]/.test(key) || key.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`not a media key: ${JSON.stringify(key)}`);
  }
  return key;
}

export function createMediaStore(config: MediaConfig, dataDir: string): MediaStore {
  return config.s3 ? s3Store(config.s3) : localStore(dataDir);
}

/** DATA_DIR itself: `media/a.svg` is DATA_DIR/media/a.svg. */
export function localStore(root: string): MediaStore {
  const base = resolve(root);
  const fileOf = (key: string) => {
    const file = resolve(base, checkKey(key));
    if (!file.startsWith(base + sep)) throw new Error(`not a media key: ${key}`);
    return file;
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';
  return {
    kind: 'local',
    publicDir: join(base, 'media'),
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written under a name of its own and renamed: a reader never sees half a file.
      const part = `${file}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(part, data);
      await rename(part, file).catch(async (err: unknown) => {
        await unlink(part).catch(() => {});
        throw err;
      });
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await open(file, 'r');
        const info = await handle.stat().catch(async (err: unknown) => {
          await handle.close();
          throw err;
        });
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), size: info.size, contentType: contentTypeOf(key), lastModified: info.mtime };
      } catch (err) {
        if (missing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
    },
    async read(key) {
      const found = await this.get(key);
      return found ? bufferOf(found.body) : null;
    },
    async size(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? info.size : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((err: unknown) => {
        if (!missing(err)) throw err;
      });
    },
    close() {},
  };
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether the store answered that the object is not there (rather than failing). */
function notFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
}

/** Any S3-compatible store (AWS S3, Cloudflare R2, MinIO) through the AWS SDK. */
export function s3Store(config: S3MediaConfig): MediaStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: other S3-compatible stores do not all take the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs },
  });
  const Bucket = config.bucket;
  const Key = (key: string) => config.prefix + checkKey(key);
  /**
   * One call, bounded in time (retries included); a store that does not answer is 503. The limit
   * ends when the call returns: a file's body then streams at the pace of whoever reads it.
   */
  async function send<T>(call: (signal: AbortSignal) => Promise<T>, allowMissing: true): Promise<T | null>;
  async function send<T>(call: (signal: AbortSignal) => Promise<T>, allowMissing?: false): Promise<T>;
  async function send<T>(call: (signal: AbortSignal) => Promise<T>, allowMissing = false): Promise<T | null> {
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(), config.timeoutMs);
    try {
      return await call(limit.signal);
    } catch (err) {
      if (allowMissing && notFound(err)) return null;
      throw new MediaUnavailableError(err);
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    kind: 's3',
    publicDir: null,
    async put(key, data, options = {}) {
      await send((abortSignal) => client.send(new PutObjectCommand({
        Bucket, Key: Key(key), Body: data, ContentLength: data.length,
        ContentType: options.contentType ?? contentTypeOf(key), CacheControl: options.cacheControl,
      }), { abortSignal }));
    },
    async get(key) {
      const found = await send((abortSignal) => client.send(new GetObjectCommand({ Bucket, Key: Key(key) }), { abortSignal }), true);
      if (!found?.Body) return null;
      return {
        body: found.Body as Readable,
        size: found.ContentLength ?? 0,
        contentType: found.ContentType ?? contentTypeOf(key),
        etag: found.ETag,
        lastModified: found.LastModified,
      };
    },
    async read(key) {
      // Read whole within the same time limit as the call.
      return send(async (abortSignal) => {
        try {
          const found = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }), { abortSignal });
          return found.Body ? Buffer.from(await found.Body.transformToByteArray()) : null;
        } catch (err) {
          if (notFound(err)) return null;
          throw err;
        }
      });
    },
    async size(key) {
      const found = await send((abortSignal) => client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }), { abortSignal }), true);
      return found ? found.ContentLength ?? 0 : null;
    },
    async delete(key) {
      await send((abortSignal) => client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }), { abortSignal }));
    },
    close() {
      client.destroy();
    },
  };
}
