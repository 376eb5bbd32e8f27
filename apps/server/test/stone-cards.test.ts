import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { caratsFromMg, type Item } from '@gemstore/contracts';
import { clarities, colors, grades, items, origins, productCategories, products, rattis, shapes } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createCatalog, createItem, createStore } from './factories.ts';

// Stones are read as cards the database writes (migration 0003_stone_cards.sql). These tests hold
// the cards to the contract's Item built here from the stone's own row and names, and prove that
// every change a card shows rewrites it at once.

let t: TestApp;
let storeId: number;
let domain: string;
let cat: Catalog;

beforeAll(async () => {
  t = await buildTestApp();
  const store = await createStore(t.db, { domain: 'cards.test' });
  storeId = store.id;
  domain = store.domain;
  cat = await createCatalog(t.db, storeId);
});
afterAll(() => t?.close());

async function detail(ref: string | number) {
  const res = await t.app.inject({ url: `/api/item-details/${ref}`, headers: { domain } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ item: Item & { description: string } }>().item;
}

/** The Item the contract describes, from the stone's row and the current names it shows. */
async function expectedItem(id: number): Promise<Item> {
  const [r] = await t.db.select().from(items).where(eq(items.id, id));
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
  const product = await one(t.db.select().from(products).where(eq(products.id, r!.productId)));
  const category = await one(t.db.select().from(productCategories).where(eq(productCategories.id, product.categoryId)));
  const grade = await one(t.db.select().from(grades).where(eq(grades.id, r!.gradeId)));
  // The five attribute masters share one shape (schema/catalog.ts attributeTable).
  const named = async (table: typeof colors | typeof clarities | typeof shapes | typeof origins, id: number) =>
    (await one(t.db.select().from(table as typeof colors).where(eq((table as typeof colors).id, id)))).value;
  const ratti = await one(t.db.select().from(rattis).where(eq(rattis.id, r!.rattiId)));
  return {
    id: r!.id, gin: r!.gin, sku: `${r!.storeId}-${r!.gin}`, name: r!.name, url: [{ url: r!.url }],
    weight: r!.weightMg, carat: caratsFromMg(r!.weightMg), width: r!.widthMm, length: r!.lengthMm, depth: r!.depthMm,
    image: r!.image, certificate_image: r!.certificateImage,
    certificate: { lab: r!.certificateLab, number: r!.certificateNumber },
    amounts: { mrpAmount: r!.pricePaise / 100 },
    product: { id: product.id, name: product.name, alias: product.alias, url: product.url, category_url: category.url },
    ratti: { id: ratti.id, rati_standard: ratti.ratiStandard },
    color: { id: r!.colorId, color: await named(colors, r!.colorId) },
    clarity: { id: r!.clarityId, clarity: await named(clarities, r!.clarityId) },
    product_grade: { id: grade.id, alias: grade.alias, grade: grade.value },
    origin: { id: r!.originId, origin: await named(origins, r!.originId) },
    shape: { id: r!.shapeId, shape: await named(shapes, r!.shapeId) },
    status: r!.status,
  };
}

describe('stone cards', () => {
  it('show a new stone exactly as the contract describes it, awkward text and paise included', async () => {
    const stone = await createItem(t.db, storeId, {
      catalog: cat, url: 'odd-text', name: 'Blue "Royal" Sapphire \\ 5¼ ratti ✓ 💎', pricePaise: 1_234_567, weightMg: 1_001,
      description: '<p>Line one\nline "two"</p>',
    });
    const item = await detail('odd-text');
    expect(item).toEqual({ ...(await expectedItem(stone.id)), description: '<p>Line one\nline "two"</p>' });
    expect(item.amounts.mrpAmount).toBe(12_345.67);
    expect(item.carat).toBe(5.01);
  });

  it('agree with the contract on carats and rupees for every weight up to 100 carats', async () => {
    const stone = await createItem(t.db, storeId, { catalog: cat });
    // item_card over the stone's row with only weight and price replaced, for 20,000 weights at once.
    const rows = await t.db.select({
      g: sql<number>`g`,
      card: sql<string>`item_card(jsonb_populate_record(i, jsonb_build_object('weight_mg', g, 'price_paise', g::bigint * 12347 + 3)))`,
    }).from(sql`items i, generate_series(1, 20000) g`).where(sql`i.id = ${stone.id}`);
    expect(rows).toHaveLength(20_000);
    const wrong = rows.map(({ g, card }) => ({ g: Number(g), card: JSON.parse(card) as Item }))
      .filter(({ g, card }) => card.carat !== caratsFromMg(g) || card.amounts.mrpAmount !== (g * 12_347 + 3) / 100);
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  it('follow every change to the stone, its product, its category and its attribute values', async () => {
    const stone = await createItem(t.db, storeId, { catalog: cat, url: 'renamed', pricePaise: 500_000 });
    const check = async () => expect(await detail('renamed')).toEqual({ ...(await expectedItem(stone.id)), description: stone.description });
    await check();

    await t.db.update(items).set({ pricePaise: 450_050, status: 'reserved', name: 'Renamed stone' }).where(eq(items.id, stone.id));
    await check();
    await t.db.update(products).set({ name: 'Neelam "Blue"', alias: 'Blue', url: 'neelam' }).where(eq(products.id, cat.product.id));
    await t.db.update(productCategories).set({ url: 'sapphire-stones' }).where(eq(productCategories.id, cat.category.id));
    await t.db.update(grades).set({ value: 'AAA+', alias: 'Collector' }).where(eq(grades.id, stone.gradeId));
    await t.db.update(colors).set({ value: 'Peacock' }).where(eq(colors.id, stone.colorId));
    await t.db.update(clarities).set({ value: 'Loupe clean' }).where(eq(clarities.id, stone.clarityId));
    await t.db.update(shapes).set({ value: 'Cushion' }).where(eq(shapes.id, stone.shapeId));
    await t.db.update(origins).set({ value: 'Kashmir' }).where(eq(origins.id, stone.originId));
    await t.db.update(rattis).set({ ratiStandard: 3.5 }).where(eq(rattis.id, stone.rattiId));
    const item = await detail('renamed');
    expect(item).toMatchObject({
      name: 'Renamed stone', status: 'reserved', amounts: { mrpAmount: 4500.5 },
      product: { name: 'Neelam "Blue"', alias: 'Blue', url: 'neelam', category_url: 'sapphire-stones' },
      product_grade: { grade: 'AAA+', alias: 'Collector' }, color: { color: 'Peacock' }, clarity: { clarity: 'Loupe clean' },
      shape: { shape: 'Cushion' }, origin: { origin: 'Kashmir' }, ratti: { rati_standard: 3.5 },
    });
    await check();

    // Moving the product to another category shows the new category's url.
    const [other] = await t.db.insert(productCategories).values({ storeId, parentId: cat.root.id, name: 'Precious', url: 'precious' }).returning();
    await t.db.update(products).set({ categoryId: other!.id }).where(eq(products.id, cat.product.id));
    expect((await detail('renamed')).product.category_url).toBe('precious');
  });

  it('leave other stores alone when a value with the same name changes', async () => {
    const otherStore = await createStore(t.db, { domain: 'cards-other.test' });
    const otherCat = await createCatalog(t.db, otherStore.id, 'o-');
    const theirs = await createItem(t.db, otherStore.id, { catalog: otherCat, url: 'theirs' });
    await t.db.update(grades).set({ value: 'Changed here only' }).where(eq(grades.id, cat.grades[1]!.id));
    const res = await t.app.inject({ url: '/api/item-details/theirs', headers: { domain: otherStore.domain } });
    expect(res.json().item.product_grade.grade).toBe(otherCat.grades[0]!.value);
    expect(res.json().item).toEqual({ ...(await expectedItem(theirs.id)), description: theirs.description });
  });
});
