import { STONE_TREATMENTS, type ATTRIBUTE_KINDS } from './constants.ts';
import { photoOf, type Photo } from './pictures.ts';
import { isSafeWebUrl } from './urls.ts';

/**
 * A stone's fields, described once, zod-free (`@gemstore/contracts/stone-fields`, so the back
 * office's form reads it without the schema code). Each entry says how one value travels: the
 * `items` column it is stored in, how the back-office form holds it, the CSV column (export and
 * import) and where the storefront's Item shows it. stone-fields.ts adds each field's checks (the
 * form's, the back office's answer's, the Item's) by the same names; the form's body, the back
 * office's stone, the CSV columns and the Item's plain fields are all made from the two. The server
 * maps rows with them (catalog.fields.ts) and the back-office form keeps its draft with this list.
 * apps/server/README.md: "Adding a field to a stone".
 */

export type StoneTreatment = (typeof STONE_TREATMENTS)[number];

/** The store list a field chooses from: the CSV writes and reads the value's name, never its id. */
export type StoneList = 'product' | (typeof ATTRIBUTE_KINDS)[number];

/** How the back-office form holds a field: typed text, a number, a choice from a fixed list or from a store list, uploaded photos. */
export type StoneInput = 'text' | 'number' | 'choice' | 'list' | 'photos';

export interface StoneFieldPlain<
  Column extends string = string, Row = unknown, List extends StoneList | undefined = StoneList | undefined,
  ShopKey extends string = string, Initial = unknown,
> {
  /** The key of the stored row (the `items` column as Drizzle names it). */
  column: Column;
  input: StoneInput;
  /** Stored value of a checked form value; the value itself when left out. */
  toRow?(value: unknown): Row;
  /** The back office's value of a stored one; the value itself when left out. */
  toAdmin?(value: Row): unknown;
  /** The CSV column, named as the field (a store list's field by the list: `product`, `grade`): a spreadsheet holds every field. */
  csv: {
    required?: true;
    /** The cell of a stored value; String(value) when left out. A store list's value is written by its name. */
    format?(value: Row): string;
    /** The form's input of a cell; the cell as typed when left out. */
    parse?(cell: string): unknown;
  };
  /**
   * Where the storefront's Item shows the value: its key there and its value of the stored one (the
   * value itself when left out; stone-fields.ts gives its type). 'detail': on the stone's own page
   * only, read there only. Left out: not shown as such (the Item's fixed shape names it, in
   * catalog.service.ts toItem).
   */
  shop?: 'detail' | { key: ShopKey; of?(value: Row): unknown };
  list?: List;
  /**
   * The form may leave the value out: a stone not told keeps its value (a form's change, an
   * imported row of a stone already there), a new one takes `initial`.
   */
  initial?: Initial;
}

/** Keeps each entry's own types (column, list, Item key) for the shapes made from the list. */
function field<
  const Column extends string, Row = unknown, const List extends StoneList | undefined = undefined,
  const ShopKey extends string = never, const Initial = undefined,
>(spec: StoneFieldPlain<Column, Row, List, ShopKey, Initial>) {
  return spec;
}

/** A number cell: empty is "not given", so the form's check asks for it. */
const numberCell = (cell: string) => cell.trim() || undefined;
/** A fixed list's cell: any case, empty for "not told". */
const choiceCell = (cell: string) => cell.trim().toLowerCase() || undefined;
const listField = <const L extends StoneList, const C extends string>(list: L, column: C) =>
  field<C, number, L>({ column, input: 'list', csv: { required: true }, list });
const mmField = <const C extends string, const K extends string>(column: C, key: K) =>
  field<C, number, undefined, K>({ column, input: 'number', csv: { required: true, parse: numberCell }, shop: { key } });

export const STONE_FIELD_LIST = {
  /** The store's own stock number (gin); the SKU shown is the store id and this. */
  sku: field({ column: 'gin', input: 'text', csv: { required: true }, shop: { key: 'gin' } }),
  product_id: listField('product', 'productId'),
  /** Made from the gem type and weight when empty. */
  name: field({ column: 'name', input: 'text', csv: {}, shop: { key: 'name' } }),
  /** Made from the name and SKU when empty. */
  url: field({ column: 'url', input: 'text', csv: {} }),
  weight_mg: field({ column: 'weightMg', input: 'number', csv: { required: true, parse: numberCell }, shop: { key: 'weight' } }),
  width_mm: mmField('widthMm', 'width'),
  length_mm: mmField('lengthMm', 'length'),
  depth_mm: mmField('depthMm', 'depth'),
  grade_id: listField('grade', 'gradeId'),
  color_id: listField('color', 'colorId'),
  clarity_id: listField('clarity', 'clarityId'),
  shape_id: listField('shape', 'shapeId'),
  origin_id: listField('origin', 'originId'),
  /** What was done to the stone (a disclosure the seller owes): "none" for a new stone unless told. */
  treatment: field({ column: 'treatment', input: 'choice', initial: 'none' satisfies StoneTreatment, csv: { parse: choiceCell }, shop: { key: 'treatment' } }),
  certificate_lab: field({ column: 'certificateLab', input: 'text', csv: {} }),
  certificate_number: field({ column: 'certificateNumber', input: 'text', csv: {} }),
  /** The lab's page that confirms the report; stored as null when there is none. */
  certificate_verification_url: field({
    column: 'certificateVerificationUrl', input: 'text',
    toRow: (v: string): string | null => v || null,
    csv: { format: (v: string | null) => v ?? '', parse: (cell) => cell.trim() },
    // A link the shop prints: anything but a safe web address stays off the page.
    shop: { key: 'certificate_verification_url', of: (v) => (isSafeWebUrl(v) ? v : null) },
  }),
  /**
   * The certificate's picture: uploaded through /api/admin/media like the photos (its name is stored),
   * or, for stones saved before, a path of the shop's media or an https address, kept as it is.
   */
  certificate_image: field({ column: 'certificateImage', input: 'text', csv: {}, shop: { key: 'certificate_image' } }),
  /** Rupees (or dollars) with paise, GST included; stored in paise. */
  price: field({
    column: 'pricePaise', input: 'number',
    toRow: (rupees: number) => Math.round(rupees * 100), toAdmin: (paise: number) => paise / 100,
    csv: { required: true, format: (paise) => String(paise / 100), parse: numberCell },
  }),
  description: field({ column: 'description', input: 'text', csv: {}, shop: 'detail' }),
  /** The picture for a stone without photos; with photos, the first photo is the stone's picture. */
  image: field({ column: 'image', input: 'text', csv: {}, shop: { key: 'image' } }),
  /** Names of pictures uploaded through /api/admin/media, in the order the storefront shows them. */
  photos: field({
    column: 'photos', input: 'photos',
    toAdmin: (names: string[]) => names.map((n) => photoOf(n)).filter((p): p is Photo => p !== null),
    csv: { format: (names) => names.join(' '), parse: (cell) => cell.split(/\s+/).filter(Boolean) },
    shop: 'detail',
  }),
  /** Staff set draft, available and hidden; orders set reserved and sold. A new stone starts as a draft unless told. */
  status: field({ column: 'status', input: 'choice', initial: 'draft', csv: { parse: choiceCell } }),
};

type Plain = typeof STONE_FIELD_LIST;
export type StoneFieldName = keyof Plain;
export const STONE_FIELD_NAMES = Object.keys(STONE_FIELD_LIST) as StoneFieldName[];
/** The list as the generic code reads it (each entry's own types erased). */
export const stonePlainFieldList = (): [StoneFieldName, StoneFieldPlain][] =>
  Object.entries(STONE_FIELD_LIST) as unknown as [StoneFieldName, StoneFieldPlain][];

// ---------- The CSV columns ----------

type CsvHeader<N extends StoneFieldName> = [NonNullable<Plain[N]['list']>] extends [never] ? N : NonNullable<Plain[N]['list']>;
export type StoneCsvColumn = { [N in StoneFieldName]: CsvHeader<N> }[StoneFieldName];
/** The CSV column of a field. */
export function csvHeaderOf(name: StoneFieldName): StoneCsvColumn {
  const f: StoneFieldPlain = STONE_FIELD_LIST[name];
  return (f.list ?? name) as StoneCsvColumn;
}
/**
 * Stones in and out as CSV: the export writes these columns, the import reads the same ones, so a
 * file exported, edited in a spreadsheet and uploaded again updates the stones it names (by SKU).
 */
export const STONE_CSV_COLUMNS: readonly StoneCsvColumn[] = STONE_FIELD_NAMES.map(csvHeaderOf);
/** Columns a file must have; the others may be left out (empty, as in the stone form). */
export const REQUIRED_STONE_CSV_COLUMNS: readonly StoneCsvColumn[] = stonePlainFieldList().filter(([, f]) => f.csv.required).map(([n]) => csvHeaderOf(n));

/** The store lists a field names, in the list's order. */
export const STONE_LIST_FIELDS = stonePlainFieldList().filter(([, f]) => f.list !== undefined) as [StoneFieldName, StoneFieldPlain & { list: StoneList }][];
