/**
 * The large-catalogue generator for load tests:
 *
 *   npm run seed:large -- --stones 1000000 [--database-url URL] [--data-dir DIR] [--domain bench.localhost] [--batch N]
 *
 * Creates (or reuses) an Indian store for the domain with the demo's categories, products and
 * attribute masters, then inserts N available stones with set-based SQL: each batch is one
 * INSERT … SELECT over generate_series, every attribute derived from a hash of the row number so
 * filters have realistic selectivity. Pictures are a handful of shared files (one per product and
 * colour, one specimen certificate), so no per-row files are written. Ends with VACUUM ANALYZE.
 */
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../client.ts';
import { items, storeDomains } from '../schema/index.ts';
import {
  CLARITIES, GEMS, GRADES, RATTI_STANDARDS, createCatalogue, loadCatalogue, originDef, shapeDef, type CatalogueIds,
} from './catalogue.ts';
import { writeCatalogueImages, writeStoreImages } from './images.ts';
import { genericCertificatePath, stoneImagePath } from './media.ts';
import { benchStore, createStore } from './stores.ts';

export interface LargeSeedOptions {
  stones: number;
  domain: string;
  mediaDir: string;
  batchSize: number;
  log?: (line: string) => void;
}

/** SQL literals for our own constants (names, paths, ids): quoted, never user input. */
const text = (s: string) => `'${s.replace(/'/g, "''")}'`;
const num = (n: number) => {
  if (!Number.isFinite(n)) throw new Error(`not a number: ${n}`);
  return String(n);
};
/** Every computed number is float8: numeric arithmetic (power() above all) is many times slower. */
const float = (n: number) => `${num(n)}::float8`;
const arr = (values: string[], type: string) => `ARRAY[${values.join(',')}]::${type}[]`;

/** Repeats each value by its relative weight so that picking a uniform index honours the weights. */
function expand<T>(entries: readonly (readonly [T, number])[], scale = 10): T[] {
  return entries.flatMap(([value, w]) => Array.from({ length: Math.max(1, Math.round(w * scale)) }, () => value));
}

function need<K, V>(map: Map<K, V>, key: K, what: string): V {
  const v = map.get(key);
  if (v === undefined) throw new Error(`missing ${what} ${String(key)}`);
  return v;
}

/** One row per product with everything the generator picks from, as a VALUES list. */
function gemsValues(ids: CatalogueIds): string {
  return GEMS.map((g, i) => {
    const colors = expand(g.colors);
    const origins = expand(g.origins.map((o) => [o, o[1]] as const));
    const shapes = expand(g.shapes).map(shapeDef);
    const clarities = expand(g.clarities).map((c) => CLARITIES.find((x) => x.value === c)!);
    const labs = expand(g.labs);
    return `(${[
      num(i + 1), num(need(ids.productIds, g.url, 'product')), text(g.url), text(g.name), text(g.ginPrefix),
      arr(colors.map((c) => num(need(ids.colorIds, c, 'colour'))), 'int'),
      arr(colors.map((c) => text(stoneImagePath(g.url, c))), 'text'),
      arr(origins.map(([o]) => num(need(ids.originIds, o, 'origin'))), 'int'),
      arr(origins.map(([o]) => text(originDef(o).slug)), 'text'),
      arr(origins.map(([o]) => text(o)), 'text'),
      arr(origins.map(([, , f]) => num(f)), 'float8'),
      arr(shapes.map((s) => num(need(ids.shapeIds, s.value, 'shape'))), 'int'),
      arr(shapes.map((s) => num(s.ratio)), 'float8'),
      arr(shapes.map((s) => num(g.drawing === 'pearl' ? 0.97 : s.depth)), 'float8'),
      arr(shapes.map((s) => num(g.drawing === 'pearl' ? 0.52 : s.fill)), 'float8'),
      arr(clarities.map((c) => num(need(ids.clarityIds, c.value, 'clarity'))), 'int'),
      arr(clarities.map((c) => num(c.priceFactor)), 'float8'),
      arr(labs.map(text), 'text'),
      float(Math.max(g.weightMg[0], Math.ceil(182 * 1.25) + 1)), float(g.weightMg[1]),
      float(g.perCaratRupees[0]), float(g.perCaratRupees[1]), float(g.sg),
    ].join(', ')})`;
  }).join(',\n    ');
}

const GEM_COLUMNS = 'idx, product_id, url, name, prefix, colors, images, origins, origin_slugs, origin_names, origin_factors, '
  + 'shapes, ratios, depths, fills, clarities, clarity_factors, labs, min_mg, max_mg, per_min, per_max, sg';

/**
 * The INSERT … SELECT for rows [from, to]. Uniform numbers come from hashint8 of the row number
 * with a different salt per attribute, so attributes are independent of each other.
 */
function batchStatement(storeId: number, rattiMg: number, ids: CatalogueIds, from: number, to: number): string {
  const picks = expand(GEMS.map((g, i) => [i + 1, g.share] as const), 1);
  const gradeIds = GRADES.map((g) => num(need(ids.gradeIds, g.value, 'grade')));
  const h = (salt: number) => `(hashint8(n * 16 + ${salt}) & 2147483647)`;
  const u = (salt: number) => `(${h(salt)} / 2147483648::float8)`;
  return `
with gems (${GEM_COLUMNS}) as (values
    ${gemsValues(ids)}
),
r as (
  select n, ${h(1)} as h_gem, ${h(2)} as h_color, ${h(3)} as h_origin, ${h(4)} as h_shape, ${h(5)} as h_clarity,
    ${h(6)} as h_grade, ${h(7)} as h_lab, ${h(8)} as h_report, ${u(9)} as u_weight, ${u(10)} as u_price
  from generate_series(${num(from)}::bigint, ${num(to)}::bigint) as n
),
s as (
  select r.*, g.*,
    1 + r.h_color % cardinality(g.colors) as ci,
    1 + r.h_origin % cardinality(g.origins) as oi,
    1 + r.h_shape % cardinality(g.shapes) as si,
    1 + r.h_clarity % cardinality(g.clarities) as cli,
    g.labs[1 + r.h_lab % cardinality(g.labs)] as lab,
    case when r.h_grade % 100 < ${GRADES[0].share} then 1 when r.h_grade % 100 < ${GRADES[0].share + GRADES[1].share} then 2 else 3 end as gi,
    round(g.min_mg + (g.max_mg - g.min_mg) * power(r.u_weight, 1.6::float8))::int as w,
    g.prefix || (1000000 + r.n)::text as gin
  from r join gems g on g.idx = (${arr(picks.map(num), 'int')})[1 + r.h_gem % ${picks.length}]
),
t as (
  select s.*,
    round(s.w * 100 / ${num(rattiMg)}::numeric) / 100 as ratti,
    s.w / 200::float8 as carats,
    cbrt((s.w / s.sg) / (s.ratios[s.si] * s.depths[s.si] * s.fills[s.si])) as len
  from s
),
v as (
  select t.*,
    case when t.ratti >= 30.25 then 30.25 when t.ratti >= 25.25 then 25.25 when t.ratti >= 20.25 then 20.25
      when t.ratti < 1.25 then 1.25 else floor(t.ratti - 0.25) + 0.25 end as bucket,
    case t.lab
      when 'GIA' then '2' || lpad((t.h_report % 1000000000)::text, 9, '0')
      when 'IGI' then '5' || lpad((t.h_report % 100000000)::text, 8, '0')
      when 'GRS' then 'GRS2024-' || lpad((t.h_report % 1000000)::text, 6, '0')
      when 'GII' then 'GII24' || lpad((t.h_report % 1000000)::text, 6, '0')
      else 'IIGJ/J/24/' || lpad((t.h_report % 100000)::text, 5, '0') end as report,
    greatest(100, round(
      (t.per_min + (t.per_max - t.per_min) * power(t.u_price, 1.4::float8)) * t.carats
      * (${arr(GRADES.map((g) => num(g.priceFactor)), 'float8')})[t.gi] * t.clarity_factors[t.cli] * t.origin_factors[t.oi]
      * (1 + least(t.carats, 20) * 0.05::float8) / 100) * 100) * 100 as price_paise
  from t
)
insert into items (store_id, product_id, gin, url, name, description, weight_mg, width_mm, length_mm, depth_mm,
  grade_id, color_id, clarity_id, shape_id, origin_id, ratti_id, price_paise, status, image,
  certificate_image, certificate_lab, certificate_number)
select ${num(storeId)}, v.product_id, v.gin,
  v.url || '-' || replace(to_char(v.ratti, 'FM990.00'), '.', '-') || '-ratti-' || v.origin_slugs[v.oi] || '-' || lower(v.gin),
  v.name || ' ' || to_char(v.ratti, 'FM990.00') || ' Ratti',
  'Natural ' || lower(v.name) || ' from ' || v.origin_names[v.oi] || ', ' || v.w || ' mg (' || to_char(v.carats, 'FM990.00')
    || ' ct). Certified by ' || v.lab || ', report ' || v.report || '.',
  v.w,
  round((v.len * v.ratios[v.si])::numeric, 2)::float8,
  round(v.len::numeric, 2)::float8,
  round((v.len * v.ratios[v.si] * v.depths[v.si])::numeric, 2)::float8,
  (${arr(gradeIds, 'int')})[v.gi], v.colors[v.ci], v.clarities[v.cli], v.shapes[v.si], v.origins[v.oi], rt.id,
  v.price_paise::bigint, 'available', v.images[v.ci], ${text(genericCertificatePath)}, v.lab, v.report
from v join rattis rt on rt.store_id = ${num(storeId)} and rt.rati_standard = v.bucket`;
}

async function findOrCreateStore(db: Database, domain: string, log: (s: string) => void): Promise<{ storeId: number; ids: CatalogueIds }> {
  const [existing] = await db.select({ storeId: storeDomains.storeId }).from(storeDomains).where(eq(storeDomains.domain, domain)).limit(1);
  if (existing) {
    const ids = await loadCatalogue(db, existing.storeId) ?? await createCatalogue(db, existing.storeId);
    log(`Reusing store ${existing.storeId} for ${domain}.`);
    return { storeId: existing.storeId, ids };
  }
  return db.transaction(async (tx) => {
    const storeId = await createStore(tx, benchStore(domain));
    const ids = await createCatalogue(tx, storeId);
    log(`Created store ${storeId} for ${domain}.`);
    return { storeId, ids };
  });
}

export async function seedLarge(db: Database, o: LargeSeedOptions): Promise<{ storeId: number; inserted: number }> {
  const log = o.log ?? (() => {});
  writeCatalogueImages(o.mediaDir);
  writeStoreImages(o.mediaDir, benchStore(o.domain));
  const { storeId, ids } = await findOrCreateStore(db, o.domain, log);
  if (RATTI_STANDARDS.some((r) => !ids.rattiIds.has(r))) throw new Error('the store lacks standard ratti buckets');

  // Row numbers start above every item id so far: gins (prefix + 1000000 + n) never repeat a previous run's.
  const [top] = await db.select({ maxId: sql<number>`coalesce(max(${items.id}), 0)::int` }).from(items);
  const first = (top?.maxId ?? 0) + 1;
  const started = Date.now();
  for (let done = 0; done < o.stones;) {
    const size = Math.min(o.batchSize, o.stones - done);
    await db.execute(sql.raw(batchStatement(storeId, 182, ids, first + done, first + done + size - 1)));
    done += size;
    const secs = (Date.now() - started) / 1000;
    log(`  ${done.toLocaleString('en-US')} / ${o.stones.toLocaleString('en-US')} stones (${secs.toFixed(1)} s, ${Math.round(done / secs).toLocaleString('en-US')}/s)`);
  }
  log('VACUUM ANALYZE …');
  await db.execute(sql.raw('vacuum (analyze) items'));
  await db.execute(sql.raw('analyze'));
  return { storeId, inserted: o.stones };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stones: { type: 'string', default: '1000000' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string', default: './data' },
      domain: { type: 'string', default: 'bench.localhost' },
      batch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log('Usage: npm run seed:large -- --stones 1000000 [--database-url URL] [--data-dir DIR] [--domain bench.localhost] [--batch N]');
    return;
  }
  const stones = Number(values.stones);
  if (!Number.isSafeInteger(stones) || stones < 1) throw new Error(`--stones must be a positive whole number, not '${values.stones}'`);
  const domain = values.domain.trim().toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(domain)) throw new Error(`--domain '${values.domain}' is not a hostname`);
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const dataDir = resolve(values['data-dir']);
  const batchSize = values.batch ? Number(values.batch) : databaseUrl ? 100_000 : 25_000;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new Error('--batch must be a positive whole number');

  const t0 = Date.now();
  const where = databaseUrl ? `PostgreSQL (${new URL(databaseUrl).host}${new URL(databaseUrl).pathname})` : `PGlite at ${join(dataDir, 'pglite')}`;
  console.log(`Seeding ${stones.toLocaleString('en-US')} stones for ${domain} into ${where} …`);
  const handle = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { pgliteDir: join(dataDir, 'pglite') });
  try {
    const { storeId } = await seedLarge(handle.db, { stones, domain, mediaDir: join(dataDir, 'media'), batchSize, log: (s) => console.log(s) });
    const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(items).where(eq(items.storeId, storeId));
    console.log(`Done in ${((Date.now() - t0) / 1000).toFixed(1)} s: store ${storeId} (${domain}) now has ${row?.n.toLocaleString('en-US')} stones.`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
