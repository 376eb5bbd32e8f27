/**
 * Copies the media of a data folder into the bucket that MEDIA_STORE names, before its servers
 * start using the bucket (README: Media in an object store):
 *
 *   MEDIA_STORE=s3://bucket[/prefix] MEDIA_S3_…=… npm run media:copy [-- --data-dir ./data]
 *
 * DATA_DIR/media goes to the bucket's media/ folder, DATA_DIR/private (return photos) to its
 * private/ folder. Files the bucket already holds at the same size are skipped, so a second run
 * copies only what is new. Prints what it copied and what it skipped.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { copyMediaFolder } from '../src/lib/media-copy.ts';
import { MediaUnavailableError, s3Store } from '../src/lib/media-store.ts';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
let config;
try {
  // Only DATA_DIR and the media settings matter here: the server's secrets are not asked for.
  config = loadConfig({ ...process.env, NODE_ENV: 'development' });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
if (!config.media.s3) {
  console.error('MEDIA_STORE names no bucket: set MEDIA_STORE=s3://bucket[/prefix] and the MEDIA_S3_ settings (README: Media in an object store).');
  process.exit(1);
}
const dataDir = values['data-dir'] ? resolve(values['data-dir']) : config.dataDir;
const { bucket, prefix } = config.media.s3;
const store = s3Store(config.media.s3);
const started = performance.now();
try {
  const counts = await copyMediaFolder(dataDir, store);
  const mb = (counts.bytes / 1024 / 1024).toFixed(1);
  console.log(`media:copy ${dataDir} -> s3://${bucket}/${prefix}: ${counts.copied} files copied (${mb} MB), ${counts.skipped} already there, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  const why = err instanceof MediaUnavailableError ? (err.reason as Error | undefined) ?? err : err;
  console.error(`media:copy stopped: ${why instanceof Error ? `${why.name}: ${why.message}` : String(why)}. Files copied so far stay; run it again to copy the rest.`);
  process.exitCode = 1;
} finally {
  store.close();
}
