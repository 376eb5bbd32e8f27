import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in key pair: it checks signatures against it. */
const ACCESS_KEY = 'S3RVER';

export interface TestBucket {
  /** http://127.0.0.1:<port>: the S3 endpoint (path-style addresses). */
  endpoint: string;
  port: number;
  bucket: string;
  /** The settings that point a server at this bucket (under `prefix`, when given). */
  env(prefix?: string): Record<string, string>;
  /** An object's bytes straight from the bucket (not through the app); null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** An object's stored content type and cache header. */
  head(key: string): Promise<{ contentType?: string; cacheControl?: string; size?: number } | null>;
  /** Every key under a prefix. */
  keys(prefix?: string): Promise<string[]>;
  /** Stops answering (connections refused) until start(). */
  stop(): Promise<void>;
  /** Answers again on the same port, with the objects it held. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fake S3 (s3rver) on loopback, on a free port, holding one bucket in a folder of its own. The
 * same settings reach any S3-compatible store: MEDIA_STORE, MEDIA_S3_ENDPOINT and path-style.
 */
export async function startTestBucket(bucket = 'gemstore-media'): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'gemstore-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const run = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
    port = (await server.run()).port;
  };
  await run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const missing = (err: unknown) => err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;
  return {
    endpoint,
    port,
    bucket,
    env: (prefix) => ({
      MEDIA_STORE: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_TIMEOUT_MS: '5000',
    }),
    async read(key) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await found.Body!.transformToByteArray());
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const found = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { contentType: found.ContentType, cacheControl: found.CacheControl, size: found.ContentLength };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      if (!server) await run();
    },
    async close() {
      await server?.close();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
