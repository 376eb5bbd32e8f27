import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { createPglite, type DbHandle, items, migrationsFolder, openDatabase, pages, posts, productCategories, products, storeDomains, stores } from '../src/index.ts';
import { seedDemoIfEmpty } from '../src/seed/index.ts';
import { rattiBucket } from '../src/seed/catalogue.ts';
import { demoStones } from '../src/seed/demo.ts';

let pglite: PGlite;
let handle: DbHandle;
let mediaDir: string;
/** What the first start reported, step by step. */
const progress: string[] = [];

const mediaFile = (urlPath: string) => join(mediaDir, ...urlPath.replace(/^\/media\//, '').split('/'));

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'gemstore-seed-'));
  pglite = await createPglite();
  handle = await openDatabase({ pglite, onProgress: (line) => progress.push(line) });
  await seedDemoIfEmpty(handle.db, { mediaDir, onProgress: (line) => progress.push(line) });
});
afterAll(async () => {
  await handle?.close();
  await pglite?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('creates the two stores with their domains', async () => {
    const rows = await handle.db.select().from(stores).orderBy(stores.id);
    expect(rows.map((s) => [s.name, s.isFromIndia])).toEqual([['Ratna Gems', true], ['Atelier Gemstones', false]]);
    expect(rows[1]!.usdRate).toBe(0.015);
    expect(rows[0]!.configuration.slider).toHaveLength(3);
    expect(rows[0]!.configuration.banners).toHaveLength(3);
    const domains = await handle.db.select().from(storeDomains);
    const byDomain = Object.fromEntries(domains.map((d) => [d.domain, d.storeId]));
    expect(byDomain).toEqual({ localhost: rows[0]!.id, 'ratna.localhost': rows[0]!.id, '127.0.0.1': rows[0]!.id, 'atelier.localhost': rows[1]!.id });
    // Each store's own address (canonical links, the sitemap) is one of its domains.
    expect(domains.filter((d) => d.isPrimary).map((d) => d.domain).sort()).toEqual(['atelier.localhost', 'ratna.localhost']);
  });

  it('gives each store a root category, child categories and the nine products', async () => {
    for (const s of await handle.db.select({ id: stores.id }).from(stores)) {
      const roots = await handle.db.select().from(productCategories).where(and(eq(productCategories.storeId, s.id), isNull(productCategories.parentId)));
      expect(roots.map((r) => r.url)).toEqual(['gemstones']);
      const [{ n }] = await handle.db.select({ n: count() }).from(products).where(eq(products.storeId, s.id)) as [{ n: number }];
      expect(n).toBe(9);
    }
  });

  it('gives each gem the colours and origins that suit it, and every demo stone one of its gem\'s', async () => {
    const { rows } = await pglite.query<{ gem: string; colours: string[]; origins: string[] }>(`
      select p.url as gem,
        array(select c.color from product_colors pc join colors c on c.id = pc.color_id and c.store_id = pc.store_id
              where pc.product_id = p.id and pc.store_id = p.store_id order by c.sort_order) as colours,
        array(select o.origin from product_origins po join origins o on o.id = po.origin_id and o.store_id = po.store_id
              where po.product_id = p.id and po.store_id = p.store_id order by o.sort_order) as origins
      from products p join stores s on s.id = p.store_id where s.name = 'Ratna Gems' and p.url = 'ruby'`);
    expect(rows).toEqual([{
      gem: 'ruby', colours: ['Pigeon Blood Red', 'Pinkish Red'],
      origins: ['Ceylon (Sri Lanka)', 'Burma (Myanmar)', 'Thailand', 'Madagascar', 'Tanzania', 'Mozambique', 'India'],
    }]);
    const unsuited = await pglite.query(`
      select i.gin from items i
      where not exists (select 1 from product_colors pc where pc.store_id = i.store_id and pc.product_id = i.product_id and pc.color_id = i.color_id)
         or not exists (select 1 from product_origins po where po.store_id = i.store_id and po.product_id = i.product_id and po.origin_id = i.origin_id)`);
    expect(unsuited.rows).toEqual([]);
  });

  it('fills several hundred stones per store, the same friendly urls in both, some sold', async () => {
    const [ratna, atelier] = await handle.db.select({ id: stores.id }).from(stores).orderBy(stores.id);
    const list = (storeId: number) => handle.db.select({ id: items.id, url: items.url, status: items.status, image: items.image, cert: items.certificateImage })
      .from(items).where(eq(items.storeId, storeId)).orderBy(items.url);
    const a = await list(ratna!.id);
    const b = await list(atelier!.id);
    expect(a.length).toBeGreaterThanOrEqual(250);
    expect(b.map((x) => x.url)).toEqual(a.map((x) => x.url));
    expect(new Set([...a, ...b].map((x) => x.id)).size).toBe(a.length + b.length);
    const sold = a.filter((x) => x.status === 'sold').length;
    expect(sold).toBeGreaterThan(a.length * 0.04);
    expect(sold).toBeLessThan(a.length * 0.2);
    expect(a[0]!.url).toMatch(/^[a-z-]+-\d+-\d\d-ratti-[a-z]+-[a-z]{2}\d+$/);
    for (const x of [a[0]!, b[0]!]) {
      expect(existsSync(mediaFile(x.image))).toBe(true);
      expect(readFileSync(mediaFile(x.cert), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    expect(a[0]!.cert).not.toBe(b[0]!.cert);
  });

  it('writes the store pictures and gives every post either a cover file or none', async () => {
    for (const s of await handle.db.select().from(stores)) {
      for (const path of [s.logoPath, ...s.configuration.slider.map((x) => x.image), ...s.configuration.banners.map((x) => x.image)]) {
        expect(existsSync(mediaFile(path)), path).toBe(true);
      }
    }
    const covers = await handle.db.select({ cover: posts.coverPhotoUrl }).from(posts);
    expect(covers.length).toBeGreaterThanOrEqual(20);
    expect(covers.filter((c) => c.cover === null).length).toBe(4);
    for (const c of covers) if (c.cover) expect(existsSync(mediaFile(c.cover))).toBe(true);
    const placements = await handle.db.select({ placement: pages.placement, n: count() }).from(pages).groupBy(pages.placement);
    expect(Object.fromEntries(placements.map((p) => [p.placement, p.n]))).toEqual({ category: 10, policy: 8, know_us: 6, non_categorized: 4 });
  });

  it('reports each step of the first start with its counts', async () => {
    const migrations = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).length;
    const files = readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    const stones = async (name: string) => (await handle.db.select({ n: count() }).from(items)
      .innerJoin(stores, eq(stores.id, items.storeId)).where(eq(stores.name, name)))[0]!.n;
    expect(progress).toEqual([
      expect.stringMatching(new RegExp(`^migrations: ${migrations} of ${migrations} applied in \\d+ ms$`)),
      expect.stringMatching(new RegExp(`^demo pictures: ${files} files written to ${mediaDir} in [\\d.]+ m?s$`)),
      expect.stringMatching(new RegExp(`^seeding Ratna Gems \\(ratna.localhost, localhost, 127.0.0.1\\): ${await stones('Ratna Gems')} stones \\(\\d+ sold\\), 9 products, \\d+ posts, 14 pages in [\\d.]+ m?s$`)),
      expect.stringMatching(new RegExp(`^seeding Atelier Gemstones \\(atelier.localhost\\): ${await stones('Atelier Gemstones')} stones \\(\\d+ sold\\), 9 products, \\d+ posts, 14 pages in [\\d.]+ m?s$`)),
    ]);
  });

  it('reports the migrations up to date on the next start', async () => {
    const lines: string[] = [];
    const again = await openDatabase({ pglite, onProgress: (line) => lines.push(line) });
    await again.close();
    const migrations = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).length;
    expect(lines).toEqual([`migrations: up to date (${migrations})`]);
  });

  it('does nothing when a store exists', async () => {
    const before = await handle.db.select({ n: count() }).from(items);
    const lines: string[] = [];
    expect(await seedDemoIfEmpty(handle.db, { mediaDir, onProgress: (line) => lines.push(line) })).toBe(false);
    expect(lines).toEqual([]);
    const after = await handle.db.select({ n: count() }).from(items);
    expect(after).toEqual(before);
    expect(await handle.db.select({ n: count() }).from(stores)).toEqual([{ n: 2 }]);
  });
});

describe('stone generator', () => {
  it('is deterministic and gives unique gins and urls a path can carry', () => {
    const a = demoStones();
    expect(demoStones()).toEqual(a);
    expect(new Set(a.map((s) => s.gin)).size).toBe(a.length);
    expect(new Set(a.map((s) => s.url)).size).toBe(a.length);
    for (const s of a) {
      expect(s.url).toMatch(/^[a-z0-9][a-z0-9-]*$/);
      expect(s.ratti).toBeGreaterThanOrEqual(s.rattiStandard);
      expect(s.lengthMm).toBeGreaterThanOrEqual(s.widthMm);
      expect(s.pricePaise % 100).toBe(0);
    }
  });

  it("gives every stone one ratti figure: its name's, its url's, and the bucket it is filed under", () => {
    for (const s of demoStones()) {
      const figure = Math.round((s.weightMg * 100) / 182) / 100;
      expect(s.ratti).toBe(figure);
      expect(s.name.endsWith(` ${figure.toFixed(2)} Ratti`)).toBe(true);
      expect(s.url).toContain(`-${figure.toFixed(2).replace('.', '-')}-ratti-`);
      expect(s.rattiStandard).toBe(rattiBucket(figure));
      expect(s.rattiStandard).toBeLessThanOrEqual(figure);
    }
  });

  it('puts a weight in the largest standard ratti bucket at or below it', () => {
    expect(rattiBucket(5.3)).toBe(5.25);
    expect(rattiBucket(5.2)).toBe(4.25);
    expect(rattiBucket(22)).toBe(20.25);
    expect(rattiBucket(40)).toBe(30.25);
  });
});
