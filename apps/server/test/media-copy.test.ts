import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from './helper.ts';
import { startTestBucket, type TestBucket } from './s3.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SCRIPT = join(ROOT, 'apps/server/scripts/media-copy.ts');

const PICTURE = 'stores/7/img/0123456789abcdef01234567_10x10-400.webp';
const PRIVATE_PHOTO = `${'b'.repeat(32)}.jpg`;
const LEGACY_PHOTO = `${'c'.repeat(32)}.png`;

let s3: TestBucket;
let dataDir: string;

function write(rel: string, content: string | Buffer) {
  const file = join(dataDir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** `npm run media:copy` as an operator runs it: its own process, settings from the environment. */
async function mediaCopy(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(TSX, [SCRIPT], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, ...env }, timeout: 120_000 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

beforeAll(async () => {
  s3 = await startTestBucket();
  dataDir = mkdtempSync(join(tmpdir(), 'gemstore-copy-'));
  write('media/catalog/ruby.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(`media/${PICTURE}`, Buffer.from([1, 2, 3, 4, 5]));
  write(`private/returns/${PRIVATE_PHOTO}`, Buffer.from([9, 9, 9]));
  // A return photo still in the old public folder, a dot file and a write that never finished.
  write(`media/returns/${LEGACY_PHOTO}`, Buffer.from([7, 7]));
  write('media/.DS_Store', 'x');
  write('media/catalog/emerald.svg.3f2a.part', 'half');
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run media:copy', () => {
  it('copies a data folder into the bucket once: a second run skips what is there at the same size', async () => {
    const first = await mediaCopy(s3.env('live'));
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/: 4 files copied \(0\.0 MB\), 0 already there, in [\d.]+ s/);
    expect(await s3.keys()).toEqual([
      'live/media/catalog/ruby.svg', `live/media/${PICTURE}`, `live/private/returns/${PRIVATE_PHOTO}`, `live/private/returns/${LEGACY_PHOTO}`,
    ]);
    expect(await s3.head('live/media/catalog/ruby.svg')).toMatchObject({ contentType: 'image/svg+xml', cacheControl: 'public, max-age=86400' });
    expect(await s3.head(`live/media/${PICTURE}`)).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect(await s3.head(`live/private/returns/${PRIVATE_PHOTO}`)).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'private, no-store' });
    expect((await s3.read(`live/private/returns/${LEGACY_PHOTO}`))?.equals(Buffer.from([7, 7]))).toBe(true);

    const second = await mediaCopy(s3.env('live'));
    expect(second.code, second.out).toBe(0);
    expect(second.out).toMatch(/: 0 files copied \(0\.0 MB\), 4 already there/);

    // A changed file (another size) and a new one are copied; the rest is skipped.
    write('media/catalog/ruby.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10"/>');
    write('media/blog/cover.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="20"/>');
    const third = await mediaCopy(s3.env('live'));
    expect(third.out).toMatch(/: 2 files copied \(0\.0 MB\), 3 already there/);
    expect(await s3.keys('live/')).toHaveLength(5);

    // A server with a data folder of its own (another machine) serves what was copied.
    const elsewhere = await buildTestApp(s3.env('live'));
    try {
      const res = await elsewhere.app.inject({ url: '/media/catalog/ruby.svg' });
      expect([res.statusCode, res.body]).toEqual([200, '<svg xmlns="http://www.w3.org/2000/svg" width="10"/>']);
      expect((await elsewhere.app.inject({ url: `/media/returns/${LEGACY_PHOTO}` })).statusCode).toBe(404);
    } finally {
      await elsewhere.close();
    }
  });

  it('says what is wrong when no bucket is named or the bucket cannot be reached', async () => {
    const none = await mediaCopy({ MEDIA_STORE: '' });
    expect(none.code).toBe(1);
    expect(none.out).toContain('MEDIA_STORE names no bucket');
    const down = await mediaCopy({ ...s3.env('live'), MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9', MEDIA_S3_TIMEOUT_MS: '2000' });
    expect(down.code).toBe(1);
    expect(down.out).toContain('media:copy stopped');
  });
});
