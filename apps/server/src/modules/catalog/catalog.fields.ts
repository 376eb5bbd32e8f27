import type { z } from 'zod';
import {
  STONE_FIELDS, csvHeaderOf, stoneFieldList, type AdminStone, type AdminStoneBody, type Item, type StoneCsvColumn, type StoneFieldName,
  type StoneList, type itemFieldsShape,
} from '@gemstore/contracts';
import { items } from '@gemstore/db';

/**
 * The server's side of a stone's description (contracts stone-fields.ts): the columns every stone
 * read selects and the one mapping of each field between the stored row, the form, the back office's
 * answer, the storefront's Item and the CSV. A field added to the description is read, written,
 * answered and exported through these functions without another line here.
 */

type Fields = typeof STONE_FIELDS;
type ColumnKey = Fields[StoneFieldName]['column'];
type ItemRow = typeof items.$inferSelect;

/** Each field's column, keyed as the row names it (a column the table lacks fails to compile here). */
export const stoneFieldColumns = Object.fromEntries(stoneFieldList().map(([, f]) => [f.column, items[f.column as ColumnKey]])) as
  { [C in ColumnKey]: (typeof items)[C] };

/** A stone's stored values: one per field of its description. */
export type StoneFieldValues = Pick<ItemRow, ColumnKey>;

/** The columns the storefront reads for every stone: all but those shown on the stone's own page only (description, photos). */
export const shopColumns = Object.fromEntries(stoneFieldList().filter(([, f]) => f.shop !== 'detail').map(([, f]) => [f.column, items[f.column as ColumnKey]])) as
  { [C in Exclude<ColumnKey, 'description' | 'photos'>]: (typeof items)[C] };

/** Fields the form may leave out (its check lets them be undefined): a stone keeps its value, a new one takes the field's initial one. */
type KeptName = { [N in StoneFieldName]: undefined extends z.output<Fields[N]['form']> ? N : never }[StoneFieldName];
export type KeptValues = Pick<ItemRow, Fields[KeptName]['column']>;
const keptFields = stoneFieldList().filter(([, f]) => f.initial !== undefined);
/** The kept fields' columns (an import reads them for the stones a file names). */
export const keptColumns = Object.fromEntries(keptFields.map(([, f]) => [f.column, items[f.column as ColumnKey]])) as
  { [C in Fields[KeptName]['column']]: (typeof items)[C] };

/** A kept field's value: what the form said, else what the stone has, else the field's initial value. */
export function keptValues(told: AdminStoneBody, was: KeptValues | undefined): KeptValues {
  return Object.fromEntries(keptFields.map(([name, f]) => {
    const said = told[name];
    const value = said !== undefined ? (f.toRow ? f.toRow(said) : said) : (was?.[f.column as keyof KeptValues] ?? f.initial);
    return [f.column, value];
  })) as KeptValues;
}

/** The stored values of a checked form (kept fields as `kept` says); values made from others (name, url, image) are the caller's. */
export function rowOfForm(b: AdminStoneBody, kept: KeptValues): StoneFieldValues {
  const row = Object.fromEntries(stoneFieldList().map(([name, f]) => [f.column, f.toRow ? f.toRow(b[name]) : b[name]]));
  return { ...row, ...kept } as StoneFieldValues;
}

/** A stone as the back office reads it, without what its weight makes (carat, ratti, bucket). */
export function adminOfRow(row: StoneFieldValues): Omit<AdminStone, 'id' | 'carat' | 'ratti' | 'ratti_id'> {
  return Object.fromEntries(stoneFieldList().map(([name, f]) => {
    const value = row[f.column as ColumnKey];
    return [name, f.toAdmin ? f.toAdmin(value) : value];
  })) as never;
}

/** The Item's plain fields of a stone read by the storefront. */
export function shopOfRow(row: Pick<ItemRow, keyof typeof shopColumns>): Pick<Item, keyof typeof itemFieldsShape> {
  return Object.fromEntries(stoneFieldList().flatMap(([, f]) => {
    if (!f.shop || f.shop === 'detail') return [];
    const value = row[f.column as keyof typeof shopColumns];
    return [[f.shop.key, f.shop.of ? f.shop.of(value) : value]];
  })) as never;
}

/** How a CSV names a store list's value: the export writes it, the import looks it up. */
export interface ListNames {
  label(list: StoneList, id: number): string;
}

/** A stone as an export row: each field in its column. */
export function csvOfRow(row: StoneFieldValues, names: ListNames): Record<StoneCsvColumn, string> {
  return Object.fromEntries(stoneFieldList().map(([name, f]) => {
    const value = row[f.column as ColumnKey];
    const cell = f.list ? names.label(f.list, value as number) : f.csv.format ? f.csv.format(value) : String(value);
    return [csvHeaderOf(name), cell];
  })) as Record<StoneCsvColumn, string>;
}

/** The form field a CSV column fills (a row's errors of a field are reported at its column). */
export function csvColumnOfField(field: string): string {
  return field in STONE_FIELDS ? csvHeaderOf(field as StoneFieldName) : field;
}
