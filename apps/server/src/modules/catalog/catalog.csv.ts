import {
  ATTRIBUTE_KINDS, csvHeaderOf, stoneFieldList, type AttributeKind, type ImportRowError, type StoneCsvColumn, type StoneList, type SuitedKind,
} from '@gemstore/contracts';
import type { AdminStoneRow } from './catalog.admin.repo.ts';
import { csvOfRow, type ListNames } from './catalog.fields.ts';

/**
 * Stones as spreadsheet rows (contracts STONE_CSV_COLUMNS, one column a field): the export writes a
 * stone's row, the import turns a row back into the stone form's input. A row names its product and
 * attribute values as a person reads them; the ids never leave the server.
 */
/** The store's lists a stone names: products, attribute values and ratti buckets (catalog.admin.service loadStoneLists). */
export interface StoneLists {
  products: Map<number, { id: number; name: string; url: string }>;
  values: Record<AttributeKind, Map<number, { id: number; value: string; alias: string }>>;
  /** Ratti buckets, ascending. */
  rattis: { id: number; rati_standard: number }[];
  /** The colours and origins that suit each gem type (by product id); a gem type not here takes any of the store's. */
  suited: Record<SuitedKind, Map<number, number[]>>;
}

export type StoneCsvRecord = Partial<Record<StoneCsvColumn, string>>;

const key = (text: string) => text.trim().toLowerCase();

/**
 * Name lookups of a batch's lists: a product by friendly url or name, a value by name or short form
 * (an id, or the reason there is none). The export writes a product by its name, or by its
 * friendly url when another product shares the name.
 */
export interface CsvNames extends ListNames {
  lookup(list: StoneList, text: string): number | string;
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
    lookup(list, text) {
      if (list === 'product') {
        return pick(byUrl.get(key(text)), 'product', text) ?? pick(byName.get(key(text)), 'product', text)
          ?? `No product "${text}" in this store: use a product's name or friendly url.`;
      }
      const { byValue, byAlias } = values[list];
      return pick(byValue.get(key(text)), list, text) ?? pick(byAlias.get(key(text)), list, text)
        ?? `No ${list} "${text}" in this store's list.`;
    },
    label(list, id) {
      if (list !== 'product') return lists.values[list].get(id)!.value;
      const p = lists.products.get(id)!;
      return byName.get(key(p.name))!.length > 1 ? p.url : p.name;
    },
  };
}

/** A stone as an export row. */
export function stoneCsvRecord(row: AdminStoneRow, names: CsvNames): Record<StoneCsvColumn, string> {
  return csvOfRow(row, names);
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
  const input: Record<string, unknown> = {};
  for (const [name, f] of stoneFieldList()) {
    const column = csvHeaderOf(name);
    const text = cell(record, column);
    if (f.list) {
      const found = text.trim() === '' ? `Enter the ${column}.` : names.lookup(f.list, text.trim());
      if (typeof found === 'number') input[name] = found;
      else errors.push({ row, column, message: found });
    } else {
      input[name] = f.csv.parse ? f.csv.parse(text) : text;
    }
  }
  // Reserved and sold are orders' statuses: the import keeps them only for a stone already in them.
  const held = input.status === 'reserved' || input.status === 'sold' ? input.status : undefined;
  if (held) input.status = undefined;
  return { input, errors, held };
}
