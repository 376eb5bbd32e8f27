import { and, eq } from 'drizzle-orm';
import { rattiBucketOf } from '@gemstore/contracts/constants';
import type { Database } from '../client.ts';
import {
  clarities, colors, grades, origins, productCategories, productColors, productOrigins, products, rattis, shapes,
} from '../schema/index.ts';
import { categoryImagePath, productImagePath } from './media.ts';

/** Drizzle's transaction handle: everything here runs on a database or inside a transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

// ---------------------------------------------------------------------------------------------
// Attribute masters. Every store gets the same ladders; the values are what the listing filters
// show, so they use the words of Indian gem retail.
// ---------------------------------------------------------------------------------------------

export interface ColorDef { name: string; base: string; light: string; dark: string }
export const COLORS: readonly ColorDef[] = [
  { name: 'Royal Blue', base: '#1f3fa8', light: '#6f8cff', dark: '#0b1a5c' },
  { name: 'Cornflower Blue', base: '#4a74d9', light: '#a6c0ff', dark: '#1d3a8a' },
  { name: 'Pigeon Blood Red', base: '#b0102a', light: '#ff5a6e', dark: '#5c0412' },
  { name: 'Pinkish Red', base: '#d23a62', light: '#ff9ab5', dark: '#7a1433' },
  { name: 'Vivid Green', base: '#0f8f4f', light: '#5fe39a', dark: '#04472a' },
  { name: 'Golden Yellow', base: '#f0b400', light: '#ffe27a', dark: '#9a6a00' },
  { name: 'Canary Yellow', base: '#f5d90a', light: '#fff6a0', dark: '#a08a00' },
  { name: 'Honey', base: '#c77a1c', light: '#f5c27a', dark: '#6e3e08' },
  { name: 'Cinnamon', base: '#a8481c', light: '#e99565', dark: '#5a2208' },
  { name: 'Greenish Yellow', base: '#a8a524', light: '#e6e58a', dark: '#5c5a0a' },
  { name: 'Orange Red', base: '#e0462a', light: '#ff9a7a', dark: '#8a1c0a' },
  { name: 'White', base: '#e9eef5', light: '#ffffff', dark: '#9aa6b8' },
  { name: 'Cream', base: '#f1e4c8', light: '#fffaf0', dark: '#b8a27a' },
];

export const GRADES = [
  { value: 'Premium', alias: 'AA', share: 50, priceFactor: 1 },
  { value: 'Super Premium', alias: 'AAA', share: 35, priceFactor: 1.6 },
  { value: 'Exclusive', alias: 'AAAA', share: 15, priceFactor: 2.6 },
] as const;

export const CLARITIES = [
  { value: 'Eye Clean', priceFactor: 1.4 },
  { value: 'Very Slightly Included', priceFactor: 1.15 },
  { value: 'Slightly Included', priceFactor: 1 },
  { value: 'Included', priceFactor: 0.7 },
  { value: 'Opaque', priceFactor: 1 },
] as const;
export type Clarity = (typeof CLARITIES)[number]['value'];

/** Shapes with the proportions used to turn a weight into millimetres (width/length, depth/width, fill of the box). */
export const SHAPES = [
  { value: 'Oval', ratio: 0.78, depth: 0.62, fill: 0.58 },
  { value: 'Cushion', ratio: 0.9, depth: 0.64, fill: 0.62 },
  { value: 'Round', ratio: 1, depth: 0.62, fill: 0.6 },
  { value: 'Pear', ratio: 0.68, depth: 0.6, fill: 0.5 },
  { value: 'Emerald Cut', ratio: 0.74, depth: 0.62, fill: 0.7 },
  { value: 'Heart', ratio: 0.95, depth: 0.58, fill: 0.52 },
  { value: 'Octagon', ratio: 0.82, depth: 0.62, fill: 0.68 },
  { value: 'Cabochon', ratio: 0.8, depth: 0.55, fill: 0.6 },
] as const;
export type Shape = (typeof SHAPES)[number]['value'];

export const ORIGINS = [
  { value: 'Ceylon (Sri Lanka)', alias: 'Ceylon', slug: 'ceylon' },
  { value: 'Burma (Myanmar)', alias: 'Burma', slug: 'burma' },
  { value: 'Thailand', alias: 'Thailand', slug: 'thailand' },
  { value: 'Madagascar', alias: 'Madagascar', slug: 'madagascar' },
  { value: 'Tanzania', alias: 'Tanzania', slug: 'tanzania' },
  { value: 'Kashmir', alias: 'Kashmir', slug: 'kashmir' },
  { value: 'Colombia', alias: 'Colombia', slug: 'colombia' },
  { value: 'Zambia', alias: 'Zambia', slug: 'zambia' },
  { value: 'Brazil', alias: 'Brazil', slug: 'brazil' },
  { value: 'Mozambique', alias: 'Mozambique', slug: 'mozambique' },
  { value: 'India', alias: 'India', slug: 'india' },
  { value: 'Basra', alias: 'Basra', slug: 'basra' },
  { value: 'Japan', alias: 'Japan', slug: 'japan' },
  { value: 'Italy', alias: 'Italy', slug: 'italy' },
] as const;
export type Origin = (typeof ORIGINS)[number]['value'];

/** Standard ratti buckets ("5.25+"): 1.25 … 20.25, then 25.25 and 30.25. */
export const RATTI_STANDARDS: readonly number[] = [
  ...Array.from({ length: 20 }, (_, i) => i + 1.25),
  25.25, 30.25,
];

/** The bucket of a weight among the standard buckets (contracts' rattiBucketOf: the stone form files stones the same way). */
export function rattiBucket(ratti: number): number {
  return rattiBucketOf(ratti, RATTI_STANDARDS);
}

export const LABS = ['GIA', 'IGI', 'GII', 'IIGJ', 'GRS'] as const;
export type Lab = (typeof LABS)[number];

// ---------------------------------------------------------------------------------------------
// Product categories and the nine classic stones.
// ---------------------------------------------------------------------------------------------

/**
 * HSN code and GST rate (basis points of a percent) of each gem type (docs/architecture.md, "Money");
 * gems not named here are 7103 at 0.25%. Worked coral is heading 9601, not 7103: seeded at 12% as
 * first notified; a store checks the current notification before going live (rates are store data).
 */
export const GEM_TAX: Record<string, { hsnCode: string; gstRateBp: number }> = {
  diamond: { hsnCode: '7102', gstRateBp: 150 },
  pearl: { hsnCode: '7101', gstRateBp: 300 },
  'red-coral': { hsnCode: '9601', gstRateBp: 1200 },
};

export const ROOT_CATEGORY = { name: 'Gemstones', url: 'gemstones' } as const;

export const CATEGORIES = [
  { key: 'precious', name: 'Precious Gemstones', url: 'precious-gemstones' },
  { key: 'navratna', name: 'Navratna Gemstones', url: 'navratna-gemstones' },
] as const;
export type CategoryKey = (typeof CATEGORIES)[number]['key'];

/** How a stone is drawn: faceted coloured stone, brilliant-cut diamond, cabochon, or pearl. */
export type Drawing = 'faceted' | 'brilliant' | 'cabochon' | 'pearl';

export interface GemDef {
  name: string;
  alias: string;
  url: string;
  category: CategoryKey;
  ginPrefix: string;
  /** Relative share of the catalogue. */
  share: number;
  colors: readonly (readonly [string, number])[];
  /** Origin, relative share, price factor. */
  origins: readonly (readonly [Origin, number, number])[];
  /** Origins the gem also comes from that the demo's stones do not use: the stone form offers them with the others. */
  alsoFrom?: readonly Origin[];
  shapes: readonly (readonly [Shape, number])[];
  clarities: readonly (readonly [Clarity, number])[];
  labs: readonly (readonly [Lab, number])[];
  weightMg: readonly [number, number];
  /** Rupees per carat for a Premium, slightly included stone of about one carat. */
  perCaratRupees: readonly [number, number];
  /** Specific gravity (g/cm³ = mg/mm³), to size the stone from its weight. */
  sg: number;
  drawing: Drawing;
  description: string;
  /** A line for each stone's description. */
  note: string;
}

const faceted = [['Oval', 5], ['Cushion', 3], ['Round', 1], ['Pear', 1], ['Octagon', 1], ['Heart', 0.5]] as const;
const transparentClarity = [['Eye Clean', 3], ['Very Slightly Included', 4], ['Slightly Included', 3], ['Included', 1]] as const;

export const GEMS: readonly GemDef[] = [
  {
    name: 'Ruby', alias: 'Manik', url: 'ruby', category: 'precious', ginPrefix: 'RU', share: 11,
    colors: [['Pigeon Blood Red', 2], ['Pinkish Red', 3]],
    origins: [['Burma (Myanmar)', 2, 1.8], ['Mozambique', 3, 1.2], ['Thailand', 2, 0.8], ['Madagascar', 2, 0.9], ['Tanzania', 1, 0.7]],
    alsoFrom: ['Ceylon (Sri Lanka)', 'India'],
    shapes: faceted, clarities: transparentClarity, labs: [['GRS', 2], ['GIA', 2], ['IGI', 2], ['GII', 2]],
    weightMg: [250, 2200], perCaratRupees: [9000, 38000], sg: 4.0, drawing: 'faceted',
    description: 'Ruby (Manik) is the red variety of corundum and the gem of the Sun in Vedic astrology. Look for a saturated red with a faint blue undertone, good brilliance and no dark windows. Burmese rubies glow under light because of their chromium; Mozambique stones are cleaner and often larger for the money. Every ruby we sell is natural and comes with a laboratory report stating any heat treatment.',
    note: 'Natural ruby with strong red fluorescence and a lively face-up colour.',
  },
  {
    name: 'Blue Sapphire', alias: 'Neelam', url: 'blue-sapphire', category: 'precious', ginPrefix: 'BS', share: 15,
    colors: [['Royal Blue', 2], ['Cornflower Blue', 3]],
    origins: [['Ceylon (Sri Lanka)', 5, 1.2], ['Kashmir', 0.4, 3.2], ['Thailand', 2, 0.8], ['Madagascar', 2, 0.9], ['Burma (Myanmar)', 1, 1.4]],
    alsoFrom: ['Tanzania'],
    shapes: faceted, clarities: transparentClarity, labs: [['GRS', 2], ['GIA', 2], ['IGI', 2], ['GII', 2]],
    weightMg: [300, 3200], perCaratRupees: [7000, 32000], sg: 4.0, drawing: 'faceted',
    description: 'Blue Sapphire (Neelam) is corundum coloured by iron and titanium, and the gem of Saturn. Ceylon sapphires show a bright cornflower to royal blue with excellent lustre; Kashmir stones, now very rare, have a velvety blue. Choose even colour with no strong zoning and a clean table. Each stone is certified, and unheated stones are marked as such on the report.',
    note: 'Natural blue sapphire with even colour and a bright, well-cut crown.',
  },
  {
    name: 'Emerald', alias: 'Panna', url: 'emerald', category: 'precious', ginPrefix: 'EM', share: 11,
    colors: [['Vivid Green', 1]],
    origins: [['Colombia', 3, 1.5], ['Zambia', 4, 1], ['Brazil', 2, 0.7]],
    alsoFrom: ['Madagascar', 'India'],
    shapes: [['Emerald Cut', 4], ['Octagon', 2], ['Oval', 2], ['Cushion', 1], ['Pear', 1]],
    clarities: [['Eye Clean', 1], ['Very Slightly Included', 3], ['Slightly Included', 4], ['Included', 2]],
    labs: [['GRS', 1], ['GIA', 2], ['IGI', 2], ['GII', 2]],
    weightMg: [250, 2400], perCaratRupees: [6000, 30000], sg: 2.72, drawing: 'faceted',
    description: 'Emerald (Panna) is green beryl and the gem of Mercury. Some inclusions, the "jardin", are expected; a vivid, slightly bluish green matters more than perfect clarity. Colombian emeralds are prized for their warm green, Zambian stones for their depth of colour and clarity. Most emeralds are oiled; the certificate states the degree of clarity enhancement.',
    note: 'Natural emerald with a typical garden of inclusions and a vivid green body colour.',
  },
  {
    name: 'Diamond', alias: 'Heera', url: 'diamond', category: 'precious', ginPrefix: 'DI', share: 7,
    colors: [['White', 1]],
    origins: [['India', 1, 1.2], ['Brazil', 1, 1], ['Tanzania', 1, 1]],
    shapes: [['Round', 5], ['Oval', 1], ['Pear', 1], ['Heart', 0.5], ['Cushion', 1], ['Emerald Cut', 1]],
    clarities: [['Eye Clean', 3], ['Very Slightly Included', 4], ['Slightly Included', 2]],
    labs: [['GIA', 3], ['IGI', 2]],
    weightMg: [230, 620], perCaratRupees: [85000, 240000], sg: 3.52, drawing: 'brilliant',
    description: 'Diamond (Heera) is the gem of Venus and the hardest natural material. Value follows the four Cs: cut, colour, clarity and carat. For astrological use a clean, colourless stone of at least one carat is usually advised. All our diamonds are natural and mined, never laboratory-grown, and graded by GIA or IGI.',
    note: 'Natural, mined diamond; colourless to near colourless with bright fire.',
  },
  {
    name: 'Yellow Sapphire', alias: 'Pukhraj', url: 'yellow-sapphire', category: 'navratna', ginPrefix: 'YS', share: 15,
    colors: [['Golden Yellow', 3], ['Canary Yellow', 2]],
    origins: [['Ceylon (Sri Lanka)', 6, 1.2], ['Thailand', 2, 0.8], ['Madagascar', 2, 0.9], ['Tanzania', 1, 0.8]],
    shapes: faceted, clarities: transparentClarity, labs: [['GII', 2], ['IGI', 2], ['IIGJ', 2], ['GRS', 1]],
    weightMg: [400, 3600], perCaratRupees: [3500, 16000], sg: 4.0, drawing: 'faceted',
    description: 'Yellow Sapphire (Pukhraj) is the gem of Jupiter, worn for wisdom and prosperity. Ceylon pukhraj has a clean, bright canary to golden colour; the finest are eye clean with no brown tint. Many buyers prefer unheated stones for astrological wear, so the report states whether the stone was heated.',
    note: 'Natural yellow sapphire with a bright, clean yellow and good lustre.',
  },
  {
    name: 'Hessonite', alias: 'Gomed', url: 'hessonite', category: 'navratna', ginPrefix: 'HE', share: 10,
    colors: [['Honey', 3], ['Cinnamon', 2]],
    origins: [['Ceylon (Sri Lanka)', 4, 1.2], ['India', 2, 0.8], ['Tanzania', 2, 1], ['Madagascar', 1, 0.9]],
    shapes: [['Oval', 5], ['Cushion', 2], ['Octagon', 2], ['Round', 1], ['Pear', 1]],
    clarities: [['Eye Clean', 2], ['Very Slightly Included', 4], ['Slightly Included', 3]],
    labs: [['GII', 2], ['IGI', 2], ['IIGJ', 3]],
    weightMg: [500, 3800], perCaratRupees: [450, 2200], sg: 3.63, drawing: 'faceted',
    description: 'Hessonite (Gomed) is a calcium-aluminium garnet and the gem of Rahu. The classic colour is a warm honey or cinnamon brown; look for transparency and the characteristic "treacle" swirl under magnification, which confirms it is natural. Ceylon gomed is the traditional choice.',
    note: 'Natural hessonite garnet with a warm, transparent body colour.',
  },
  {
    name: "Cat's Eye", alias: 'Lehsunia', url: 'cats-eye', category: 'navratna', ginPrefix: 'CE', share: 9,
    colors: [['Honey', 3], ['Greenish Yellow', 2]],
    origins: [['Ceylon (Sri Lanka)', 4, 1.3], ['India', 3, 0.8], ['Brazil', 1, 1]],
    shapes: [['Cabochon', 1]],
    clarities: [['Very Slightly Included', 2], ['Slightly Included', 3], ['Included', 1]],
    labs: [['GII', 2], ['IGI', 2], ['IIGJ', 2]],
    weightMg: [500, 3600], perCaratRupees: [1500, 9000], sg: 3.72, drawing: 'cabochon',
    description: "Cat's Eye (Lehsunia) is chrysoberyl cut as a cabochon to show a single sharp band of light, and the gem of Ketu. A good stone has a thin, straight, centred eye that opens and closes as the stone turns under a light. Honey-coloured Ceylon stones with a milky-white eye are the most sought after.",
    note: "Natural chrysoberyl cat's eye with a sharp, centred band of light.",
  },
  {
    name: 'Red Coral', alias: 'Moonga', url: 'red-coral', category: 'navratna', ginPrefix: 'RC', share: 9,
    colors: [['Orange Red', 3], ['Pinkish Red', 1]],
    origins: [['Italy', 3, 1.2], ['Japan', 2, 1.1]],
    shapes: [['Oval', 3], ['Cabochon', 2], ['Round', 1], ['Pear', 1]],
    clarities: [['Opaque', 1]],
    labs: [['GII', 2], ['IGI', 1], ['IIGJ', 2]],
    weightMg: [900, 5600], perCaratRupees: [140, 650], sg: 2.65, drawing: 'cabochon',
    description: 'Red Coral (Moonga) is the skeleton of marine coral and the gem of Mars. Italian and Japanese corals have a dense, even orange-red to ox-blood colour and polish to a soft glow. Avoid dyed or "reconstructed" coral: our coral is natural and certified, with no filling or colour treatment.',
    note: 'Natural, undyed red coral with a dense, even colour and a smooth polish.',
  },
  {
    name: 'Pearl', alias: 'Moti', url: 'pearl', category: 'navratna', ginPrefix: 'PE', share: 8,
    colors: [['White', 2], ['Cream', 1]],
    origins: [['Japan', 4, 1], ['Basra', 1, 6]],
    shapes: [['Round', 4], ['Oval', 2], ['Pear', 1]],
    clarities: [['Opaque', 1]],
    labs: [['GII', 2], ['IGI', 1], ['GIA', 1]],
    weightMg: [800, 5200], perCaratRupees: [180, 900], sg: 2.7, drawing: 'pearl',
    description: 'Pearl (Moti) is the gem of the Moon, worn for calm and emotional balance. Judge a pearl by its lustre (sharp reflections), surface, shape and size. Natural Basra pearls from the Persian Gulf are rare and command a high premium; Japanese Akoya pearls are cultured and offer excellent lustre for the price. The report states natural or cultured.',
    note: 'Pearl with a bright, mirror-like lustre and a clean surface.',
  },
];

export function categoryOf(gem: GemDef) {
  return CATEGORIES.find((c) => c.key === gem.category)!;
}

export function colorDef(name: string): ColorDef {
  const c = COLORS.find((x) => x.name === name);
  if (!c) throw new Error(`unknown colour ${name}`);
  return c;
}

export function originDef(name: string) {
  const o = ORIGINS.find((x) => x.value === name);
  if (!o) throw new Error(`unknown origin ${name}`);
  return o;
}

export function shapeDef(name: string) {
  const s = SHAPES.find((x) => x.value === name);
  if (!s) throw new Error(`unknown shape ${name}`);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Writing a store's catalogue.
// ---------------------------------------------------------------------------------------------

/** Database ids of one store's catalogue, by the names above. */
export interface CatalogueIds {
  rootCategoryId: number;
  productIds: Map<string, number>;
  gradeIds: Map<string, number>;
  colorIds: Map<string, number>;
  clarityIds: Map<string, number>;
  shapeIds: Map<string, number>;
  originIds: Map<string, number>;
  /** By rati_standard. */
  rattiIds: Map<number, number>;
}

function byName<T extends { id: number }, K extends string | number>(rows: T[], key: (r: T) => K): Map<K, number> {
  return new Map(rows.map((r) => [key(r), r.id] as const));
}

/** Creates the categories, the nine products and the attribute masters of a new store. */
export async function createCatalogue(db: DbOrTx, storeId: number): Promise<CatalogueIds> {
  const [root] = await db.insert(productCategories)
    .values({ storeId, parentId: null, name: ROOT_CATEGORY.name, url: ROOT_CATEGORY.url, image: categoryImagePath(ROOT_CATEGORY.url), sortOrder: 0 })
    .returning({ id: productCategories.id });
  const children = await db.insert(productCategories)
    .values(CATEGORIES.map((c, i) => ({ storeId, parentId: root!.id, name: c.name, url: c.url, image: categoryImagePath(c.url), sortOrder: i + 1 })))
    .returning({ id: productCategories.id, url: productCategories.url });
  const categoryIds = byName(children, (r) => r.url);
  const productRows = await db.insert(products).values(GEMS.map((g, i) => ({
    storeId, categoryId: categoryIds.get(categoryOf(g).url)!, name: g.name, alias: g.alias, url: g.url,
    description: g.description, image: productImagePath(g.url), sortOrder: i + 1, ...GEM_TAX[g.url],
  }))).returning({ id: products.id, url: products.url });

  const ladder = (values: { value: string; alias: string }[]) =>
    values.map((v, i) => ({ storeId, value: v.value, alias: v.alias, sortOrder: i + 1 }));
  const [g, c, cl, s, o, r] = await Promise.all([
    db.insert(grades).values(ladder(GRADES.map((x) => ({ value: x.value, alias: x.alias }))))
      .returning({ id: grades.id, value: grades.value }),
    db.insert(colors).values(ladder(COLORS.map((x) => ({ value: x.name, alias: x.name }))))
      .returning({ id: colors.id, value: colors.value }),
    db.insert(clarities).values(ladder(CLARITIES.map((x) => ({ value: x.value, alias: x.value }))))
      .returning({ id: clarities.id, value: clarities.value }),
    db.insert(shapes).values(ladder(SHAPES.map((x) => ({ value: x.value, alias: x.value }))))
      .returning({ id: shapes.id, value: shapes.value }),
    db.insert(origins).values(ladder(ORIGINS.map((x) => ({ value: x.value, alias: x.alias }))))
      .returning({ id: origins.id, value: origins.value }),
    db.insert(rattis).values(RATTI_STANDARDS.map((ratiStandard) => ({ storeId, ratiStandard })))
      .returning({ id: rattis.id, ratiStandard: rattis.ratiStandard }),
  ]);
  // The colours and origins that suit each gem: the stone form offers only these for its stones.
  const productId = byName(productRows, (x) => x.url);
  const colorId = byName(c, (x) => x.value);
  const originId = byName(o, (x) => x.value);
  await db.insert(productColors).values(GEMS.flatMap((gem) => gem.colors.map(([name]) => ({ storeId, productId: productId.get(gem.url)!, valueId: colorId.get(name)! }))));
  await db.insert(productOrigins).values(GEMS.flatMap((gem) => [...gem.origins.map(([name]) => name), ...(gem.alsoFrom ?? [])]
    .map((name) => ({ storeId, productId: productId.get(gem.url)!, valueId: originId.get(name)! }))));
  return {
    rootCategoryId: root!.id,
    productIds: byName(productRows, (x) => x.url),
    gradeIds: byName(g, (x) => x.value),
    colorIds: byName(c, (x) => x.value),
    clarityIds: byName(cl, (x) => x.value),
    shapeIds: byName(s, (x) => x.value),
    originIds: byName(o, (x) => x.value),
    rattiIds: byName(r, (x) => x.ratiStandard),
  };
}

/**
 * The catalogue ids of an existing store, or null when it has none yet. Names this seeder needs
 * but the store lacks (a store set up by hand) are reported rather than guessed.
 */
export async function loadCatalogue(db: DbOrTx, storeId: number): Promise<CatalogueIds | null> {
  const [root] = await db.select({ id: productCategories.id }).from(productCategories)
    .where(and(eq(productCategories.storeId, storeId), eq(productCategories.url, ROOT_CATEGORY.url))).limit(1);
  if (!root) return null;
  const [p, g, c, cl, s, o, r] = await Promise.all([
    db.select({ id: products.id, url: products.url }).from(products).where(eq(products.storeId, storeId)),
    db.select({ id: grades.id, value: grades.value }).from(grades).where(eq(grades.storeId, storeId)),
    db.select({ id: colors.id, value: colors.value }).from(colors).where(eq(colors.storeId, storeId)),
    db.select({ id: clarities.id, value: clarities.value }).from(clarities).where(eq(clarities.storeId, storeId)),
    db.select({ id: shapes.id, value: shapes.value }).from(shapes).where(eq(shapes.storeId, storeId)),
    db.select({ id: origins.id, value: origins.value }).from(origins).where(eq(origins.storeId, storeId)),
    db.select({ id: rattis.id, ratiStandard: rattis.ratiStandard }).from(rattis).where(eq(rattis.storeId, storeId)),
  ]);
  const ids: CatalogueIds = {
    rootCategoryId: root.id,
    productIds: byName(p, (x) => x.url),
    gradeIds: byName(g, (x) => x.value),
    colorIds: byName(c, (x) => x.value),
    clarityIds: byName(cl, (x) => x.value),
    shapeIds: byName(s, (x) => x.value),
    originIds: byName(o, (x) => x.value),
    rattiIds: byName(r, (x) => x.ratiStandard),
  };
  const missing = [
    ...GEMS.filter((x) => !ids.productIds.has(x.url)).map((x) => `product ${x.url}`),
    ...GRADES.filter((x) => !ids.gradeIds.has(x.value)).map((x) => `grade ${x.value}`),
    ...COLORS.filter((x) => !ids.colorIds.has(x.name)).map((x) => `colour ${x.name}`),
    ...CLARITIES.filter((x) => !ids.clarityIds.has(x.value)).map((x) => `clarity ${x.value}`),
    ...SHAPES.filter((x) => !ids.shapeIds.has(x.value)).map((x) => `shape ${x.value}`),
    ...ORIGINS.filter((x) => !ids.originIds.has(x.value)).map((x) => `origin ${x.value}`),
    ...RATTI_STANDARDS.filter((x) => !ids.rattiIds.has(x)).map((x) => `ratti ${x}`),
  ];
  if (missing.length) throw new Error(`Store ${storeId} has a catalogue but lacks: ${missing.join(', ')}`);
  return ids;
}
