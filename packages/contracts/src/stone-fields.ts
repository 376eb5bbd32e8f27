import { z } from 'zod';
import { MAX_ID, STONE_TREATMENTS } from './constants.ts';
import { type AttributeKind, FriendlyUrl, ImageRef, PictureRef, StaffStoneStatus, StoneStatus } from './admin-catalog.ts';
import { MAX_STONE_PHOTOS, Photo, parsePhotoName, photoOf } from './media.ts';
import { SafeWebUrl } from './store.ts';
import { isSafeWebUrl } from './urls.ts';

/**
 * A stone's fields, described once. Each entry says how one value travels: the `items` column it is
 * stored in, the back-office form's check (and so the CSV import's), the back office's answer, the
 * CSV column (export and import) and where the storefront's Item shows it. The form's body, the
 * back office's stone, the CSV columns and the Item's plain fields below are all made from this
 * table; the server maps rows with it (catalog.fields.ts) and the back-office form keeps its draft
 * with it. apps/server/README.md: "Adding a field to a stone".
 */

export const StoneTreatment = z.enum(STONE_TREATMENTS, { error: `Choose a treatment: ${STONE_TREATMENTS.join(', ')}.` });
export type StoneTreatment = z.infer<typeof StoneTreatment>;

/** The store list a field chooses from: the CSV writes and reads the value's name, never its id. */
export type StoneList = 'product' | AttributeKind;

/** How the back-office form holds a field: typed text, a number, a choice from a fixed list or from a store list, uploaded photos. */
export type StoneInput = 'text' | 'number' | 'choice' | 'list' | 'photos';

export interface StoneFieldSpec<
  Column extends string = string, Form extends z.ZodType = z.ZodType, Admin extends z.ZodType = z.ZodType,
  Row = unknown, List extends StoneList | undefined = StoneList | undefined, ShopKey extends string = string,
  ShopSchema extends z.ZodType = z.ZodType,
> {
  /** The key of the stored row (the `items` column as Drizzle names it). */
  column: Column;
  /** The form's check of the value; the CSV import checks a cell with it too. */
  form: Form;
  /** The value in the back office's answer. */
  admin: Admin;
  input: StoneInput;
  /** Stored value of a checked form value; the value itself when left out. */
  toRow?(value: z.output<Form>): Row;
  /** The back office's value of a stored one; the value itself when left out. */
  toAdmin?(value: Row): z.output<Admin>;
  /** The CSV column, named as the field (a store list's field by the list: `product`, `grade`): a spreadsheet holds every field. */
  csv: {
    required?: true;
    /** The cell of a stored value; String(value) when left out. A store list's value is written by its name. */
    format?(value: Row): string;
    /** The form's input of a cell; the cell as typed when left out. */
    parse?(cell: string): unknown;
  };
  /**
   * Where the storefront's Item shows the value: its key there, its type and its value of the stored
   * one (the value itself when left out). 'detail': on the stone's own page only, read there only.
   * Left out: not shown as such (the Item's fixed shape names it, in catalog.service.ts toItem).
   */
  shop?: 'detail' | { key: ShopKey; schema: ShopSchema; of?(value: Row): unknown };
  list?: List;
  /**
   * The form may leave the value out: a stone not told keeps its value (a form's change, an
   * imported row of a stone already there), a new one takes `initial`.
   */
  initial?: z.output<Admin>;
}

/** Keeps each entry's own types (columns, schemas, keys) for the shapes made from the table. */
function field<
  const Column extends string, Form extends z.ZodType, Admin extends z.ZodType, Row = z.output<Form>,
  const List extends StoneList | undefined = undefined, const ShopKey extends string = never, ShopSchema extends z.ZodType = never,
>(spec: StoneFieldSpec<Column, Form, Admin, Row, List, ShopKey, ShopSchema>) {
  return spec;
}

const Id = z.coerce.number().int().positive().max(MAX_ID);
const Mm = (label: string) => z.coerce.number({ error: `Enter the ${label} in mm.` }).positive(`The ${label} must be more than 0 mm.`).max(500, `The ${label} must be at most 500 mm.`);
const Text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default('');
/** A number cell: empty is "not given", so the form's check asks for it. */
const numberCell = (cell: string) => cell.trim() || undefined;
/** A fixed list's cell: any case, empty for "not told". */
const choiceCell = (cell: string) => cell.trim().toLowerCase() || undefined;
const listField = <const L extends StoneList, const C extends string>(list: L, column: C) =>
  field({ column, form: Id, admin: z.number(), input: 'list', csv: { required: true }, list });

export const STONE_FIELDS = {
  /** The store's own stock number (gin); the SKU shown is the store id and this. */
  sku: field({
    column: 'gin', input: 'text', admin: z.string(), csv: { required: true }, shop: { key: 'gin', schema: z.string() },
    form: z.string().trim().min(1, 'Enter the SKU.').max(40, 'At most 40 characters.').regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Use letters, digits and hyphens.'),
  }),
  product_id: listField('product', 'productId'),
  /** Made from the gem type and weight when empty. */
  name: field({ column: 'name', input: 'text', form: Text(160), admin: z.string(), csv: {}, shop: { key: 'name', schema: z.string() } }),
  /** Made from the name and SKU when empty. */
  url: field({ column: 'url', input: 'text', form: z.union([z.literal(''), FriendlyUrl]).default(''), admin: z.string(), csv: {} }),
  weight_mg: field({
    column: 'weightMg', input: 'number', admin: z.number(), csv: { required: true, parse: numberCell }, shop: { key: 'weight', schema: z.number() },
    form: z.coerce.number({ error: 'Enter the weight in mg.' }).int('Enter the weight in whole mg.').min(1, 'The weight must be at least 1 mg.').max(1_000_000, 'The weight must be at most 1,000,000 mg.'),
  }),
  width_mm: field({ column: 'widthMm', input: 'number', form: Mm('width'), admin: z.number(), csv: { required: true, parse: numberCell }, shop: { key: 'width', schema: z.number() } }),
  length_mm: field({ column: 'lengthMm', input: 'number', form: Mm('length'), admin: z.number(), csv: { required: true, parse: numberCell }, shop: { key: 'length', schema: z.number() } }),
  depth_mm: field({ column: 'depthMm', input: 'number', form: Mm('depth'), admin: z.number(), csv: { required: true, parse: numberCell }, shop: { key: 'depth', schema: z.number() } }),
  grade_id: listField('grade', 'gradeId'),
  color_id: listField('color', 'colorId'),
  clarity_id: listField('clarity', 'clarityId'),
  shape_id: listField('shape', 'shapeId'),
  origin_id: listField('origin', 'originId'),
  /** What was done to the stone (a disclosure the seller owes): "none" for a new stone unless told. */
  treatment: field({
    column: 'treatment', input: 'choice', form: StoneTreatment.optional(), admin: StoneTreatment, initial: 'none',
    csv: { parse: choiceCell }, shop: { key: 'treatment', schema: StoneTreatment },
  }),
  certificate_lab: field({ column: 'certificateLab', input: 'text', form: Text(80), admin: z.string(), csv: {} }),
  certificate_number: field({ column: 'certificateNumber', input: 'text', form: Text(80), admin: z.string(), csv: {} }),
  /** The lab's page that confirms the report; stored as null when there is none. */
  certificate_verification_url: field({
    column: 'certificateVerificationUrl', input: 'text', form: z.union([z.literal(''), SafeWebUrl]).default(''), admin: z.string().nullable(),
    toRow: (v: string): string | null => v || null,
    csv: { format: (v) => v ?? '', parse: (cell) => cell.trim() },
    // A link the shop prints: anything but a safe web address stays off the page.
    shop: { key: 'certificate_verification_url', schema: SafeWebUrl.nullable(), of: (v) => (isSafeWebUrl(v) ? v : null) },
  }),
  /**
   * The certificate's picture: uploaded through /api/admin/media like the photos (its name is stored),
   * or, for stones saved before, a path of the shop's media or an https address, kept as it is.
   */
  certificate_image: field({ column: 'certificateImage', input: 'text', form: PictureRef.default(''), admin: z.string(), csv: {}, shop: { key: 'certificate_image', schema: z.string() } }),
  /** Rupees (or dollars) with paise, GST included; stored in paise. */
  price: field({
    column: 'pricePaise', input: 'number', admin: z.number(),
    form: z.coerce.number({ error: 'Enter the price.' }).min(1, 'The price must be at least 1.').max(100_000_000, 'The price must be at most 10 crore.')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimal places.'),
    toRow: (rupees: number) => Math.round(rupees * 100), toAdmin: (paise) => paise / 100,
    csv: { required: true, format: (paise) => String(paise / 100), parse: numberCell },
  }),
  description: field({ column: 'description', input: 'text', form: z.string().max(20_000, 'At most 20000 characters.').default(''), admin: z.string(), csv: {}, shop: 'detail' }),
  /** The picture for a stone without photos; with photos, the first photo is the stone's picture. */
  image: field({ column: 'image', input: 'text', form: ImageRef, admin: z.string(), csv: {}, shop: { key: 'image', schema: z.string() } }),
  /** Names of pictures uploaded through /api/admin/media, in the order the storefront shows them. */
  photos: field({
    column: 'photos', input: 'photos', admin: z.array(Photo),
    form: z.array(z.string().refine((v) => parsePhotoName(v) !== null, 'Upload the photo first, then send the name it was given.'))
      .max(MAX_STONE_PHOTOS, `At most ${MAX_STONE_PHOTOS} photos.`)
      .refine((v) => new Set(v).size === v.length, 'A photo appears twice.').default([]),
    toAdmin: (names: string[]) => names.map((n) => photoOf(n)).filter((p): p is Photo => p !== null),
    csv: { format: (names) => names.join(' '), parse: (cell) => cell.split(/\s+/).filter(Boolean) },
    shop: 'detail',
  }),
  /** Staff set draft, available and hidden; orders set reserved and sold. A new stone starts as a draft unless told. */
  status: field({ column: 'status', input: 'choice', form: StaffStoneStatus.optional(), admin: StoneStatus, initial: 'draft', csv: { parse: choiceCell } }),
};

type Fields = typeof STONE_FIELDS;
export type StoneFieldName = keyof Fields;
export const STONE_FIELD_NAMES = Object.keys(STONE_FIELDS) as StoneFieldName[];
/** The table as the generic code reads it (each entry's own types erased). */
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

// ---------- The CSV columns ----------

type CsvHeader<N extends StoneFieldName> = [NonNullable<Fields[N]['list']>] extends [never] ? N : NonNullable<Fields[N]['list']>;
export type StoneCsvColumn = { [N in StoneFieldName]: CsvHeader<N> }[StoneFieldName];
/** The CSV column of a field. */
export function csvHeaderOf(name: StoneFieldName): StoneCsvColumn {
  const f: StoneFieldSpec = STONE_FIELDS[name];
  return (f.list ?? name) as StoneCsvColumn;
}
/**
 * Stones in and out as CSV: the export writes these columns, the import reads the same ones, so a
 * file exported, edited in a spreadsheet and uploaded again updates the stones it names (by SKU).
 */
export const STONE_CSV_COLUMNS: readonly StoneCsvColumn[] = STONE_FIELD_NAMES.map(csvHeaderOf);
/** Columns a file must have; the others may be left out (empty, as in the stone form). */
export const REQUIRED_STONE_CSV_COLUMNS: readonly StoneCsvColumn[] = stoneFieldList().filter(([, f]) => f.csv.required).map(([n]) => csvHeaderOf(n));

// ---------- The storefront's plain fields ----------

type ShopEntry<N extends StoneFieldName> = Extract<NonNullable<Fields[N]['shop']>, { key: string }>;
type ShopShape = { [N in StoneFieldName as ShopEntry<N>['key']]: ShopEntry<N>['schema'] };
/** The Item's fields that show a stone's value as it is (or as its `shop.of` makes it). */
export const itemFieldsShape = Object.fromEntries(stoneFieldList().flatMap(([, f]) =>
  (f.shop && f.shop !== 'detail' ? [[f.shop.key, f.shop.schema]] : []))) as ShopShape;

/** The store lists a field names, in the table's order. */
export const STONE_LIST_FIELDS = stoneFieldList().filter(([, f]) => f.list !== undefined) as [StoneFieldName, StoneFieldSpec & { list: StoneList }][];
