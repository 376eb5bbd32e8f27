import { ATTRIBUTE_KINDS, STAFF_STONE_STATUSES, type AttributeKind, type ImportRowError, type StoneCsvColumn } from '@gemstore/contracts';
import type { AdminStoneRow } from './catalog.admin.repo.ts';

/**
 * Stones as spreadsheet rows (contracts STONE_CSV_COLUMNS): the export writes a stone's row, the
 * import turns a row back into the stone form's input. A row names its product and attribute
 * values as a person reads them; the ids never leave the server.
 */
/** The store's lists a stone names: products, attribute values and ratti buckets (catalog.admin.service loadStoneLists). */
export interface StoneLists {
  products: Map<number, { id: number; name: string; url: string }>;
  values: Record<AttributeKind, Map<number, { id: number; value: string; alias: string }>>;
  /** Ratti buckets, ascending. */
  rattis: { id: number; rati_standard: number }[];
}

export type StoneCsvRecord = Partial<Record<StoneCsvColumn, string>>;

/** The form field each column fills (errors of a field are reported at its column). */
const columnOfField: Record<string, StoneCsvColumn> = {
  product_id: 'product', grade_id: 'grade', color_id: 'color', clarity_id: 'clarity', shape_id: 'shape', origin_id: 'origin',
};
export function columnOf(field: string): string {
  return columnOfField[field] ?? field;
}

const key = (text: string) => text.trim().toLowerCase();

/** Name lookups of a batch's lists: a product by friendly url or name, a value by name or short form. */
export interface CsvNames {
  product(text: string): number | string;
  value(kind: AttributeKind, text: string): number | string;
  /** How the export writes a product: its name, or its friendly url when another product shares the name. */
  productLabel(id: number): string;
  valueLabel(kind: AttributeKind, id: number): string;
}

function index<T>(entries: [string, T][]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const [k, v] of entries) map.set(k, [...(map.get(k) ?? []), v]);
  return map;
}

/** One match, or the reason there is none (a message for the row's report). */
function pick(matches: number[] | undefined, what: string, text: string): number | string | undefined {
  if (!matches?.length) return undefined;
  if (new Set(matches).size > 1) return `More than one ${what} is called "${text}": use its friendly url.`;
  return matches[0]!;
}

export function csvNames(lists: StoneLists): CsvNames {
  const products = [...lists.products.values()];
  const byUrl = index(products.map((p) => [p.url, p.id]));
  const byName = index(products.map((p) => [key(p.name), p.id]));
  const values = Object.fromEntries(ATTRIBUTE_KINDS.map((kind) => {
    const list = [...lists.values[kind].values()];
    return [kind, { byValue: index(list.map((v) => [key(v.value), v.id])), byAlias: index(list.map((v) => [key(v.alias), v.id])) }];
  })) as Record<AttributeKind, { byValue: Map<string, number[]>; byAlias: Map<string, number[]> }>;
  return {
    product(text) {
      return pick(byUrl.get(key(text)), 'product', text) ?? pick(byName.get(key(text)), 'product', text)
        ?? `No product "${text}" in this store: use a product's name or friendly url.`;
    },
    value(kind, text) {
      const { byValue, byAlias } = values[kind];
      return pick(byValue.get(key(text)), kind, text) ?? pick(byAlias.get(key(text)), kind, text)
        ?? `No ${kind} "${text}" in this store's list.`;
    },
    productLabel(id) {
      const p = lists.products.get(id)!;
      return byName.get(key(p.name))!.length > 1 ? p.url : p.name;
    },
    valueLabel(kind, id) {
      return lists.values[kind].get(id)!.value;
    },
  };
}

/** A stone as an export row. */
export function stoneCsvRecord(row: AdminStoneRow, names: CsvNames): Record<StoneCsvColumn, string> {
  return {
    sku: row.gin, product: names.productLabel(row.productId), name: row.name, url: row.url,
    weight_mg: String(row.weightMg), width_mm: String(row.widthMm), length_mm: String(row.lengthMm), depth_mm: String(row.depthMm),
    grade: names.valueLabel('grade', row.gradeId), color: names.valueLabel('color', row.colorId), clarity: names.valueLabel('clarity', row.clarityId),
    shape: names.valueLabel('shape', row.shapeId), origin: names.valueLabel('origin', row.originId),
    certificate_lab: row.certificateLab, certificate_number: row.certificateNumber,
    certificate_verification_url: row.certificateVerificationUrl ?? '', certificate_image: row.certificateImage,
    price: String(row.pricePaise / 100), description: row.description, image: row.image, photos: row.photos.join(' '), status: row.status,
  };
}

/**
 * A cell as typed: a spreadsheet's guard against formulas (a leading apostrophe before = + - @,
 * which the export writes) is taken off again.
 */
function cell(record: StoneCsvRecord, column: StoneCsvColumn): string {
  const text = record[column] ?? '';
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/**
 * The stone form's input of a row, with the names resolved to this store's ids, and the errors of
 * the names that resolve to nothing. `held`: the row names a status only orders set (reserved,
 * sold), which the import accepts only for a stone already in it.
 */
export function stoneInputOfRecord(record: StoneCsvRecord, names: CsvNames, row: number):
  { input: Record<string, unknown>; errors: ImportRowError[]; held: 'reserved' | 'sold' | undefined } {
  const errors: ImportRowError[] = [];
  const resolve = (column: StoneCsvColumn, found: number | string) => {
    if (typeof found === 'number') return found;
    errors.push({ row, column, message: found });
    return undefined;
  };
  const text = (column: StoneCsvColumn) => cell(record, column);
  const named = (column: StoneCsvColumn, lookup: (t: string) => number | string) => {
    const t = text(column).trim();
    return resolve(column, t === '' ? `Enter the ${column}.` : lookup(t));
  };
  const status = text('status').trim().toLowerCase();
  const held = status === 'reserved' || status === 'sold' ? status : undefined;
  const input: Record<string, unknown> = {
    sku: text('sku'), product_id: named('product', names.product),
    name: text('name'), url: text('url'),
    weight_mg: text('weight_mg').trim() || undefined,
    width_mm: text('width_mm').trim() || undefined, length_mm: text('length_mm').trim() || undefined, depth_mm: text('depth_mm').trim() || undefined,
    ...Object.fromEntries(ATTRIBUTE_KINDS.map((kind) => [`${kind}_id`, named(kind, (t) => names.value(kind, t))])),
    certificate_lab: text('certificate_lab'), certificate_number: text('certificate_number'),
    certificate_verification_url: text('certificate_verification_url').trim(), certificate_image: text('certificate_image'),
    price: text('price').trim() || undefined, description: text('description'), image: text('image'),
    photos: text('photos').split(/\s+/).filter(Boolean),
    status: status === '' || held ? undefined : (STAFF_STONE_STATUSES as readonly string[]).includes(status) ? status : text('status'),
  };
  return { input, errors, held };
}
