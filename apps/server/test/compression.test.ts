import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

/*
 * Compressed answers (plugins/compression.ts) and the built assets' pre-compressed copies
 * (plugins/web.ts). The web app's server build is a stand-in here (the server suite runs before the
 * web build); the rendered pages' compression is checked on the real build in tests/e2e/seo.test.ts.
 */

let t: TestApp;
let buildDir: string;
/** A built script as the web build leaves it: a hashed name, with .br and .gz copies beside it. */
const script = `export const stones = [${Array.from({ length: 400 }, (_, i) => `"stone-${i}"`).join(',')}];\n`;

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'gemstore-web-stand-in-'));
  mkdirSync(join(buildDir, 'server'));
  mkdirSync(join(buildDir, 'client', 'assets'), { recursive: true });
  writeFileSync(join(buildDir, 'server', 'index.js'), 'export default {};\n');
  const asset = join(buildDir, 'client', 'assets', 'catalog-Bx12Ab9z.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  t = await buildTestApp({ WEB_BUILD_DIR: buildDir }, { web: true });
  mkdirSync(t.config.mediaDir, { recursive: true });
  // A photograph's worth of noise: PNG is compressed already, so no encoding is added to it.
  const noise = randomBytes(64 * 64 * 3);
  writeFileSync(join(t.config.mediaDir, 'stone.png'), await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer());
  const circles = Array.from({ length: 60 }, (_, i) => `<circle cx="${i}" cy="${i}" r="${i + 1}" fill="#a03"/>`).join('');
  writeFileSync(join(t.config.mediaDir, 'stone.svg'), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${circles}</svg>`);
});
afterAll(async () => {
  await t?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

const decode: Record<string, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

describe('compressed answers', () => {
  it.each(['br', 'gzip'])('sends JSON as %s when the client accepts it, with Vary', async (encoding) => {
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': `${encoding}, identity;q=0.5` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const body = decode[encoding]!(res.rawPayload);
    expect(JSON.parse(body.toString())).toEqual(plain.json());
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('sends brotli at quality 5: smaller than quality 4, which it used at first (decision 0036)', async () => {
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    const atQuality = (quality: number) => brotliCompressSync(plain.rawPayload, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: quality },
    }).length;
    expect(res.rawPayload.length).toBeLessThan(atQuality(4));
    expect(Math.abs(res.rawPayload.length - atQuality(5))).toBeLessThan(64);
  });

  it('prefers brotli when both are accepted', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('leaves small bodies alone', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses SVG pictures but leaves compressed images alone', async () => {
    const png = await t.app.inject({ url: '/media/stone.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.length).toBeGreaterThan(1024);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    const svg = await t.app.inject({ url: '/media/stone.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(svg.rawPayload).toString()).toMatch(/^<svg /);
  });

  it('never inflates a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/login', payload: gzipSync(JSON.stringify({ phone: 'demo@gemstore.test' })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', domain: 'nowhere.test' },
    });
    expect(res.statusCode).not.toBe(200);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('built assets', () => {
  it.each(['br', 'gzip'])('are sent from their pre-compressed %s copy, cached for a year', async (encoding) => {
    const res = await t.app.inject({ url: '/assets/catalog-Bx12Ab9z.js', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode[encoding]!(res.rawPayload).toString()).toBe(script);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ url: '/assets/catalog-Bx12Ab9z.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
