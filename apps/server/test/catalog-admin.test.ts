import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { adminCatalogRoutes } from '@gemstore/contracts';
import { STAFF_ROLES } from '@gemstore/contracts/constants';
import { auditLog, items, productCategories, products } from '@gemstore/db';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import type { Catalog } from './factories.ts';
import { admin } from './staff-fixtures.ts';
import { type BodyOf, clientFor, refusal, type TestClient } from './client.ts';
import { shopWorld, type ShopWorld } from './world.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type StoneBody = BodyOf<'adminCreateStone'>;

describe('back-office catalogue', () => {
  let t: TestApp;
  let world: ShopWorld;
  let catA: Catalog;
  let catB: Catalog;
  /** Nobody signed in, on the shop and on the other shop: the storefront. */
  let shopA: TestClient;
  let shopB: TestClient;
  let owner: TestClient;
  let manager: TestClient;
  let assistant: TestClient;

  const stoneBody = (over: Partial<StoneBody> = {}): StoneBody => ({
    sku: 'BS-100', product_id: catA.product.id, weight_mg: 1100, width_mm: 8, length_mm: 10, depth_mm: 4,
    grade_id: catA.grades[0]!.id, color_id: catA.colors[0]!.id, clarity_id: catA.clarities[0]!.id,
    shape_id: catA.shapes[0]!.id, origin_id: catA.origins[0]!.id,
    certificate_lab: 'GIA', certificate_number: 'GIA-778812', certificate_verification_url: 'https://www.gia.edu/report-check?reportno=778812',
    price: 45500.5, description: 'A clean Ceylon stone.', ...over,
  });
  const listing = async (on: TestClient, product: string) => (await on.productItems({ query: { page: 1 }, body: { filter: { product } } })).data;
  const itemStatus = (on: TestClient, id: string | number) => on.itemDetails({ params: { id: String(id) } }).then(() => 200, (err: { status: number }) => err.status);

  /** The back office's stone list; the attribute filters (typed as required lists) left empty, so none is sent. */
  const stones = (by: TestClient, query: { q?: string; status?: 'draft' }) =>
    by.adminStones({ query: { grades: [], colors: [], clarities: [], shapes: [], origins: [], ...query } });

  beforeAll(async () => {
    // The storefront's lists are cached for minutes here: a change must still show at once.
    t = await buildTestApp({ STORE_CACHE_SECONDS: '600' });
    world = await shopWorld(t);
    catA = world.shop.catalog;
    catB = world.other.catalog;
    shopA = world.guest;
    shopB = world.as(undefined, world.other.domain);
    ({ owner, manager, assistant } = world.staff);
  });
  afterAll(() => t?.close());

  it('lets every role work on the catalogue and refuses customers, guests and other stores\' staff', async () => {
    const { tokens, customerToken, otherOwnerToken: bOwnerToken } = world;
    // Every route of the table, the same way for each caller: sent raw, with an empty body.
    for (const [name, r] of Object.entries(adminCatalogRoutes)) {
      const path = r.path.replace('/admin', '').replace(':kind', 'grade').replace(':id', '999999');
      const opts = { method: r.method, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }) };
      for (const role of STAFF_ROLES) {
        const res = await admin(t, 'a.test', path, { ...opts, token: tokens[role] });
        expect([200, 404, 422], `${name} as ${role}: ${res.body}`).toContain(res.statusCode);
      }
      expect((await admin(t, 'a.test', path, opts)).statusCode, name).toBe(401);
      expect((await admin(t, 'a.test', path, { ...opts, token: customerToken })).statusCode, name).toBe(401);
      expect((await admin(t, 'a.test', path, { ...opts, token: bOwnerToken })).statusCode, name).toBe(401);
    }
  });

  it('adds a draft stone the storefront does not show, then publishes it on its own store only', async () => {
    const { stone } = await assistant.adminCreateStone({ body: stoneBody() });
    // 1100 mg at the store's 182 mg ratti is 6.04 ratti: bucket 5.25+; name and url made from it.
    expect(stone).toMatchObject({ status: 'draft', sku: 'BS-100', carat: 5.5, ratti: 6.04, ratti_id: catA.rattis[1]!.id, price: 45500.5, name: 'Blue Sapphire 6.04 Ratti' });
    expect(stone.url).toBe('blue-sapphire-6-04-ratti-bs-100');
    expect((await listing(shopA, 'blue-sapphire')).map((s) => s.id)).not.toContain(stone.id);
    expect(await itemStatus(shopA, stone.url)).toBe(404);

    await assistant.adminUpdateStone({ params: { id: stone.id }, body: stoneBody({ status: 'available' }) });
    expect((await listing(shopA, 'blue-sapphire')).map((s) => s.id)).toContain(stone.id);
    const page = await shopA.itemDetails({ params: { id: stone.url } });
    expect(page.item).toMatchObject({ id: stone.id, amounts: { mrpAmount: 45500.5 }, ratti: { rati_standard: 5.25 }, certificate: { lab: 'GIA', number: 'GIA-778812' } });
    // Store B has its own blue-sapphire product: the stone is not there.
    expect((await listing(shopB, catB.product.url)).map((s) => s.id)).not.toContain(stone.id);
    expect(await itemStatus(shopB, stone.id)).toBe(404);

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, world.shop.store.id), eq(auditLog.objectType, 'stone'), eq(auditLog.objectId, String(stone.id))));
    expect(entries.map((e) => e.action).sort()).toEqual(['stone.create', 'stone.update']);
    expect(entries.find((e) => e.action === 'stone.update')!.changes).toEqual({ status: { old: 'draft', new: 'available' } });
  });

  it('hides stones in bulk: they leave the listing, the item page and carts; reserved and sold ones are left alone', async () => {
    const shown = await world.stone({ url: 'bulk-one' });
    const reserved = await world.stone({ url: 'bulk-two', status: 'reserved' });
    const foreign = await world.stone({ url: 'bulk-foreign' }, world.other);
    expect(await manager.adminBulkStones({ body: { action: 'hide', ids: [shown.id, reserved.id, foreign.id] } })).toEqual({ changed: 1, skipped: 2 });
    // One audit entry per stone changed, none for the ones left alone.
    const bulkEntries = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, world.shop.store.id), eq(auditLog.action, 'stone.bulk_hide')));
    expect(bulkEntries.map((e) => [e.objectId, e.changes])).toEqual([[String(shown.id), { status: { old: 'available', new: 'hidden' } }]]);
    expect((await listing(shopA, 'blue-sapphire')).map((s) => s.id)).not.toContain(shown.id);
    expect(await itemStatus(shopA, 'bulk-one')).toBe(404);
    const add = await refusal(world.as(world.customerToken).cartSave({ body: { itemId: shown.id } }));
    expect(add.status).toBe(409);
    expect(add.message).toContain('no longer for sale');
    const [other] = await t.db.select({ status: items.status }).from(items).where(eq(items.id, foreign.id));
    expect(other!.status).toBe('available');
    // Staff cannot take a reserved stone from its order.
    const edit = await refusal(owner.adminUpdateStone({ params: { id: reserved.id }, body: stoneBody({ sku: reserved.gin, status: 'available' }) }));
    expect(edit.status).toBe(409);
    expect(edit.code).toBe('stone_held_by_order');
    const [still] = await t.db.select({ status: items.status }).from(items).where(eq(items.id, reserved.id));
    expect(still!.status).toBe('reserved');
  });

  it('re-prices in bulk by a percentage, to the whole rupee', async () => {
    const stone = await world.stone({ pricePaise: 1_234_567 });
    const before = await listing(shopA, catA.product.url);
    expect(before.find((s) => s.id === stone.id)?.amounts.mrpAmount).toBe(12_345.67);
    expect(await owner.adminBulkStones({ body: { action: 'price', ids: [stone.id], percent: 10 } })).toEqual({ changed: 1, skipped: 0 });
    const [row] = await t.db.select({ p: items.pricePaise }).from(items).where(eq(items.id, stone.id));
    expect(row!.p).toBe(1_358_000); // 12,345.67 * 1.1 = 13,580.24 -> 13,580
    // The listing remembers the stones it showed; the new price shows at once all the same.
    const shown = await listing(shopA, catA.product.url);
    expect(shown.find((s) => s.id === stone.id)?.amounts.mrpAmount).toBe(13_580);
    await expect(owner.adminBulkStones({ body: { action: 'price', ids: [stone.id], percent: -95 } })).rejects.toMatchObject({ status: 422 });
  });

  it('answers another store\'s ids as absent and never changes them', async () => {
    const theirs = await world.stone({ url: 'theirs', pricePaise: 500_000 }, world.other);
    await expect(owner.adminStone({ params: { id: theirs.id } })).rejects.toMatchObject({ status: 404 });
    await expect(owner.adminUpdateStone({ params: { id: theirs.id }, body: stoneBody({ sku: 'STEAL-1', price: 1 }) })).rejects.toMatchObject({ status: 404 });
    const [row] = await t.db.select({ p: items.pricePaise }).from(items).where(eq(items.id, theirs.id));
    expect(row!.p).toBe(500_000);
    // Store B's product and values in a stone of store A: field errors, nothing written.
    const mixed = await refusal(owner.adminCreateStone({ body: stoneBody({ sku: 'MIX-1', product_id: catB.product.id, grade_id: catB.grades[0]!.id }) }));
    expect(mixed.status).toBe(422);
    expect(Object.keys(mixed.errors).sort()).toEqual(['grade_id', 'product_id']);
    await expect(owner.adminDeleteCategory({ params: { id: catB.category.id } })).rejects.toMatchObject({ status: 404 });
    await expect(owner.adminDeleteAttributeValue({ params: { kind: 'grade', id: catB.grades[2]!.id } })).rejects.toMatchObject({ status: 404 });
    expect((await stones(owner, { q: 'STEAL' })).total).toBe(0);
  });

  it('checks a stone form field by field and keeps SKUs unique per store', async () => {
    const bad = await refusal(owner.adminCreateStone({ body: stoneBody({ sku: 'no spaces', weight_mg: 0, price: 10.555, certificate_verification_url: 'javascript:alert(1)' }) }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.errors).sort()).toEqual(['certificate_verification_url', 'price', 'sku', 'weight_mg']);
    await world.stone({ gin: 'DUP-1' });
    const dup = await refusal(owner.adminCreateStone({ body: stoneBody({ sku: 'DUP-1' }) }));
    expect(dup.status).toBe(422);
    expect(dup.errors.sku![0]).toContain('already');
    // The same SKU in another store is fine.
    await world.stone({ gin: 'ONLY-B' }, world.other);
    await owner.adminCreateStone({ body: stoneBody({ sku: 'ONLY-B' }) });
  });

  it('takes a stone\'s treatment by hand: none for a new stone unless told, kept by a change that leaves it out, shown on the shop', async () => {
    const made = (await owner.adminCreateStone({ body: stoneBody({ sku: 'TR-1', status: 'available' }) })).stone;
    const id = made.id;
    expect(made.treatment).toBe('none');
    const heated = await owner.adminUpdateStone({ params: { id }, body: stoneBody({ sku: 'TR-1', treatment: 'heated' }) });
    expect(heated.stone.treatment).toBe('heated');
    // A change that leaves the treatment out keeps it: a disclosure is never dropped by omission.
    const renamed = await owner.adminUpdateStone({ params: { id }, body: stoneBody({ sku: 'TR-1', name: 'Renamed' }) });
    expect(renamed.stone).toMatchObject({ name: 'Renamed', treatment: 'heated', status: 'available' });
    expect((await assistant.adminStone({ params: { id } })).stone.treatment).toBe('heated');
    const [row] = await t.db.select({ treatment: items.treatment }).from(items).where(eq(items.id, id));
    expect(row!.treatment).toBe('heated');
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.objectId, String(id)), eq(auditLog.action, 'stone.update')));
    expect(audit.some((e) => JSON.stringify(e.changes).includes('heated'))).toBe(true);
    // The shop shows it on the stone's page.
    expect((await shopA.itemDetails({ params: { id: String(id) } })).item.treatment).toBe('heated');
    // Only the trade's words: "not disclosed" is no treatment (a value the typed client cannot send).
    const bad = await admin(t, 'a.test', `/stones/${id}`, { method: 'PUT', token: world.tokens.owner, body: { ...stoneBody({ sku: 'TR-1' }), treatment: 'not disclosed' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['treatment']);
    expect((await owner.adminStone({ params: { id } })).stone.treatment).toBe('heated');
  });

  it('finds stones by SKU or certificate number, filters by status and counts them', async () => {
    await world.stone({ gin: 'FIND-77', status: 'sold' });
    const bySku = await stones(assistant, { q: 'find-7' });
    expect(bySku.data.map((s) => s.sku)).toEqual(['FIND-77']);
    expect(bySku.data[0]!.status).toBe('sold');
    const byCert = await stones(assistant, { q: 'GIA-7788' });
    expect(byCert.total).toBeGreaterThanOrEqual(1);
    const drafts = await stones(assistant, { status: 'draft' });
    expect(drafts.data.every((s) => s.status === 'draft')).toBe(true);
    // `%` is a character here, not a wildcard.
    expect((await stones(assistant, { q: '%' })).total).toBe(0);
  });

  it('lists a page whose stones it has shown before in one statement, and a changed stone afresh', async () => {
    await listing(shopA, catA.product.url);
    t.queries.count = 0;
    await listing(shopA, catA.product.url);
    expect(t.queries.count).toBe(1);
  });

  it('shows a renamed attribute value on the storefront at once', async () => {
    await world.stone({ url: 'renamed-origin' });
    const origin = async () => (await shopA.itemDetails({ params: { id: 'renamed-origin' } })).item.origin?.origin;
    expect(await origin()).toBe('Sri Lanka');
    const ceylon = catA.origins[0]!;
    await manager.adminUpdateAttributeValue({ params: { kind: 'origin', id: ceylon.id }, body: { value: 'Ceylon (Sri Lanka)', alias: 'ceylon', sort_order: 0 } });
    expect(await origin()).toBe('Ceylon (Sri Lanka)');
    await expect(manager.adminDeleteAttributeValue({ params: { kind: 'origin', id: ceylon.id } })).rejects.toMatchObject({ status: 409 });
  });

  it('clears the copy of the store\'s lists in every other process on the database when the catalogue changes', async () => {
    // A second replica: its own services and caches, the same database.
    const replica = await buildApp({ config: t.config, db: t.db, connections: t.connections, web: false, logger: false });
    try {
      const onReplica = clientFor({ ...t, app: replica }, { domain: world.shop.domain });
      await world.stone({ url: 'seen-by-replica', clarityId: catA.clarities[1]!.id });
      const read = async () => (await onReplica.itemDetails({ params: { id: 'seen-by-replica' } })).item.clarity?.clarity;
      expect(await read()).toBe('VS');
      await owner.adminUpdateAttributeValue({ params: { kind: 'clarity', id: catA.clarities[1]!.id }, body: { value: 'VS1', alias: 'vs1', sort_order: 1 } });
      // The notice arrives when the write commits, a moment after the answer.
      await expect.poll(read, { timeout: 10_000 }).toBe('VS1');
      // A stone the replica's listing showed (and so remembers) shows its new price there too.
      const stone = await world.stone({ url: 'priced-for-replica', pricePaise: 500_000 });
      const listed = async () => (await listing(onReplica, catA.product.url)).find((s) => s.id === stone.id)?.amounts.mrpAmount;
      expect(await listed()).toBe(5_000);
      await owner.adminBulkStones({ body: { action: 'price', ids: [stone.id], percent: 10 } });
      await expect.poll(listed, { timeout: 10_000 }).toBe(5_500);
    } finally {
      await replica.close();
    }
  });

  it('builds the category tree and products, refusing to drop what still holds stones', async () => {
    const catId = (await owner.adminCreateCategory({ body: { parent_id: catA.root.id, name: 'Rubies', url: 'rubies' } })).category.id;
    await expect(owner.adminUpdateCategory({ params: { id: catA.root.id }, body: { parent_id: catId, name: 'Gemstones', url: 'gemstones' } })).rejects.toMatchObject({ status: 422 });
    const taken = await refusal(owner.adminCreateCategory({ body: { name: 'Again', url: 'rubies' } }));
    expect(taken.errors.url![0]).toContain('already');
    const productId = (await owner.adminCreateProduct({ body: { category_id: catId, name: 'Ruby', alias: 'Manik', url: 'ruby' } })).product.id;
    expect((await shopA.products()).products.map((p) => p.name)).toContain('Ruby');
    await expect(owner.adminDeleteCategory({ params: { id: catId } })).rejects.toMatchObject({ status: 409 });
    await world.stone({ productId });
    await expect(owner.adminDeleteProduct({ params: { id: productId } })).rejects.toMatchObject({ status: 409 });
    const all = await assistant.adminCatalog();
    expect(all.products.find((p) => p.id === productId)!.stones).toBe(1);
    expect(all.ratti_mg).toBe(182);
  });
  it('keeps an uploaded picture for a category and a gem and the storefront shows it in its sizes; another store\'s picture is refused', async () => {
    const upload = async (by: TestClient, background: string) => {
      const data = await sharp({ create: { width: 1200, height: 900, channels: 3, background } }).jpeg().toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'picture.jpg');
      return (await by.adminUploadImage({ form })).photo;
    };
    const ours = await upload(assistant, '#2a4d8f');
    const category = (await assistant.adminCreateCategory({ body: { parent_id: catA.root.id, name: 'Pictured', url: 'pictured', image: ours.name } })).category;
    expect(category).toMatchObject({ image: ours.name, image_src: ours.src });
    const productBody = { category_id: category.id, name: 'Pictured Gem', url: 'pictured-gem', image: ours.name };
    const product = (await assistant.adminCreateProduct({ body: productBody })).product;
    expect(product).toMatchObject({ image: ours.name, image_src: ours.src });

    // The storefront: the picture's middle size as the image, and every size for srcset.
    const root = await shopA.categories({ params: { id: String(catA.root.id) } });
    const shown = root.categories.find((c) => c.url === 'pictured')!;
    expect(shown).toMatchObject({ image: ours.src, picture: { name: ours.name, src: ours.src, srcset: ours.srcset, jpeg: ours.jpeg } });
    expect(shown.picture!.srcset).toContain('400w');
    expect(shown.products[0]).toMatchObject({ primary_image: { filename: ours.src }, picture: { srcset: ours.srcset } });
    const listed = (await shopA.products()).products.find((p) => p.name === 'Pictured Gem')!;
    expect(listed.picture!.srcset).toBe(ours.srcset);
    expect((await t.app.inject({ url: ours.src })).statusCode).toBe(200);
    // A path keeps working as before, and has no sizes.
    const plain = (await shopA.categories({ params: { id: String(catA.root.id) } })).categories.find((c) => c.id === catA.category.id);
    expect(plain).toMatchObject({ image: '/media/sapphires.svg', picture: null });

    // Store B's picture, or a name never uploaded, is refused in store A's forms; nothing changes.
    const theirs = await upload(world.otherOwner, '#8f2a4d');
    const productId = product.id;
    for (const image of [theirs.name, ours.name.replace(/^(stores\/\d+\/img\/)[a-f0-9]{24}/, '$1' + 'f'.repeat(24))]) {
      const res = await refusal(owner.adminUpdateProduct({ params: { id: productId }, body: { ...productBody, image } }));
      expect(res.status, image).toBe(422);
      expect(res.errors.image![0]).toContain('not uploaded to this store');
      const cat = await refusal(owner.adminCreateCategory({ body: { name: 'Theirs', url: 'theirs-picture', image } }));
      expect(cat.errors.image![0]).toContain('not uploaded to this store');
    }
    const [kept] = await t.db.select({ image: products.image }).from(products).where(eq(products.id, productId));
    expect(kept!.image).toBe(ours.name);
    expect(await t.db.select().from(productCategories).where(eq(productCategories.url, 'theirs-picture'))).toEqual([]);
  });
});
