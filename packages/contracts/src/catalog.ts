import { z } from 'zod';
import { DEFAULT_RATTI_RANGE, IdOrUrl } from './common.ts';

export const ProductSummary = z.object({
  id: z.number(),
  name: z.string(),
  alias: z.string(),
  url: z.object({ content: z.string() }),
  product_category: z.object({ id: z.number(), name: z.string(), url: z.object({ content: z.string() }) }),
  primary_image: z.object({ filename: z.string() }),
  description: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductCategory = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  image: z.string(),
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

export const ItemStatus = z.enum(['available', 'reserved', 'sold']);
export type ItemStatus = z.infer<typeof ItemStatus>;

export const Item = z.object({
  id: z.number(),
  gin: z.string(),
  sku: z.string(),
  name: z.string(),
  url: z.array(z.object({ url: z.string() })),
  /** Milligrams. */
  weight: z.number(),
  carat: z.number(),
  width: z.number(),
  length: z.number(),
  depth: z.number(),
  image: z.string(),
  certificate_image: z.string(),
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

export const ItemDetail = Item.extend({ description: z.string() });
export type ItemDetail = z.infer<typeof ItemDetail>;

const idList = z.array(z.coerce.number().int().positive()).max(200).default([]);

export const ListingSort = z.enum(['newest', 'price_asc', 'price_desc', 'weight_asc', 'weight_desc']);
export type ListingSort = z.infer<typeof ListingSort>;

/** POST product-items body (spec section 7) plus the optional `sort`. */
export const ListingFilterBody = z.object({
  filter: z.object({
    grades: idList,
    ratti: idList,
    colors: idList,
    clarities: idList,
    shapes: idList,
    origins: idList,
    product: z.union([z.number().int().positive(), IdOrUrl]),
  }),
  selectedRatti: z.object({
    range: z.tuple([z.number().min(0), z.number().min(0)]).default(DEFAULT_RATTI_RANGE)
      .refine(([a, b]) => a <= b, 'The lower ratti must not exceed the upper.'),
  }).default({ range: DEFAULT_RATTI_RANGE }),
  selectedCarat: z.object({
    /** 0 = ratti mode, 1 = weight (carat) mode. */
    status: z.coerce.number().int().min(0).max(1).default(0),
    min: z.coerce.number().min(0).max(10000).optional(),
    max: z.coerce.number().min(0).max(10000).optional(),
  }).default({ status: 0 })
    .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, { message: 'The minimum carat must not exceed the maximum.', path: ['min'] }),
  sort: ListingSort.optional(),
});
export type ListingFilterBody = z.infer<typeof ListingFilterBody>;
export type ListingFilterInput = z.input<typeof ListingFilterBody>;

export const ItemsByFilterBody = z.object({ data: ListingFilterBody, page: z.coerce.number().int().min(1).max(100000).default(1) });
export type ItemsByFilterBody = z.infer<typeof ItemsByFilterBody>;

export const ListingResponse = z.object({
  data: z.array(Item),
  page: z.number(),
  per_page: z.number(),
});
export type ListingResponse = z.infer<typeof ListingResponse>;

export const ItemDetailResponse = z.object({ item: ItemDetail });
export type ItemDetailResponse = z.infer<typeof ItemDetailResponse>;
