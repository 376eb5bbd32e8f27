import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { adminCatalogRoutes } from '@gemstore/contracts';
import { STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import { auditLog, items, productCategories, products } from '@gemstore/db';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createItem, type createStore } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import { multipart } from './multipart.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;

describe('back-office catalogue', () => {
  let t: TestApp;
  let a: Store;
  let b: Store;
  let catA: Catalog;
  let catB: Catalog;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let customerToken: string;

  const stoneBody = (over: Record<string, unknown> = {}) => ({
    sku: 'BS-100', product_id: catA.product.id, weight_mg: 1100, width_mm: 8, length_mm: 10, depth_mm: 4,
    grade_id: catA.grades[0]!.id, color_id: catA.colors[0]!.id, clarity_id: catA.clarities[0]!.id,
    shape_id: catA.shapes[0]!.id, origin_id: catA.origins[0]!.id,
    certificate_lab: 'GIA', certificate_number: 'GIA-778812', certificate_verification_url: 'https://www.gia.edu/report-check?reportno=778812',
    price: 45500.5, description: 'A clean Ceylon stone.', ...over,
  });
  const storefront = (domain: string, url: string, init: { method?: 'GET' | 'POST'; body?: object; token?: string } = {}) => t.app.inject({
    method: init.method ?? 'GET', url, headers: { domain, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) }, ...(init.body ? { payload: init.body } : {}),
  });
  const listing = async (domain: string, product: string) =>
    (await storefront(domain, '/api/product-items?page=1', { method: 'POST', body: { filter: { product } } })).json().data as { id: number; name: string }[];

  beforeAll(async () => {
    // The storefront's lists are cached for minutes here: a change must still show at once.
    t = await buildTestApp({ STORE_CACHE_SECONDS: '600' });
    ({ a, b, catA, catB, tokens, bOwnerToken, customerToken } = await backOfficeStores(t));
  });
  afterAll(() => t?.close());

  it('lets every role work on the catalogue and refuses customers, guests and other stores\' staff', async () => {
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
    const created = await admin(t, 'a.test', '/stones', { token: tokens.assistant, body: stoneBody() });
    expect(created.statusCode, created.body).toBe(200);
    const stone = created.json().stone;
    // 1100 mg at the store's 182 mg ratti is 6.04 ratti: bucket 5.25+; name and url made from it.
    expect(stone).toMatchObject({ status: 'draft', sku: 'BS-100', carat: 5.5, ratti: 6.04, ratti_id: catA.rattis[1]!.id, price: 45500.5, name: 'Blue Sapphire 6.04 Ratti' });
    expect(stone.url).toBe('blue-sapphire-6-04-ratti-bs-100');
    expect((await listing('a.test', 'blue-sapphire')).map((s) => s.id)).not.toContain(stone.id);
    expect((await storefront('a.test', `/api/item-details/${stone.url}`)).statusCode).toBe(404);

    const published = await admin(t, 'a.test', `/stones/${stone.id}`, { method: 'PUT', token: tokens.assistant, body: stoneBody({ status: 'available' }) });
    expect(published.statusCode, published.body).toBe(200);
    expect((await listing('a.test', 'blue-sapphire')).map((s) => s.id)).toContain(stone.id);
    const page = await storefront('a.test', `/api/item-details/${stone.url}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().item).toMatchObject({ id: stone.id, amounts: { mrpAmount: 45500.5 }, ratti: { rati_standard: 5.25 }, certificate: { lab: 'GIA', number: 'GIA-778812' } });
    // Store B has its own blue-sapphire product: the stone is not there.
    expect((await listing('b.test', 'blue-sapphire')).map((s) => s.id)).not.toContain(stone.id);
    expect((await storefront('b.test', `/api/item-details/${stone.id}`)).statusCode).toBe(404);

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.objectType, 'stone'), eq(auditLog.objectId, String(stone.id))));
    expect(entries.map((e) => e.action).sort()).toEqual(['stone.create', 'stone.update']);
    expect(entries.find((e) => e.action === 'stone.update')!.changes).toEqual({ status: { old: 'draft', new: 'available' } });
  });

  it('hides stones in bulk: they leave the listing, the item page and carts; reserved and sold ones are left alone', async () => {
    const shown = await createItem(t.db, a.id, { catalog: catA, url: 'bulk-one' });
    const reserved = await createItem(t.db, a.id, { catalog: catA, url: 'bulk-two', status: 'reserved' });
    const foreign = await createItem(t.db, b.id, { catalog: catB, url: 'bulk-foreign' });
    const res = await admin(t, 'a.test', '/stones/bulk', { token: tokens.manager, body: { action: 'hide', ids: [shown.id, reserved.id, foreign.id] } });
    expect(res.json()).toEqual({ changed: 1, skipped: 2 });
    // One audit entry per stone changed, none for the ones left alone.
    const bulkEntries = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.action, 'stone.bulk_hide')));
    expect(bulkEntries.map((e) => [e.objectId, e.changes])).toEqual([[String(shown.id), { status: { old: 'available', new: 'hidden' } }]]);
    expect((await listing('a.test', 'blue-sapphire')).map((s) => s.id)).not.toContain(shown.id);
    expect((await storefront('a.test', '/api/item-details/bulk-one')).statusCode).toBe(404);
    const add = await storefront('a.test', '/api/cart-save', { method: 'POST', token: customerToken, body: { itemId: shown.id } });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toContain('no longer for sale');
    const [other] = await t.db.select({ status: items.status }).from(items).where(eq(items.id, foreign.id));
    expect(other!.status).toBe('available');
    // Staff cannot take a reserved stone from its order.
    const edit = await admin(t, 'a.test', `/stones/${reserved.id}`, { method: 'PUT', token: tokens.owner, body: stoneBody({ sku: reserved.gin, status: 'available' }) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('stone_held_by_order');
    const [still] = await t.db.select({ status: items.status }).from(items).where(eq(items.id, reserved.id));
    expect(still!.status).toBe('reserved');
  });

  it('re-prices in bulk by a percentage, to the whole rupee', async () => {
    const stone = await createItem(t.db, a.id, { catalog: catA, pricePaise: 1_234_567 });
    const before = (await storefront('a.test', '/api/product-items?page=1', { method: 'POST', body: { filter: { product: catA.product.url } } })).json().data as { id: number; amounts: { mrpAmount: number } }[];
    expect(before.find((s) => s.id === stone.id)?.amounts.mrpAmount).toBe(12_345.67);
    const res = await admin(t, 'a.test', '/stones/bulk', { token: tokens.owner, body: { action: 'price', ids: [stone.id], percent: 10 } });
    expect(res.json()).toEqual({ changed: 1, skipped: 0 });
    const [row] = await t.db.select({ p: items.pricePaise }).from(items).where(eq(items.id, stone.id));
    expect(row!.p).toBe(1_358_000); // 12,345.67 * 1.1 = 13,580.24 -> 13,580
    // The listing remembers the stones it showed; the new price shows at once all the same.
    const shown = (await storefront('a.test', '/api/product-items?page=1', { method: 'POST', body: { filter: { product: catA.product.url } } })).json().data as { id: number; amounts: { mrpAmount: number } }[];
    expect(shown.find((s) => s.id === stone.id)?.amounts.mrpAmount).toBe(13_580);
    expect((await admin(t, 'a.test', '/stones/bulk', { token: tokens.owner, body: { action: 'price', ids: [stone.id], percent: -95 } })).statusCode).toBe(422);
  });

  it('answers another store\'s ids as absent and never changes them', async () => {
    const theirs = await createItem(t.db, b.id, { catalog: catB, url: 'theirs', pricePaise: 500_000 });
    expect((await admin(t, 'a.test', `/stones/${theirs.id}`, { token: tokens.owner })).statusCode).toBe(404);
    const put = await admin(t, 'a.test', `/stones/${theirs.id}`, { method: 'PUT', token: tokens.owner, body: stoneBody({ sku: 'STEAL-1', price: 1 }) });
    expect(put.statusCode).toBe(404);
    const [row] = await t.db.select({ p: items.pricePaise }).from(items).where(eq(items.id, theirs.id));
    expect(row!.p).toBe(500_000);
    // Store B's product and values in a stone of store A: field errors, nothing written.
    const mixed = await admin(t, 'a.test', '/stones', { token: tokens.owner, body: stoneBody({ sku: 'MIX-1', product_id: catB.product.id, grade_id: catB.grades[0]!.id }) });
    expect(mixed.statusCode).toBe(422);
    expect(Object.keys(mixed.json().errors).sort()).toEqual(['grade_id', 'product_id']);
    expect((await admin(t, 'a.test', `/categories/${catB.category.id}`, { method: 'DELETE', token: tokens.owner })).statusCode).toBe(404);
    expect((await admin(t, 'a.test', `/attributes/grade/${catB.grades[2]!.id}`, { method: 'DELETE', token: tokens.owner })).statusCode).toBe(404);
    const listed = (await admin(t, 'a.test', '/stones?q=STEAL', { token: tokens.owner })).json();
    expect(listed.total).toBe(0);
  });

  it('checks a stone form field by field and keeps SKUs unique per store', async () => {
    const bad = await admin(t, 'a.test', '/stones', { token: tokens.owner, body: stoneBody({ sku: 'no spaces', weight_mg: 0, price: 10.555, certificate_verification_url: 'javascript:alert(1)' }) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['certificate_verification_url', 'price', 'sku', 'weight_mg']);
    await createItem(t.db, a.id, { catalog: catA, gin: 'DUP-1' });
    const dup = await admin(t, 'a.test', '/stones', { token: tokens.owner, body: stoneBody({ sku: 'DUP-1' }) });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.sku[0]).toContain('already');
    // The same SKU in another store is fine.
    await createItem(t.db, b.id, { catalog: catB, gin: 'ONLY-B' });
    expect((await admin(t, 'a.test', '/stones', { token: tokens.owner, body: stoneBody({ sku: 'ONLY-B' }) })).statusCode).toBe(200);
  });

  it('takes a stone\'s treatment by hand: none for a new stone unless told, kept by a change that leaves it out, shown on the shop', async () => {
    const made = await admin(t, 'a.test', '/stones', { token: tokens.owner, body: stoneBody({ sku: 'TR-1', status: 'available' }) });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().stone.id as number;
    expect(made.json().stone.treatment).toBe('none');
    const heated = await admin(t, 'a.test', `/stones/${id}`, { method: 'PUT', token: tokens.owner, body: stoneBody({ sku: 'TR-1', treatment: 'heated' }) });
    expect(heated.statusCode, heated.body).toBe(200);
    expect(heated.json().stone.treatment).toBe('heated');
    // A change that leaves the treatment out keeps it: a disclosure is never dropped by omission.
    const renamed = await admin(t, 'a.test', `/stones/${id}`, { method: 'PUT', token: tokens.owner, body: stoneBody({ sku: 'TR-1', name: 'Renamed' }) });
    expect(renamed.json().stone).toMatchObject({ name: 'Renamed', treatment: 'heated', status: 'available' });
    expect((await admin(t, 'a.test', `/stones/${id}`, { token: tokens.assistant })).json().stone.treatment).toBe('heated');
    const [row] = await t.db.select({ treatment: items.treatment }).from(items).where(eq(items.id, id));
    expect(row!.treatment).toBe('heated');
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.objectId, String(id)), eq(auditLog.action, 'stone.update')));
    expect(audit.some((e) => JSON.stringify(e.changes).includes('heated'))).toBe(true);
    // The shop shows it on the stone's page.
    const page = await storefront('a.test', `/api/item-details/${id}`);
    expect(page.json().item.treatment).toBe('heated');
    // Only the trade's words: "not disclosed" is no treatment.
    const bad = await admin(t, 'a.test', `/stones/${id}`, { method: 'PUT', token: tokens.owner, body: stoneBody({ sku: 'TR-1', treatment: 'not disclosed' }) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['treatment']);
    expect((await admin(t, 'a.test', `/stones/${id}`, { token: tokens.owner })).json().stone.treatment).toBe('heated');
  });

  it('finds stones by SKU or certificate number, filters by status and counts them', async () => {
    await createItem(t.db, a.id, { catalog: catA, gin: 'FIND-77', status: 'sold' });
    const bySku = (await admin(t, 'a.test', '/stones?q=find-7', { token: tokens.assistant })).json();
    expect(bySku.data.map((s: { sku: string }) => s.sku)).toEqual(['FIND-77']);
    expect(bySku.data[0].status).toBe('sold');
    const byCert = (await admin(t, 'a.test', '/stones?q=GIA-7788', { token: tokens.assistant })).json();
    expect(byCert.total).toBeGreaterThanOrEqual(1);
    const drafts = (await admin(t, 'a.test', '/stones?status=draft', { token: tokens.assistant })).json();
    expect(drafts.data.every((s: { status: string }) => s.status === 'draft')).toBe(true);
    // `%` is a character here, not a wildcard.
    expect((await admin(t, 'a.test', '/stones?q=%25', { token: tokens.assistant })).json().total).toBe(0);
  });

  it('lists a page whose stones it has shown before in one statement, and a changed stone afresh', async () => {
    const listing = () => storefront('a.test', '/api/product-items?page=1', { method: 'POST', body: { filter: { product: catA.product.url } } });
    await listing();
    t.queries.count = 0;
    expect((await listing()).statusCode).toBe(200);
    expect(t.queries.count).toBe(1);
  });

  it('shows a renamed attribute value on the storefront at once', async () => {
    const stone = await createItem(t.db, a.id, { catalog: catA, url: 'renamed-origin' });
    expect((await storefront('a.test', '/api/item-details/renamed-origin')).json().item.origin.origin).toBe('Sri Lanka');
    const origin = catA.origins[0]!;
    const res = await admin(t, 'a.test', `/attributes/origin/${origin.id}`, { method: 'PUT', token: tokens.manager, body: { value: 'Ceylon (Sri Lanka)', alias: 'ceylon', sort_order: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storefront('a.test', '/api/item-details/renamed-origin')).json().item.origin.origin).toBe('Ceylon (Sri Lanka)');
    const used = await admin(t, 'a.test', `/attributes/origin/${origin.id}`, { method: 'DELETE', token: tokens.manager });
    expect(used.statusCode).toBe(409);
    void stone;
  });

  it('clears the copy of the store\'s lists in every other process on the database when the catalogue changes', async () => {
    // A second replica: its own services and caches, the same database.
    const replica = await buildApp({ config: t.config, db: t.db, connections: t.connections, web: false, logger: false });
    try {
      await createItem(t.db, a.id, { catalog: catA, url: 'seen-by-replica', clarityId: catA.clarities[1]!.id });
      const read = async () => (await replica.inject({ url: '/api/item-details/seen-by-replica', headers: { domain: 'a.test' } })).json().item.clarity.clarity;
      expect(await read()).toBe('VS');
      const res = await admin(t, 'a.test', `/attributes/clarity/${catA.clarities[1]!.id}`, { method: 'PUT', token: tokens.owner, body: { value: 'VS1', alias: 'vs1', sort_order: 1 } });
      expect(res.statusCode).toBe(200);
      // The notice arrives when the write commits, a moment after the answer.
      await expect.poll(read, { timeout: 10_000 }).toBe('VS1');
      // A stone the replica's listing showed (and so remembers) shows its new price there too.
      const stone = await createItem(t.db, a.id, { catalog: catA, url: 'priced-for-replica', pricePaise: 500_000 });
      const listed = async () => ((await replica.inject({ method: 'POST', url: '/api/product-items?page=1', headers: { domain: 'a.test' }, payload: { filter: { product: catA.product.url } } }))
        .json().data as { id: number; amounts: { mrpAmount: number } }[]).find((s) => s.id === stone.id)?.amounts.mrpAmount;
      expect(await listed()).toBe(5_000);
      const edit = await admin(t, 'a.test', '/stones/bulk', { token: tokens.owner, body: { action: 'price', ids: [stone.id], percent: 10 } });
      expect(edit.statusCode, edit.body).toBe(200);
      await expect.poll(listed, { timeout: 10_000 }).toBe(5_500);
    } finally {
      await replica.close();
    }
  });

  it('builds the category tree and products, refusing to drop what still holds stones', async () => {
    const cat = await admin(t, 'a.test', '/categories', { token: tokens.owner, body: { parent_id: catA.root.id, name: 'Rubies', url: 'rubies' } });
    expect(cat.statusCode, cat.body).toBe(200);
    const catId = cat.json().category.id;
    const loop = await admin(t, 'a.test', `/categories/${catA.root.id}`, { method: 'PUT', token: tokens.owner, body: { parent_id: catId, name: 'Gemstones', url: 'gemstones' } });
    expect(loop.statusCode).toBe(422);
    const taken = await admin(t, 'a.test', '/categories', { token: tokens.owner, body: { name: 'Again', url: 'rubies' } });
    expect(taken.json().errors.url[0]).toContain('already');
    const product = await admin(t, 'a.test', '/products', { token: tokens.owner, body: { category_id: catId, name: 'Ruby', alias: 'Manik', url: 'ruby' } });
    expect(product.statusCode, product.body).toBe(200);
    const productId = product.json().product.id;
    expect((await storefront('a.test', '/api/products')).json().products.map((p: { name: string }) => p.name)).toContain('Ruby');
    expect((await admin(t, 'a.test', `/categories/${catId}`, { method: 'DELETE', token: tokens.owner })).statusCode).toBe(409);
    await createItem(t.db, a.id, { catalog: catA, productId });
    const drop = await admin(t, 'a.test', `/products/${productId}`, { method: 'DELETE', token: tokens.owner });
    expect(drop.statusCode).toBe(409);
    const all = (await admin(t, 'a.test', '/catalog', { token: tokens.assistant })).json();
    expect(all.products.find((p: { id: number }) => p.id === productId).stones).toBe(1);
    expect(all.ratti_mg).toBe(182);
  });
  it('keeps an uploaded picture for a category and a gem and the storefront shows it in its sizes; another store\'s picture is refused', async () => {
    const upload = async (domain: string, token: string, background: string) => {
      const data = await sharp({ create: { width: 1200, height: 900, channels: 3, background } }).jpeg().toBuffer();
      const { payload, contentType } = multipart([['file', data, 'picture.jpg', 'image/jpeg']]);
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { domain, 'content-type': contentType, authorization: `Bearer ${token}` } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().photo as { name: string; src: string; srcset: string; jpeg: string };
    };
    const ours = await upload('a.test', tokens.assistant, '#2a4d8f');
    const category = await admin(t, 'a.test', '/categories', { token: tokens.assistant, body: { parent_id: catA.root.id, name: 'Pictured', url: 'pictured', image: ours.name } });
    expect(category.statusCode, category.body).toBe(200);
    expect(category.json().category).toMatchObject({ image: ours.name, image_src: ours.src });
    const productBody = { category_id: category.json().category.id, name: 'Pictured Gem', url: 'pictured-gem', image: ours.name };
    const product = await admin(t, 'a.test', '/products', { token: tokens.assistant, body: productBody });
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json().product).toMatchObject({ image: ours.name, image_src: ours.src });

    // The storefront: the picture's middle size as the image, and every size for srcset.
    const root = (await storefront('a.test', `/api/categories/${catA.root.id}`)).json();
    const shown = root.categories.find((c: { url: string }) => c.url === 'pictured');
    expect(shown).toMatchObject({ image: ours.src, picture: { name: ours.name, src: ours.src, srcset: ours.srcset, jpeg: ours.jpeg } });
    expect(shown.picture.srcset).toContain('400w');
    expect(shown.products[0]).toMatchObject({ primary_image: { filename: ours.src }, picture: { srcset: ours.srcset } });
    const listed = (await storefront('a.test', '/api/products')).json().products.find((p: { name: string }) => p.name === 'Pictured Gem');
    expect(listed.picture.srcset).toBe(ours.srcset);
    expect((await t.app.inject({ url: ours.src })).statusCode).toBe(200);
    // A path keeps working as before, and has no sizes.
    const plain = (await storefront('a.test', `/api/categories/${catA.root.id}`)).json().categories.find((c: { id: number }) => c.id === catA.category.id);
    expect(plain).toMatchObject({ image: '/media/sapphires.svg', picture: null });

    // Store B's picture, or a name never uploaded, is refused in store A's forms; nothing changes.
    const theirs = await upload('b.test', bOwnerToken, '#8f2a4d');
    const productId = product.json().product.id;
    for (const image of [theirs.name, ours.name.replace(/^(stores\/\d+\/img\/)[a-f0-9]{24}/, '$1' + 'f'.repeat(24))]) {
      const res = await admin(t, 'a.test', `/products/${productId}`, { method: 'PUT', token: tokens.owner, body: { ...productBody, image } });
      expect(res.statusCode, image).toBe(422);
      expect(res.json().errors.image[0]).toContain('not uploaded to this store');
      const cat = await admin(t, 'a.test', '/categories', { token: tokens.owner, body: { name: 'Theirs', url: 'theirs-picture', image } });
      expect(cat.json().errors.image[0]).toContain('not uploaded to this store');
    }
    const [kept] = await t.db.select({ image: products.image }).from(products).where(eq(products.id, productId));
    expect(kept!.image).toBe(ours.name);
    expect(await t.db.select().from(productCategories).where(eq(productCategories.url, 'theirs-picture'))).toEqual([]);
  });
});
