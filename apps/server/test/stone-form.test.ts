import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { stringify } from 'csv-stringify/sync';
import { and, eq } from 'drizzle-orm';
import { STONE_CSV_COLUMNS } from '@gemstore/contracts';
import { auditLog, items, productColors } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createItem, type createStore } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import { multipart } from './multipart.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;

/** The stone form as a gem seller fills it: the name as typed, the colours and origins of the gem type, the certificate uploaded. */
describe('the stone form', () => {
  let t: TestApp;
  let a: Store;
  let catA: Catalog;
  let catB: Catalog;
  let tokens: Record<string, string>;
  let bOwnerToken: string;

  const stoneBody = (over: Record<string, unknown> = {}) => ({
    sku: 'SF-1', product_id: catA.product.id, weight_mg: 1100, width_mm: 8, length_mm: 10, depth_mm: 4,
    grade_id: catA.grades[0]!.id, color_id: catA.colors[0]!.id, clarity_id: catA.clarities[0]!.id,
    shape_id: catA.shapes[0]!.id, origin_id: catA.origins[0]!.id, price: 45500, status: 'available', ...over,
  });
  const productBody = (over: Record<string, unknown> = {}) => ({
    category_id: catA.category.id, name: catA.product.name, alias: catA.product.alias, url: catA.product.url,
    description: catA.product.description, image: catA.product.image, sort_order: 1, ...over,
  });
  const upload = async (domain: string, token: string) => {
    const data = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#f3efe2' } }).jpeg().toBuffer();
    const { payload, contentType } = multipart([['file', data, 'certificate.jpg', 'image/jpeg']]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { domain, 'content-type': contentType, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().photo as { name: string; src: string; srcset: string };
  };
  const item = async (ref: string | number) => t.app.inject({ url: `/api/item-details/${ref}`, headers: { domain: 'a.test' } });

  beforeAll(async () => {
    t = await buildTestApp();
    ({ a, catA, catB, tokens, bOwnerToken } = await backOfficeStores(t, 'b-'));
  });
  afterAll(() => t?.close());

  it('keeps the stone\'s name exactly as typed, in the back office and on the shop', async () => {
    const name = "Burmese ruby — 'pigeon blood', NO heat, eye-clean";
    const created = await admin(t, 'a.test', '/stones', { token: tokens.assistant!, body: stoneBody({ sku: 'SF-NAME', name }) });
    expect(created.statusCode, created.body).toBe(200);
    const stone = created.json().stone;
    expect(stone.name).toBe(name);
    const [row] = await t.db.select({ name: items.name }).from(items).where(eq(items.id, stone.id));
    expect(row!.name).toBe(name);
    const shown = await item(stone.url);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().item.name).toBe(name);
    // Read back and saved again unchanged, it stays as it was.
    const again = await admin(t, 'a.test', `/stones/${stone.id}`, { method: 'PUT', token: tokens.assistant!, body: stoneBody({ sku: 'SF-NAME', name: stone.name, url: stone.url }) });
    expect(again.json().stone.name).toBe(name);
  });

  it('keeps the colours and origins that suit a gem type, from the store\'s own lists only', async () => {
    const [royal, cornflower] = catA.colors;
    const [ceylon, thailand] = catA.origins;
    // A gem type starts with no list: every colour and origin suits it.
    const before = (await admin(t, 'a.test', '/catalog', { token: tokens.owner! })).json();
    expect(before.products.find((p: { id: number }) => p.id === catA.product.id)).toMatchObject({ color_ids: [], origin_ids: [] });

    const set = await admin(t, 'a.test', `/products/${catA.product.id}`, { method: 'PUT', token: tokens.assistant!, body: productBody({ color_ids: [royal!.id], origin_ids: [ceylon!.id] }) });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().product).toMatchObject({ color_ids: [royal!.id], origin_ids: [ceylon!.id] });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.action, 'product.update')));
    expect(entry!.changes).toMatchObject({ colorIds: { old: [], new: [royal!.id] }, originIds: { old: [], new: [ceylon!.id] } });

    // A change of the gem's other fields that leaves the lists out keeps them.
    const renamed = await admin(t, 'a.test', `/products/${catA.product.id}`, { method: 'PUT', token: tokens.assistant!, body: productBody({ alias: 'Neelam stone' }) });
    expect(renamed.json().product).toMatchObject({ alias: 'Neelam stone', color_ids: [royal!.id], origin_ids: [ceylon!.id] });

    // Another store's colour, or one never made, is refused by name; nothing changes.
    for (const colorIds of [[catB.colors[0]!.id], [royal!.id, 999_999]]) {
      const res = await admin(t, 'a.test', `/products/${catA.product.id}`, { method: 'PUT', token: tokens.owner!, body: productBody({ color_ids: colorIds, origin_ids: [thailand!.id] }) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.color_ids[0]).toBe("Choose colours from this store's list.");
    }
    const twice = await admin(t, 'a.test', `/products/${catA.product.id}`, { method: 'PUT', token: tokens.owner!, body: productBody({ color_ids: [royal!.id, royal!.id] }) });
    expect(twice.statusCode).toBe(422);
    expect((await admin(t, 'a.test', '/catalog', { token: tokens.owner! })).json().products.find((p: { id: number }) => p.id === catA.product.id))
      .toMatchObject({ color_ids: [royal!.id], origin_ids: [ceylon!.id] });
    // Store B's staff cannot touch store A's gem.
    expect((await admin(t, 'b.test', `/products/${catA.product.id}`, { method: 'PUT', token: bOwnerToken, body: productBody({ color_ids: [] }) })).statusCode).toBe(404);

    // The stone form: a colour or origin that does not suit the gem is refused, field by field.
    const refused = await admin(t, 'a.test', '/stones', { token: tokens.assistant!, body: stoneBody({ sku: 'SF-2', color_id: cornflower!.id, origin_id: thailand!.id }) });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({
      color_id: ['Cornflower is not a colour of Blue Sapphire: choose one of its list (Catalogue, Gems).'],
      origin_id: ['Thailand is not an origin of Blue Sapphire: choose one of its list (Catalogue, Gems).'],
    });
    expect(await t.db.select().from(items).where(and(eq(items.storeId, a.id), eq(items.gin, 'SF-2')))).toEqual([]);
    const suited = await admin(t, 'a.test', '/stones', { token: tokens.assistant!, body: stoneBody({ sku: 'SF-2' }) });
    expect(suited.statusCode, suited.body).toBe(200);
    // The other gem type has no list: any of the store's values.
    const other = await admin(t, 'a.test', '/stones', { token: tokens.assistant!, body: stoneBody({ sku: 'SF-3', product_id: catA.otherProduct.id, color_id: cornflower!.id, origin_id: thailand!.id }) });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('lets a stone saved before keep its colour and origin, but not take them back once changed', async () => {
    const [royal, cornflower] = catA.colors;
    const [ceylon, thailand] = catA.origins;
    await admin(t, 'a.test', `/products/${catA.product.id}`, { method: 'PUT', token: tokens.owner!, body: productBody({ color_ids: [royal!.id], origin_ids: [ceylon!.id] }) });
    const old = await createItem(t.db, a.id, { catalog: catA, gin: 'SF-OLD', colorId: cornflower!.id, originId: thailand!.id, name: 'An older stone 5 ct' });
    const body = (over: Record<string, unknown> = {}) => stoneBody({ sku: 'SF-OLD', name: old.name, url: old.url, color_id: cornflower!.id, origin_id: thailand!.id, ...over });
    const kept = await admin(t, 'a.test', `/stones/${old.id}`, { method: 'PUT', token: tokens.assistant!, body: body({ price: 52000 }) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().stone).toMatchObject({ color_id: cornflower!.id, origin_id: thailand!.id, price: 52000 });
    const moved = await admin(t, 'a.test', `/stones/${old.id}`, { method: 'PUT', token: tokens.assistant!, body: body({ color_id: royal!.id }) });
    expect(moved.statusCode, moved.body).toBe(200);
    const back = await admin(t, 'a.test', `/stones/${old.id}`, { method: 'PUT', token: tokens.assistant!, body: body() });
    expect(back.statusCode).toBe(422);
    expect(Object.keys(back.json().errors)).toEqual(['color_id']);
  });

  it('holds an imported row to the gem type\'s lists too, but lets a stone already there keep its values', async () => {
    const [royal, cornflower] = catA.colors;
    const [ceylon, thailand] = catA.origins;
    await admin(t, 'a.test', `/products/${catA.product.id}`, { method: 'PUT', token: tokens.owner!, body: productBody({ color_ids: [royal!.id], origin_ids: [ceylon!.id] }) });
    await createItem(t.db, a.id, { catalog: catA, gin: 'SF-IMP-OLD', colorId: cornflower!.id, originId: thailand!.id });
    const row = (sku: string) => ({
      sku, product: 'Blue Sapphire', weight_mg: 1100, width_mm: 8, length_mm: 10, depth_mm: 4.5,
      grade: 'AAA', color: 'Cornflower', clarity: 'VVS', shape: 'Oval', origin: 'Sri Lanka', price: 45500,
    });
    const csv = stringify([row('SF-IMP-NEW'), row('SF-IMP-OLD')], { header: true, columns: [...STONE_CSV_COLUMNS] });
    const { payload, contentType } = multipart([['dry_run', 'true'], ['file', Buffer.from(csv), 'stones.csv', 'text/csv']]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/imports', payload, headers: { domain: 'a.test', 'content-type': contentType, authorization: `Bearer ${tokens.owner!}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, valid: 1, errors: [{ row: 2, column: 'color', message: 'Cornflower is not a colour of Blue Sapphire: choose one of its list (Catalogue, Gems).' }] });
  });

  it('removes a colour from the gem types\' lists when the colour itself is removed', async () => {
    const made = await admin(t, 'a.test', '/attributes/color', { token: tokens.owner!, body: { value: 'Peacock Blue' } });
    expect(made.statusCode, made.body).toBe(200);
    const peacock = made.json().value.id as number;
    await admin(t, 'a.test', `/products/${catA.product.id}`, { method: 'PUT', token: tokens.owner!, body: productBody({ color_ids: [catA.colors[0]!.id, peacock] }) });
    expect((await admin(t, 'a.test', `/attributes/color/${peacock}`, { method: 'DELETE', token: tokens.owner! })).statusCode).toBe(200);
    expect((await t.db.select().from(productColors).where(eq(productColors.productId, catA.product.id))).map((r) => r.valueId)).toEqual([catA.colors[0]!.id]);
  });

  it('keeps an uploaded certificate picture by its name and shows its largest copy; another store\'s picture is refused', async () => {
    const ours = await upload('a.test', tokens.assistant!);
    const created = await admin(t, 'a.test', '/stones', { token: tokens.assistant!, body: stoneBody({ sku: 'SF-CERT', certificate_lab: 'GIA', certificate_number: '2231', certificate_image: ours.name }) });
    expect(created.statusCode, created.body).toBe(200);
    const stone = created.json().stone;
    const largest = `/media/${ours.name}-1400.webp`;
    expect(stone).toMatchObject({ certificate_image: ours.name, certificate_image_src: largest });
    expect((await item(stone.url)).json().item.certificate_image).toBe(largest);
    expect((await t.app.inject({ url: largest })).statusCode).toBe(200);

    // A certificate saved before as a path of the shop's media stays as it was.
    const path = await admin(t, 'a.test', `/stones/${stone.id}`, { method: 'PUT', token: tokens.assistant!, body: stoneBody({ sku: 'SF-CERT', url: stone.url, name: stone.name, certificate_image: '/media/certificates/old.svg' }) });
    expect(path.statusCode, path.body).toBe(200);
    expect(path.json().stone).toMatchObject({ certificate_image: '/media/certificates/old.svg', certificate_image_src: '/media/certificates/old.svg' });

    const theirs = await upload('b.test', bOwnerToken);
    const refused = await admin(t, 'a.test', `/stones/${stone.id}`, { method: 'PUT', token: tokens.assistant!, body: stoneBody({ sku: 'SF-CERT', url: stone.url, name: stone.name, certificate_image: theirs.name }) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.certificate_image[0]).toContain('not uploaded to this store');
    const [row] = await t.db.select({ certificateImage: items.certificateImage }).from(items).where(eq(items.id, stone.id));
    expect(row!.certificateImage).toBe('/media/certificates/old.svg');
  });
});
