import { z } from 'zod';
import { IdOrUrl, PageNumber } from './common.ts';
import { DEFAULT_RATTI_RANGE, MAX_CARAT, MAX_ID, MAX_PRICE_RUPEES, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './constants.ts';
import { Photo } from './media.ts';
import { StoneTreatment, itemFieldsShape } from './stone-fields.ts';

export const ProductSummary = z.object({
  id: z.number(),
  name: z.string(),
  alias: z.string(),
  url: z.object({ content: z.string() }),
  product_category: z.object({ id: z.number(), name: z.string(), url: z.object({ content: z.string() }) }),
  primary_image: z.object({ filename: z.string() }),
  /** The picture uploaded in the back office, in the sizes a browser picks from (srcset); null when the image is a path or an address. */
  picture: Photo.nullable(),
  description: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductCategory = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  image: z.string(),
  /** The picture uploaded in the back office, in the sizes a browser picks from (srcset); null when the image is a path or an address. */
  picture: Photo.nullable(),
  products: z.array(ProductSummary),
});
export type ProductCategory = z.infer<typeof ProductCategory>;

export const CategoriesResponse = z.object({
  category: z.object({ id: z.number(), name: z.string(), url: z.string() }),
  categories: z.array(ProductCategory),
});
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

export const ProductsResponse = z.object({ products: z.array(ProductSummary) });
export type ProductsResponse = z.infer<typeof ProductsResponse>;

export const AttributeOption = z.object({ id: z.number(), alias: z.string(), name: z.string(), product_stocks_count: z.number() });
export type AttributeOption = z.infer<typeof AttributeOption>;
export const Ratti = z.object({ id: z.number(), rati_standard: z.number() });
export type Ratti = z.infer<typeof Ratti>;

export const ProductAttributesResponse = z.object({
  product: ProductSummary,
  grade: z.array(AttributeOption),
  colors: z.array(AttributeOption),
  clarity: z.array(AttributeOption),
  shape: z.array(AttributeOption),
  origin: z.array(AttributeOption),
  rattis: z.array(Ratti),
  /** Available stones of this product. */
  product_stocks_count: z.number(),
});
export type ProductAttributesResponse = z.infer<typeof ProductAttributesResponse>;

export const RattisResponse = z.object({ rattis: z.array(Ratti) });
export type RattisResponse = z.infer<typeof RattisResponse>;

/** `unavailable`: the shop has withdrawn the stone from sale (a stone in a cart the shop then hid). */
export const ItemStatus = z.enum(['available', 'reserved', 'sold', 'unavailable']);
export type ItemStatus = z.infer<typeof ItemStatus>;

/**
 * A stone as the storefront shows it: the plain fields of its description (stone-fields.ts: gin,
 * name, weight in mg, width, length and depth, treatment, image, certificate_image and
 * certificate_verification_url, the lab's https page or null) and the fixed shape below.
 */
export const Item = z.object({
  id: z.number(),
  ...itemFieldsShape,
  sku: z.string(),
  url: z.array(z.object({ url: z.string() })),
  carat: z.number(),
  certificate: z.object({ lab: z.string(), number: z.string() }),
  amounts: z.object({ mrpAmount: z.number() }),
  product: z.object({ id: z.number(), name: z.string(), alias: z.string(), url: z.string(), category_url: z.string() }),
  ratti: z.object({ id: z.number(), rati_standard: z.number() }),
  color: z.object({ id: z.number(), color: z.string() }),
  clarity: z.object({ id: z.number(), clarity: z.string() }),
  product_grade: z.object({ id: z.number(), alias: z.string(), grade: z.string() }),
  origin: z.object({ id: z.number(), origin: z.string() }),
  shape: z.object({ id: z.number(), shape: z.string() }),
  status: ItemStatus,
});
export type Item = z.infer<typeof Item>;

/** The stone page: the list's fields, its description and its photos (the first is `image`). */
export const ItemDetail = Item.extend({ description: z.string(), photos: z.array(Photo) });
export type ItemDetail = z.infer<typeof ItemDetail>;

/** A list of attribute ids in the listing filter; ids may arrive as numbers or numeric strings. */
function idList(label: string) {
  const message = `Each ${label} must be given by its id (a whole number).`;
  return z.array(z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message), {
    error: `The ${label} filter must be a list of ids.`,
  }).max(200, `Choose at most 200 values for ${label}.`).default([]);
}

/** An empty carat box (null or "") means no bound, not zero. */
function caratBound(name: 'minimum' | 'maximum') {
  return z.preprocess((v) => (v === null || v === '' ? undefined : v), z.coerce.number({ error: `The ${name} carat must be a number.` })
    .min(0, `The ${name} carat cannot be negative.`).max(MAX_CARAT, `The ${name} carat must be at most ${MAX_CARAT}.`).optional());
}

export const ListingSort = z.enum(['newest', 'price_asc', 'price_desc', 'weight_asc', 'weight_desc']);
export type ListingSort = z.infer<typeof ListingSort>;

/** The attribute lists of a listing filter (the product-items body's `filter`). */
const filterLists = {
  grades: idList('grade'),
  ratti: idList('ratti'),
  colors: idList('colour'),
  clarities: idList('clarity'),
  shapes: idList('shape'),
  origins: idList('origin'),
  treatments: z.array(StoneTreatment, { error: 'The treatment filter must be a list of treatments.' }).max(50, 'Choose at most 50 treatments.').default([]),
};
const productRef = z.union([z.number().int().positive(), IdOrUrl], {
  error: (issue) => (issue.input === undefined ? 'Choose a product.' : 'The product must be an id or a friendly url.'),
});
const filterError = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'The filter is required.' : 'The filter must be an object.') };

/** An empty price box (null or "") means no bound. Rupees, as the API reports prices. */
function priceBound(name: 'minimum' | 'maximum') {
  return z.preprocess((v) => (v === null || v === '' ? undefined : v), z.coerce.number({ error: `The ${name} price must be a number.` })
    .min(0, `The ${name} price cannot be negative.`).max(MAX_PRICE_RUPEES, `The ${name} price must be at most ${MAX_PRICE_RUPEES}.`).optional());
}

/** Everything of a listing body but the filter's product: sizes, price and order. */
const listingOptions = {
  selectedRatti: z.object({
    range: z.tuple([
      z.number({ error: 'The ratti range must hold two numbers.' }).min(0, 'The ratti range cannot be negative.'),
      z.number({ error: 'The ratti range must hold two numbers.' }).min(0, 'The ratti range cannot be negative.'),
    ], { error: 'The ratti range must hold two numbers.' }).default(DEFAULT_RATTI_RANGE)
      .refine(([a, b]) => a <= b, 'The lower ratti must not exceed the upper.'),
  }).default({ range: DEFAULT_RATTI_RANGE }),
  selectedCarat: z.object({
    /** 0 = ratti mode, 1 = weight (carat) mode. */
    status: z.coerce.number({ error: 'The carat mode must be 0 (ratti) or 1 (weight).' }).int('The carat mode must be 0 (ratti) or 1 (weight).')
      .min(0, 'The carat mode must be 0 (ratti) or 1 (weight).').max(1, 'The carat mode must be 0 (ratti) or 1 (weight).').default(0),
    min: caratBound('minimum'),
    max: caratBound('maximum'),
  }).default({ status: 0 })
    .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, { message: 'The minimum carat must not exceed the maximum.', path: ['min'] }),
  /** Optional price range in rupees (GST included, as shown). */
  selectedPrice: z.object({ min: priceBound('minimum'), max: priceBound('maximum') }).default({})
    .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, { message: 'The minimum price must not exceed the maximum.', path: ['min'] }),
  sort: z.enum(ListingSort.options, { error: `The sort must be one of ${ListingSort.options.join(', ')}.` }).optional(),
};

/** POST product-items body as the storefront API names it, plus the optional `sort` and `selectedPrice`. */
export const ListingFilterBody = z.object({
  filter: z.object({ ...filterLists, product: productRef }, filterError),
  ...listingOptions,
});
export type ListingFilterBody = z.infer<typeof ListingFilterBody>;
export type ListingFilterInput = z.input<typeof ListingFilterBody>;

export const ItemsByFilterBody = z.object({
  data: ListingFilterBody,
  page: PageNumber.default(1),
});
export type ItemsByFilterBody = z.infer<typeof ItemsByFilterBody>;

export const ListingResponse = z.object({
  data: z.array(Item),
  page: z.number(),
  per_page: z.number(),
});
export type ListingResponse = z.infer<typeof ListingResponse>;

export const ItemDetailResponse = z.object({ item: ItemDetail });
export type ItemDetailResponse = z.infer<typeof ItemDetailResponse>;

/** Available stones of the same gem as one stone, nearest to it in weight and price first. */
export const RelatedItemsResponse = z.object({ items: z.array(Item) });
export type RelatedItemsResponse = z.infer<typeof RelatedItemsResponse>;

/** What a shopper typed into the search box. */
export const SearchText = z.string({ error: 'Type something to search for.' }).trim()
  .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters.`)
  .max(SEARCH_MAX_LENGTH, `Type at most ${SEARCH_MAX_LENGTH} characters.`);

export const SuggestionsQuery = z.object({ q: SearchText });
export type SuggestionsQuery = z.infer<typeof SuggestionsQuery>;

/** A gem type named by a search: its listing's path parts. */
export const ProductLink = z.object({ id: z.number(), name: z.string(), alias: z.string(), url: z.string(), category_url: z.string() });
export type ProductLink = z.infer<typeof ProductLink>;

/** GET search-suggestions: gem types, a few stones and pages for what was typed so far. */
export const SuggestionsResponse = z.object({
  q: z.string(),
  products: z.array(ProductLink),
  items: z.array(Item),
  pages: z.array(z.object({ id: z.number(), title: z.string(), url: z.string() })),
});
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>;

/**
 * POST search and POST stone-counts: the listing's filter where the product is optional, with the
 * search text; one of the two is needed.
 */
export const StoneSearchBody = z.object({
  q: SearchText.optional(),
  filter: z.object({ ...filterLists, product: productRef.optional() }, filterError).default({
    grades: [], ratti: [], colors: [], clarities: [], shapes: [], origins: [], treatments: [],
  }),
  ...listingOptions,
}).refine((b) => b.q !== undefined || b.filter.product !== undefined, { message: 'Type something to search for or choose a product.', path: ['q'] });
export type StoneSearchBody = z.infer<typeof StoneSearchBody>;
export type StoneSearchInput = z.input<typeof StoneSearchBody>;

/** A treatment with the count of stones the selection leaves with it. */
export const TreatmentOption = z.object({ value: StoneTreatment, name: z.string(), product_stocks_count: z.number() });
export type TreatmentOption = z.infer<typeof TreatmentOption>;

/** A gem type with the count of stones the selection leaves in it. */
export const ProductCount = ProductLink.extend({ product_stocks_count: z.number() });

/**
 * POST stone-counts: the available stones the selection leaves (`product_stocks_count`, the count
 * above the list) and, beside every filter value, how many there are with that value and every other
 * chosen filter: the listing's total once that value is chosen in its group.
 */
export const StoneCountsResponse = z.object({
  product_stocks_count: z.number(),
  grade: z.array(AttributeOption),
  colors: z.array(AttributeOption),
  clarity: z.array(AttributeOption),
  shape: z.array(AttributeOption),
  origin: z.array(AttributeOption),
  /** Every treatment the trade discloses, in that list's order (STONE_TREATMENTS). */
  treatment: z.array(TreatmentOption),
  products: z.array(ProductCount),
});
export type StoneCountsResponse = z.infer<typeof StoneCountsResponse>;
