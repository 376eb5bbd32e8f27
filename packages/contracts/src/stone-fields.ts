import { z } from 'zod';
import { MAX_ID, STONE_TREATMENTS } from './constants.ts';
import { FriendlyUrl, ImageRef, PictureRef, StaffStoneStatus, StoneStatus } from './admin-catalog.ts';
import { MAX_STONE_PHOTOS, Photo, parsePhotoName } from './media.ts';
import { STONE_FIELD_LIST, type StoneFieldName, type StoneFieldPlain } from './stone-field-list.ts';
import { SafeWebUrl } from './store.ts';

/**
 * The checks of a stone's fields. The fields themselves (their columns, the form's inputs, the CSV
 * columns, the Item's keys) are listed once, zod-free, in stone-field-list.ts; each gets here, by
 * the same name, the form's check of its value (and so the CSV import's), its value in the back
 * office's answer and, when the storefront's Item shows it, its type there. STONE_FIELDS is the two
 * together: the form's body, the back office's stone and the Item's plain fields are made from it.
 */

export {
  STONE_CSV_COLUMNS, REQUIRED_STONE_CSV_COLUMNS, STONE_FIELD_NAMES, STONE_LIST_FIELDS, csvHeaderOf,
  type StoneCsvColumn, type StoneFieldName, type StoneFieldPlain, type StoneInput, type StoneList,
} from './stone-field-list.ts';

export const StoneTreatment = z.enum(STONE_TREATMENTS, { error: `Choose a treatment: ${STONE_TREATMENTS.join(', ')}.` });
export type StoneTreatment = z.infer<typeof StoneTreatment>;

/** A field's checks: the form's, the back office's answer's and the Item's (`item`, when the Item shows it by a key). */
interface StoneChecks { form: z.ZodType; admin: z.ZodType; item?: z.ZodType }

const Id = z.coerce.number().int().positive().max(MAX_ID);
const Mm = (label: string) => z.coerce.number({ error: `Enter the ${label} in mm.` }).positive(`The ${label} must be more than 0 mm.`).max(500, `The ${label} must be at most 500 mm.`);
const Text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default('');
const listChecks = { form: Id, admin: z.number() };

const STONE_CHECKS = {
  sku: {
    admin: z.string(), item: z.string(),
    form: z.string().trim().min(1, 'Enter the SKU.').max(40, 'At most 40 characters.').regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Use letters, digits and hyphens.'),
  },
  product_id: listChecks,
  name: { form: Text(160), admin: z.string(), item: z.string() },
  url: { form: z.union([z.literal(''), FriendlyUrl]).default(''), admin: z.string() },
  weight_mg: {
    admin: z.number(), item: z.number(),
    form: z.coerce.number({ error: 'Enter the weight in mg.' }).int('Enter the weight in whole mg.').min(1, 'The weight must be at least 1 mg.').max(1_000_000, 'The weight must be at most 1,000,000 mg.'),
  },
  width_mm: { form: Mm('width'), admin: z.number(), item: z.number() },
  length_mm: { form: Mm('length'), admin: z.number(), item: z.number() },
  depth_mm: { form: Mm('depth'), admin: z.number(), item: z.number() },
  grade_id: listChecks,
  color_id: listChecks,
  clarity_id: listChecks,
  shape_id: listChecks,
  origin_id: listChecks,
  treatment: { form: StoneTreatment.optional(), admin: StoneTreatment, item: StoneTreatment },
  certificate_lab: { form: Text(80), admin: z.string() },
  certificate_number: { form: Text(80), admin: z.string() },
  certificate_verification_url: { form: z.union([z.literal(''), SafeWebUrl]).default(''), admin: z.string().nullable(), item: SafeWebUrl.nullable() },
  certificate_image: { form: PictureRef.default(''), admin: z.string(), item: z.string() },
  price: {
    admin: z.number(),
    form: z.coerce.number({ error: 'Enter the price.' }).min(1, 'The price must be at least 1.').max(100_000_000, 'The price must be at most 10 crore.')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimal places.'),
  },
  description: { form: z.string().max(20_000, 'At most 20000 characters.').default(''), admin: z.string() },
  image: { form: ImageRef, admin: z.string(), item: z.string() },
  photos: {
    admin: z.array(Photo),
    form: z.array(z.string().refine((v) => parsePhotoName(v) !== null, 'Upload the photo first, then send the name it was given.'))
      .max(MAX_STONE_PHOTOS, `At most ${MAX_STONE_PHOTOS} photos.`)
      .refine((v) => new Set(v).size === v.length, 'A photo appears twice.').default([]),
  },
  status: { form: StaffStoneStatus.optional(), admin: StoneStatus },
} satisfies Record<StoneFieldName, StoneChecks>;

type Plain = typeof STONE_FIELD_LIST;
type Checks = typeof STONE_CHECKS;
/** An Item key has a type, and a typed one a key: the two lists agree on what the Item shows. */
type ShopKeyOf<N extends StoneFieldName> = Extract<NonNullable<Plain[N]['shop']>, { key: string }>['key'];
type ShopKeyed = { [N in StoneFieldName]: [ShopKeyOf<N>] extends [never] ? never : N }[StoneFieldName];
type ShopTyped = { [N in StoneFieldName]: Checks[N] extends { item: z.ZodType } ? N : never }[StoneFieldName];
const agree: [Exclude<ShopKeyed, ShopTyped>, Exclude<ShopTyped, ShopKeyed>] extends [never, never] ? true : never = true;
void agree;

/** A field's plain description with its checks. */
export interface StoneFieldSpec extends StoneFieldPlain, StoneChecks {}

export const STONE_FIELDS = Object.fromEntries(Object.entries(STONE_FIELD_LIST).map(([name, plain]) =>
  [name, { ...plain, ...STONE_CHECKS[name as StoneFieldName] }])) as { [N in StoneFieldName]: Plain[N] & Checks[N] };

type Fields = typeof STONE_FIELDS;
/** The list as the generic code reads it (each entry's own types erased). */
export const stoneFieldList = (): [StoneFieldName, StoneFieldSpec][] =>
  Object.entries(STONE_FIELDS) as unknown as [StoneFieldName, StoneFieldSpec][];

function shapeOf<K extends 'form' | 'admin'>(part: K): { [N in StoneFieldName]: Fields[N][K] } {
  return Object.fromEntries(stoneFieldList().map(([name, f]) => [name, f[part]])) as never;
}

/** The stone form's body (POST and PUT /api/admin/stones); the CSV import checks each row with it. */
export const AdminStoneBody = z.object(shapeOf('form'));
export type AdminStoneBody = z.infer<typeof AdminStoneBody>;

/** A stone as the back office reads it: its fields, and the carat, ratti and ratti bucket its weight makes. */
export const AdminStone = z.object({
  id: z.number(),
  ...shapeOf('admin'),
  carat: z.number(),
  ratti: z.number(),
  ratti_id: z.number(),
  /** The certificate's picture as a browser loads it (its largest copy when uploaded); null: none. */
  certificate_image_src: z.string().nullable(),
});
export type AdminStone = z.infer<typeof AdminStone>;

export const AdminStonesResponse = z.object({ data: z.array(AdminStone), total: z.number(), page: z.number(), per_page: z.number() });
export type AdminStonesResponse = z.infer<typeof AdminStonesResponse>;
export const AdminStoneResponse = z.object({ stone: AdminStone });

// ---------- The storefront's plain fields ----------

type ShopShape = { [N in ShopTyped as ShopKeyOf<N>]: Checks[N] extends { item: infer S } ? S : never };
/** The Item's fields that show a stone's value as it is (or as its `shop.of` makes it). */
export const itemFieldsShape = Object.fromEntries(stoneFieldList().flatMap(([, f]) =>
  (f.shop && f.shop !== 'detail' && f.item ? [[f.shop.key, f.item]] : []))) as ShopShape;
