import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '@gemstore/contracts/constants';
import { STONE_CSV_COLUMNS } from '@gemstore/contracts';
import { auditLog, importJobs, items } from '@gemstore/db';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import { type Catalog, createCatalog, createStore } from './factories.ts';
import { createStaff, staffSignIn } from './staff-fixtures.ts';
import { clientFor, type QueryOf, refusal, statusOf, type TestClient } from './client.ts';
import { shopWorld, type ShopWorld } from './world.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Row = Partial<Record<(typeof STONE_CSV_COLUMNS)[number], string | number>>;

describe('stone import and export', () => {
  let t: TestApp;
  let world: ShopWorld;
  let catA: Catalog;
  let owner: TestClient;
  let manager: TestClient;
  let assistant: TestClient;

  const row = (sku: string, over: Row = {}): Row => ({
    sku, product: 'Blue Sapphire', weight_mg: 1100, width_mm: 8, length_mm: 10, depth_mm: 4.5,
    grade: 'AAA', color: 'Royal Blue', clarity: 'VVS', shape: 'Oval', origin: 'Sri Lanka',
    certificate_lab: 'GIA', certificate_number: `N-${sku}`, price: 45500.5, description: 'A clean stone.', ...over,
  });
  const csvOf = (rows: Row[], columns: readonly string[] = STONE_CSV_COLUMNS) => stringify(rows, { header: true, columns: [...columns] });

  /** The file as the import form sends it: the CSV as `file`, and `dry_run` when asked. */
  function importForm(csv: string, dryRun: boolean) {
    const form = new FormData();
    if (dryRun) form.append('dry_run', 'true');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'stones.csv');
    return form;
  }
  /** The report of a dry run of the file. */
  async function dryRun(by: TestClient, csv: string) {
    const res = await by.adminImportUpload({ form: importForm(csv, true) });
    if (!res.dry_run) throw new Error('A dry run queued a job.');
    return res;
  }
  /** The file queued for import: its job, not yet run. */
  async function queue(by: TestClient, csv: string) {
    const res = await by.adminImportUpload({ form: importForm(csv, false) });
    if (res.dry_run) throw new Error('An import answered as a dry run.');
    return res.job;
  }
  /** Queues the file and runs the job to its end, as a runner would. */
  async function importNow(by: TestClient, csv: string) {
    const { id } = await queue(by, csv);
    expect(await t.app.flows.imports.runNext({ log: t.app.log })).toBe('done');
    return (await by.adminImportJob({ params: { id } })).job;
  }
  /** The stone list as CSV; the attribute filters (typed as required lists) left empty, so none is sent. */
  const exportCsv = (by: TestClient, query: Partial<QueryOf<'adminStonesExport'>> = {}) =>
    by.adminStonesExport({ query: { grades: [], colors: [], clarities: [], shapes: [], origins: [], ...query } });
  const records = (csv: string) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];
  const stonesOf = (storeId: number) => t.db.select().from(items).where(eq(items.storeId, storeId)).orderBy(items.gin);
  const stone = async (storeId: number, gin: string) =>
    (await t.db.select().from(items).where(and(eq(items.storeId, storeId), eq(items.gin, gin))))[0];
  let a: { id: number };
  let b: { id: number };

  beforeAll(async () => {
    // Two rows per batch: every file below spans several batches.
    t = await buildTestApp({ IMPORT_BATCH_ROWS: '2' });
    world = await shopWorld(t);
    a = world.shop.store;
    b = world.other.store;
    catA = world.shop.catalog;
    ({ owner, manager, assistant } = world.staff);
  });
  afterAll(() => t?.close());

  it('dry run: reports row, column and message of each bad row and writes nothing', async () => {
    const csv = csvOf([
      row('DR-1'),
      row('DR-2', { grade: 'Z-grade' }),
      row('DR-3', { weight_mg: 'heavy', price: '' }),
      row('DR-1', { status: 'available' }),
      row('DR-5', { status: 'sold' }),
      row('DR-6', { product: 'blue-sapphire', grade: 'premium', status: 'hidden' }),
    ]);
    expect(await dryRun(assistant, csv)).toEqual({
      dry_run: true, rows: 6, valid: 2,
      errors: [
        { row: 3, column: 'grade', message: 'No grade "Z-grade" in this store\'s list.' },
        { row: 4, column: 'weight_mg', message: 'Enter the weight in mg.' },
        { row: 4, column: 'price', message: 'Enter the price.' },
        { row: 5, column: 'sku', message: 'Row 2 of this file has the same SKU.' },
        { row: 6, column: 'status', message: 'Reserved and sold are set by orders: use draft, available or hidden.' },
      ],
    });
    expect(await stonesOf(a.id)).toHaveLength(0);
    expect(await t.db.select().from(importJobs)).toHaveLength(0);

    const noColumns = await refusal(dryRun(assistant, 'sku,price\nX-1,100\n'));
    expect(noColumns.status).toBe(422);
    expect(noColumns.errors.file![0]).toMatch(/missing: product, weight_mg/);
    expect((await refusal(dryRun(assistant, ''))).status).toBe(422);
    const broken = await refusal(dryRun(assistant, `${csvOf([row('Q-1')])}"unclosed,1\n`));
    expect(broken.status).toBe(422);
    expect(broken.errors.file![0]).toMatch(/not valid CSV/);
  });

  it('imports in batches: creates stones with the form\'s rules, skips and reports bad rows, records the job in the audit log', async () => {
    const job = await importNow(manager, csvOf([
      row('IM-1'),
      row('IM-2', { status: 'available', weight_mg: 1800, name: 'Kashmir Blue', url: 'kashmir-blue' }),
      row('IM-3', { clarity: 'cloudy' }),
      row('IM-4', { status: 'hidden', product: 'yellow-sapphire', grade: 'fine', price: 999 }),
      row('IM-5', { url: 'kashmir-blue' }),
    ]));
    expect(job).toMatchObject({
      status: 'done', total: 5, processed: 5, created: 3, updated: 0, failed: 2, message: null,
      errors: [
        { row: 4, column: 'clarity', message: 'No clarity "cloudy" in this store\'s list.' },
        { row: 6, column: 'url', message: 'Another stone already uses this friendly url.' },
      ],
    });
    const im1 = (await stone(a.id, 'IM-1'))!;
    // 1100 mg at the store's 182 mg ratti is 6.04 ratti: bucket 5.25+; name and url made as the form makes them.
    expect(im1).toMatchObject({
      status: 'draft', productId: catA.product.id, name: 'Blue Sapphire 6.04 Ratti', url: 'blue-sapphire-6-04-ratti-im-1',
      rattiId: catA.rattis[1]!.id, gradeId: catA.grades[0]!.id, pricePaise: 4550050, depthMm: 4.5, certificateNumber: 'N-IM-1',
    });
    expect(await stone(a.id, 'IM-2')).toMatchObject({ status: 'available', name: 'Kashmir Blue', url: 'kashmir-blue', rattiId: catA.rattis[3]!.id });
    expect(await stone(a.id, 'IM-4')).toMatchObject({ status: 'hidden', productId: catA.otherProduct.id, gradeId: catA.grades[1]!.id, pricePaise: 99900 });

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.objectType, 'import'), eq(auditLog.objectId, String(job.id)))).orderBy(auditLog.id);
    const me = await manager.adminMe();
    expect(entries.map((e) => [e.action, e.staffId])).toEqual([['stone.import', me.staff.id], ['stone.import.done', me.staff.id]]);
    expect(entries[1]!.changes).toEqual({ total: { old: null, new: 5 }, created: { old: null, new: 3 }, updated: { old: null, new: 0 }, failed: { old: null, new: 2 } });

    // The storefront shows the available one at once.
    const listing = await world.guest.productItems({ query: { page: 1 }, body: { filter: { product: 'blue-sapphire' } } });
    expect(listing.data.map((s) => s.gin)).toContain('IM-2');
  });

  it('re-importing a SKU updates that stone; reserved and sold stones keep their status', async () => {
    const before = (await stone(a.id, 'IM-1'))!;
    const reserved = await world.stone({ gin: 'HELD-R', status: 'reserved' });
    const sold = await world.stone({ gin: 'HELD-S', status: 'sold' });
    const job = await importNow(owner, csvOf([
      row('IM-1', { price: 50000, status: 'available' }),
      row('HELD-R', { price: 7000 }),
      row('HELD-S', { price: 8000, status: 'sold' }),
      row('HELD-R', { status: 'available' }),
      row('IM-6'),
    ]));
    expect(job).toMatchObject({ status: 'done', created: 1, updated: 3, failed: 1 });
    expect(job.errors).toEqual([{ row: 5, column: 'sku', message: 'Row 3 of this file has the same SKU.' }]);
    const after = (await stone(a.id, 'IM-1'))!;
    expect(after).toMatchObject({ id: before.id, pricePaise: 5_000_000, status: 'available' });
    expect(await stone(a.id, 'HELD-R')).toMatchObject({ id: reserved.id, status: 'reserved', pricePaise: 700_000 });
    expect(await stone(a.id, 'HELD-S')).toMatchObject({ id: sold.id, status: 'sold', pricePaise: 800_000 });

    const refused = await importNow(owner, csvOf([row('HELD-S', { status: 'hidden', price: 1 })]));
    expect(refused).toMatchObject({ created: 0, updated: 0, failed: 1, errors: [{ row: 2, column: 'status', message: 'This stone is sold: its order sets its status, not an import.' }] });
    expect(await stone(a.id, 'HELD-S')).toMatchObject({ status: 'sold', pricePaise: 800_000 });
  });

  it('resumes an interrupted job from its last batch without writing a row twice', async () => {
    const rows = ['RS-1', 'RS-2', 'RS-3', 'RS-4', 'RS-5'].map((sku) => row(sku));
    const queued = await queue(assistant, csvOf(rows));
    const id = queued.id;
    expect(queued).toMatchObject({ status: 'queued', processed: 0, total: null });

    // A runner writes one batch (two rows), then its process dies.
    expect(await t.app.flows.imports.runNext({ log: t.app.log, maxBatches: 1 })).toBe('stopped');
    let job = (await assistant.adminImportJob({ params: { id } })).job;
    expect(job).toMatchObject({ status: 'running', total: 5, processed: 2, created: 2 });
    // While its heartbeat is fresh no other runner takes the job.
    expect(await t.app.flows.imports.runNext({ log: t.app.log })).toBe('none');

    // The heartbeat goes stale: the next runner takes the job over and goes on after the saved batch.
    await t.db.update(importJobs).set({ heartbeatAt: sql`now() - interval '10 minutes'` }).where(eq(importJobs.id, id));
    expect(await t.app.flows.imports.runNext({ log: t.app.log })).toBe('done');
    job = (await assistant.adminImportJob({ params: { id } })).job;
    expect(job).toMatchObject({ status: 'done', total: 5, processed: 5, created: 5, updated: 0, failed: 0 });
    const written = (await stonesOf(a.id)).filter((s) => s.gin.startsWith('RS-'));
    expect(written.map((s) => s.gin)).toEqual(['RS-1', 'RS-2', 'RS-3', 'RS-4', 'RS-5']);
    // The file is not kept once the job is over.
    expect((await t.db.select({ file: importJobs.file }).from(importJobs).where(eq(importJobs.id, id)))[0]!.file).toBeNull();
  });

  it('keeps stores apart: a job writes its own store only, and another store\'s staff cannot see it', async () => {
    const other = await world.stone({ gin: 'TN-1', pricePaise: 123_400 }, world.other);
    const job = await importNow(owner, csvOf([row('TN-1', { price: 1 })]));
    expect(job).toMatchObject({ created: 1, updated: 0 });
    expect(await stone(b.id, 'TN-1')).toMatchObject({ id: other.id, pricePaise: 123_400 });
    expect(await stone(a.id, 'TN-1')).toMatchObject({ pricePaise: 100 });

    await expect(world.otherOwner.adminImportJob({ params: { id: job.id } })).rejects.toMatchObject({ status: 404 });
    expect((await world.otherOwner.adminImportJobs()).data).toEqual([]);
    await expect(world.as(world.otherOwnerToken).adminImportJob({ params: { id: job.id } })).rejects.toMatchObject({ status: 401 });
    // Store B's product names are not store A's: a row naming B's friendly url is bad in A.
    const dry = await dryRun(owner, csvOf([row('TN-2', { product: 'b-blue-sapphire' })]));
    expect(dry.errors).toEqual([{ row: 2, column: 'product', message: 'No product "b-blue-sapphire" in this store: use a product\'s name or friendly url.' }]);
  });

  it('is open to every role of the store and to nobody else', async () => {
    const csv = csvOf([row('RL-1')]);
    for (const role of STAFF_ROLES) {
      const member = world.staff[role];
      expect(await statusOf(dryRun(member, csv)), role).toBe(200);
      expect(await statusOf(member.adminImportJobs()), role).toBe(200);
      expect(await statusOf(exportCsv(member)), role).toBe(200);
    }
    for (const token of [undefined, world.customerToken, world.otherOwnerToken]) {
      const who = world.as(token);
      expect(await statusOf(dryRun(who, csv))).toBe(401);
      expect(await statusOf(who.adminImportJobs())).toBe(401);
      expect(await statusOf(exportCsv(who))).toBe(401);
    }
    const jobs = (await assistant.adminImportJobs()).data;
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs[0]).not.toHaveProperty('errors');
  });

  it('exports the filtered list as CSV in the import\'s columns, and importing the export changes nothing', async () => {
    await importNow(owner, csvOf([
      row('EX-1', { description: '=HYPERLINK("http://x")', status: 'available', price: 120 }),
      row('EX-2', { description: 'Line one,\n"quoted" line two', price: 80 }),
    ]));
    const csv = await exportCsv(assistant, { sort: 'sku' });
    expect(assistant.last.headers['content-type']).toBe('text/csv; charset=utf-8');
    const doc = await world.guest.openApi() as { paths: Record<string, { get: { responses: Record<string, { content: object }> } }> };
    expect(Object.keys(doc.paths['/api/admin/stones/export.csv']!.get.responses['200']!.content)).toEqual(['text/csv']);
    expect(assistant.last.headers['content-disposition']).toMatch(/^attachment; filename="stones-\d{4}-\d{2}-\d{2}\.csv"$/);
    const exported = records(csv);
    const all = await stonesOf(a.id);
    expect(exported.map((r) => r.sku)).toEqual(all.map((s) => s.gin).sort());
    expect(Object.keys(exported[0]!)).toEqual([...STONE_CSV_COLUMNS]);
    const ex1 = exported.find((r) => r.sku === 'EX-1')!;
    expect(ex1).toMatchObject({ product: 'Blue Sapphire', grade: 'AAA', color: 'Royal Blue', price: '120', status: 'available' });
    // A cell that would start a formula in a spreadsheet is guarded.
    expect(ex1.description).toBe('\'=HYPERLINK("http://x")');
    expect(exported.find((r) => r.sku === 'HELD-S')!.status).toBe('sold');

    // The list's filters apply.
    const sold = records(await exportCsv(assistant, { status: 'sold' }));
    expect(sold.map((r) => r.sku)).toEqual(['HELD-S']);
    const bRows = records(await exportCsv(world.otherOwner));
    expect(bRows.map((r) => r.sku)).toEqual(['TN-1']);

    const job = await importNow(owner, csv);
    expect(job).toMatchObject({ status: 'done', created: 0, updated: all.length, failed: 0, errors: [] });
    const strip = (rows: typeof all) => rows.map(({ createdAt: _createdAt, ...rest }) => rest);
    expect(strip(await stonesOf(a.id))).toEqual(strip(all));
    expect((await stone(a.id, 'EX-1'))!.description).toBe('=HYPERLINK("http://x")');
  });

  it('reads back every column the export writes: a change to any one cell of an exported row reaches the stone, and nothing else moves', async () => {
    const picture = async (background: string) => {
      const data = await sharp({ create: { width: 900, height: 700, channels: 3, background } }).jpeg().toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'stone.jpg');
      return (await owner.adminUploadImage({ form })).photo;
    };
    const [first, second] = [await picture('#1f3fa8'), await picture('#a81f3f')];
    // A stone with every column filled.
    await owner.adminCreateStone({
      body: {
        sku: 'FULL-1', product_id: catA.product.id, name: 'The full stone', url: 'the-full-stone', weight_mg: 1234, width_mm: 8.25, length_mm: 10.5, depth_mm: 4.75,
        grade_id: catA.grades[0]!.id, color_id: catA.colors[0]!.id, clarity_id: catA.clarities[0]!.id, shape_id: catA.shapes[0]!.id, origin_id: catA.origins[0]!.id,
        certificate_lab: 'GIA', certificate_number: 'GIA-1', certificate_verification_url: 'https://www.gia.edu/report-check?reportno=1',
        certificate_image: '/media/cert-full.jpg', price: 12345.5, description: 'Every field, "quoted", and a comma.',
        photos: [first.name, second.name], status: 'hidden', treatment: 'heated',
      },
    });
    const exportRow = async (sku: string) => records(await exportCsv(owner, { q: sku })).find((r) => r.sku === sku)!;
    const base = await exportRow('FULL-1');
    expect(Object.keys(base)).toEqual([...STONE_CSV_COLUMNS]);
    for (const column of STONE_CSV_COLUMNS) expect(base[column], `the export writes ${column}`).not.toBe('');

    /** A new value for each column, and the columns that follow it (the picture is the first photo's). */
    const changes: Record<(typeof STONE_CSV_COLUMNS)[number], { to: string; follows?: Record<string, string> }> = {
      sku: { to: 'FULL-2', follows: { url: '' } },
      product: { to: catA.otherProduct.name },
      name: { to: 'Renamed stone' },
      url: { to: 'renamed-stone' },
      weight_mg: { to: '1800' },
      width_mm: { to: '9.5' }, length_mm: { to: '11.25' }, depth_mm: { to: '5' },
      grade: { to: catA.grades[1]!.value }, color: { to: catA.colors[1]!.value }, clarity: { to: catA.clarities[1]!.value },
      shape: { to: catA.shapes[1]!.value }, origin: { to: catA.origins[1]!.value },
      treatment: { to: 'oiled' },
      certificate_lab: { to: 'IGI' }, certificate_number: { to: 'IGI-2' },
      certificate_verification_url: { to: 'https://www.igi.org/verify?r=2' }, certificate_image: { to: '/media/cert-other.jpg' },
      price: { to: '999.5' }, description: { to: 'Changed.' },
      // A stone's picture is its first photo's: the column counts for a stone without photos.
      image: { to: '/media/picture-other.svg', follows: { photos: '' } },
      photos: { to: `${second.name} ${first.name}`, follows: { image: second.src } },
      status: { to: 'available' },
    };
    for (const column of STONE_CSV_COLUMNS) {
      const { to, follows = {} } = changes[column];
      const row = { ...base, ...follows, [column]: to };
      const job = await importNow(owner, csvOf([row]));
      expect(job, column).toMatchObject({ status: 'done', failed: 0, errors: [] });
      const after = await exportRow(row.sku!);
      // The stone now reads as the row did: the changed cell and every other one.
      expect(after, column).toEqual(column === 'sku' ? { ...row, url: after.url } : row);
      // Back as it was for the next column.
      if (column !== 'sku') expect(await importNow(owner, csvOf([base]))).toMatchObject({ updated: 1, failed: 0 });
      expect(await exportRow('FULL-1'), column).toEqual(base);
    }
  });

  it('runs queued jobs in the server without being asked, and hands a job back to the queue when it stops', async () => {
    const served = await buildTestApp({ JOBS_POLL_SECONDS: '0.5', IMPORT_BATCH_ROWS: '2' });
    try {
      const store = await createStore(served.db, { domain: 'c.test' });
      await createCatalog(served.db, store.id);
      await createStaff(served.db, store.id, 'assistant');
      const token = await staffSignIn(served, 'c.test', 'assistant@shop.test');
      const staff = clientFor(served, { domain: 'c.test', token });
      const { id } = await queue(staff, csvOf([row('SV-1'), row('SV-2'), row('SV-3')]));
      await vi.waitFor(async () => {
        const job = (await staff.adminImportJob({ params: { id } })).job;
        expect(job).toMatchObject({ status: 'done', created: 3 });
      }, { timeout: 120_000, interval: 100 });
    } finally {
      await served.close();
    }
    // A runner that is told to stop between batches gives the job back at once (no wait for its heartbeat to go stale).
    const { id } = await queue(owner, csvOf([row('ST-1'), row('ST-2'), row('ST-3')]));
    let asked = 0;
    expect(await t.app.flows.imports.runNext({ log: t.app.log, stopping: () => ++asked > 1 })).toBe('stopped');
    expect((await owner.adminImportJob({ params: { id } })).job).toMatchObject({ status: 'queued', processed: 2 });
    expect(await t.app.flows.imports.runNext({ log: t.app.log })).toBe('done');
    expect((await owner.adminImportJob({ params: { id } })).job).toMatchObject({ status: 'done', processed: 3, created: 3 });
  });

  it('reads the export by keyset in every sort, the same order as the list', async () => {
    const ctx = await systemContext(t, a.id);
    for (const sort of ['newest', 'oldest', 'price_asc', 'price_desc', 'weight_asc', 'weight_desc', 'sku'] as const) {
      const query = { sort, grades: [], colors: [], clarities: [], shapes: [], origins: [] };
      const exported: string[] = [];
      for await (const batch of t.app.services.catalogAdmin.exportStones(ctx, query, 3)) exported.push(...batch.map((r) => r.sku));
      const listed = (await t.app.services.catalogAdmin.stones(ctx, { ...query, page: 1 })).data.map((s) => s.sku);
      expect(exported, sort).toEqual(listed);
    }
  });

  it('takes each stone\'s treatment from its column: any case; empty is none for a new stone and keeps an existing one\'s; the dry run and the export agree', async () => {
    // The dry run reports a word off the trade's list at its column, and writes nothing.
    const dry = await dryRun(owner, csvOf([row('TR-1', { treatment: 'Heated' }), row('TR-2', { treatment: 'not disclosed' })]));
    expect(dry).toMatchObject({ rows: 2, valid: 1, errors: [{ row: 3, column: 'treatment' }] });
    expect(dry.errors[0]!.message).toContain('Choose a treatment');
    expect(await stone(a.id, 'TR-1')).toBeUndefined();

    const job = await importNow(owner, csvOf([
      row('TR-1', { treatment: 'Heated' }), row('TR-2', { treatment: 'OILED' }), row('TR-3'), row('TR-4', { treatment: 'dyed!' }),
    ]));
    expect(job).toMatchObject({ created: 3, failed: 1, errors: [{ row: 5, column: 'treatment' }] });
    expect((await stone(a.id, 'TR-1'))!.treatment).toBe('heated');
    expect((await stone(a.id, 'TR-2'))!.treatment).toBe('oiled');
    expect((await stone(a.id, 'TR-3'))!.treatment).toBe('none');

    // A file without the column, or with the cell empty, leaves an existing stone's treatment as it is.
    const withoutColumn = STONE_CSV_COLUMNS.filter((c) => c !== 'treatment');
    expect(await importNow(owner, csvOf([row('TR-1', { price: 777 })], withoutColumn))).toMatchObject({ updated: 1, failed: 0 });
    expect(await importNow(owner, csvOf([row('TR-2', { treatment: '' })]))).toMatchObject({ updated: 1, failed: 0 });
    expect(await stone(a.id, 'TR-1')).toMatchObject({ treatment: 'heated', pricePaise: 77700 });
    expect((await stone(a.id, 'TR-2'))!.treatment).toBe('oiled');
    // A cell that names another treatment changes it.
    expect(await importNow(owner, csvOf([row('TR-3', { treatment: 'glass-filled' })]))).toMatchObject({ updated: 1 });
    expect((await stone(a.id, 'TR-3'))!.treatment).toBe('glass-filled');

    // The export writes each one in the treatment column.
    const exported = records(await exportCsv(owner, { q: 'TR-' }));
    expect(Object.fromEntries(exported.map((r) => [r.sku, r.treatment]))).toEqual({ 'TR-1': 'heated', 'TR-2': 'oiled', 'TR-3': 'glass-filled' });
  });
});
