import { z } from 'zod';
import { ATTRIBUTE_KINDS, AdminStoneSorts, MAX_ID, STAFF_STONE_STATUSES, STONE_STATUSES } from './constants.ts';
import { normalisePictureRef, parsePhotoName } from './media.ts';

/**
 * The back office's catalogue calls (/api/admin/...): categories, products (gem types), the store's
 * attribute lists and its stones. Staff write what the storefront reads, so every value here is
 * checked as strictly as a shopper's input.
 */

const Id = z.coerce.number().int().positive().max(MAX_ID);
export const AdminIdParams = z.object({ id: Id });

const Name = z.string().trim().min(1, 'Enter a name.').max(120, 'At most 120 characters.');
/** A friendly url: lower-case words joined by hyphens (`blue-sapphire`). */
export const FriendlyUrl = z.string().trim().toLowerCase().min(1, 'Enter a friendly url.').max(160, 'At most 160 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens (blue-sapphire).');
const PICTURE_REF_MESSAGE = 'Use a picture of this shop (/media/...) or an https:// address.';

/** A picture field: its value normalised (normalisePictureRef); `uploaded` also takes an uploaded picture's name. */
function pictureField(uploaded: boolean) {
  return z.string().max(500, 'At most 500 characters.').transform((value, ctx) => {
    const ref = normalisePictureRef(value);
    if (ref === null || (!uploaded && parsePhotoName(ref))) {
      ctx.addIssue({ code: 'custom', message: uploaded ? `Upload the picture, or ${PICTURE_REF_MESSAGE.charAt(0).toLowerCase()}${PICTURE_REF_MESSAGE.slice(1)}` : PICTURE_REF_MESSAGE });
      return z.NEVER;
    }
    return ref;
  });
}

/** An image the storefront shows: a path of the shop's media (`/media/...`) or an https address; empty for none. */
export const ImageRef = pictureField(false).default('');
/** A picture: an uploaded picture's name (checked to be this store's), a path of the shop's media or an https address; empty for none. */
export const PictureRef = pictureField(true);
const SortOrder = z.coerce.number().int().min(0).max(100_000).default(0);
const Text = (max: number) => z.string().max(max, `At most ${max} characters.`).default('');

// ---------- Categories and products ----------

export const AdminCategory = z.object({
  id: z.number(), parent_id: z.number().nullable(), name: z.string(), url: z.string(),
  /** The stored picture reference the form sends back, and the picture as a browser loads it (null: none). */
  image: z.string(), image_src: z.string().nullable(), sort_order: z.number(),
  /** Products directly in this category. */
  products: z.number(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

export const AdminCategoryBody = z.object({
  parent_id: Id.nullable().default(null),
  name: Name, url: FriendlyUrl, image: PictureRef.default(''), sort_order: SortOrder,
});
export type AdminCategoryBody = z.infer<typeof AdminCategoryBody>;

export const AdminProduct = z.object({
  id: z.number(), category_id: z.number(), name: z.string(), alias: z.string(), url: z.string(),
  description: z.string(),
  /** The stored picture reference the form sends back, and the picture as a browser loads it (null: none). */
  image: z.string(), image_src: z.string().nullable(), sort_order: z.number(),
  /** Stones of this gem type, in any status. */
  stones: z.number(),
  /** The colours and origins that suit this gem type, the stone form's only choices for it; empty: every one of the store's. */
  color_ids: z.array(z.number()),
  origin_ids: z.array(z.number()),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

/** The store lists a gem type may narrow for its stones (a ruby's colours and origins). */
export const SUITED_KINDS = ['color', 'origin'] as const;
export type SuitedKind = (typeof SUITED_KINDS)[number];
const SuitedIds = z.array(Id).max(500, 'At most 500 values.').refine((v) => new Set(v).size === v.length, 'A value is chosen twice.');

export const AdminProductBody = z.object({
  category_id: Id, name: Name,
  /** The trade or vernacular name (Neelam for blue sapphire). */
  alias: z.string().trim().max(120, 'At most 120 characters.').default(''),
  url: FriendlyUrl, description: Text(20_000), image: PictureRef.default(''), sort_order: SortOrder,
  /** Left out: a gem type keeps its lists (a new one: none, every value suits it). */
  color_ids: SuitedIds.optional(),
  origin_ids: SuitedIds.optional(),
});
export type AdminProductBody = z.infer<typeof AdminProductBody>;

// ---------- Attribute lists ----------

export const AttributeKind = z.enum(ATTRIBUTE_KINDS);
export type AttributeKind = z.infer<typeof AttributeKind>;
export const AdminAttributeParams = z.object({ kind: AttributeKind });
export const AdminAttributeValueParams = z.object({ kind: AttributeKind, id: Id });

export const AdminAttributeValue = z.object({ id: z.number(), value: z.string(), alias: z.string(), sort_order: z.number(), stones: z.number() });
export type AdminAttributeValue = z.infer<typeof AdminAttributeValue>;
export const AdminAttributeValueBody = z.object({
  value: Name,
  /** The short form the listing's filter shows (`AAA`); the value itself when empty. */
  alias: z.string().trim().max(60, 'At most 60 characters.').default(''),
  sort_order: SortOrder,
});
export type AdminAttributeValueBody = z.infer<typeof AdminAttributeValueBody>;

/** Everything the catalogue's forms choose from. */
export const AdminCatalogResponse = z.object({
  categories: z.array(AdminCategory),
  products: z.array(AdminProduct),
  attributes: z.object(Object.fromEntries(ATTRIBUTE_KINDS.map((k) => [k, z.array(AdminAttributeValue)])) as Record<AttributeKind, z.ZodArray<typeof AdminAttributeValue>>),
  rattis: z.array(z.object({ id: z.number(), rati_standard: z.number() })),
  /** The store's ratti in milligrams (a store setting), for the carat and ratti shown beside a weight. */
  ratti_mg: z.number(),
});
export type AdminCatalogResponse = z.infer<typeof AdminCatalogResponse>;

// ---------- Stones ----------

export const StaffStoneStatus = z.enum(STAFF_STONE_STATUSES);
export const StoneStatus = z.enum(STONE_STATUSES);
export type StoneStatus = z.infer<typeof StoneStatus>;

// The stone itself (its form's body and the back office's answer) is made from its fields: stone-fields.ts.

export const ADMIN_STONES_PER_PAGE = 50;
const IdList = z.preprocess((v) => (v === undefined || v === '' ? [] : String(v).split(',')), z.array(Id).max(100));

export const AdminStonesQuery = z.object({
  product: Id.optional(),
  status: StoneStatus.optional(),
  /** SKU or certificate number, or the start of one. */
  q: z.string().trim().max(80).optional(),
  grades: IdList, colors: IdList, clarities: IdList, shapes: IdList, origins: IdList,
  weight_min_mg: z.coerce.number().int().min(0).optional(),
  weight_max_mg: z.coerce.number().int().min(0).optional(),
  sort: z.enum(AdminStoneSorts).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminStonesQuery = z.infer<typeof AdminStonesQuery>;

export const AdminBulkStonesBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('show'), ids: z.array(Id).min(1).max(1000) }),
  z.object({ action: z.literal('hide'), ids: z.array(Id).min(1).max(1000) }),
  z.object({
    action: z.literal('price'), ids: z.array(Id).min(1).max(1000),
    /** +10 raises by a tenth, -10 lowers; new prices are rounded to the whole rupee (or dollar). */
    percent: z.coerce.number({ error: 'Enter a percentage.' }).min(-90, 'At most 90% lower.').max(500, 'At most 500% higher.')
      .refine((v) => v !== 0, 'A change of 0% changes nothing.'),
  }),
]);
export type AdminBulkStonesBody = z.infer<typeof AdminBulkStonesBody>;
export const AdminBulkStonesResponse = z.object({
  changed: z.number(),
  /** Stones left as they were: reserved or sold ones (orders own those), or ids not of this store. */
  skipped: z.number(),
});

export const AdminDeletedResponse = z.object({ deleted: z.literal(true) });
