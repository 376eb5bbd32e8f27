import { Stack, Table, type TableProps, type TableTdProps, type TableThProps, type TableTrProps } from '@mantine/core';
import { Fragment, type Key, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

/** One column: its head (none over a column of buttons) and what each row shows in it. */
export interface Column<T> {
  head?: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers (amounts, values) line up on the right, head and cells. */
  align?: 'right';
  /** More of the head's and the cells' own props (a narrow column's width, a monospace code, a column hidden on a phone). */
  th?: TableThProps;
  td?: TableTdProps;
}

/**
 * A list page's table: a head, a row a record, and what shows when there is none. `cards` gives a
 * phone its own list of cards (the table then shows from the `sm` width up); `minWidth` lets a wide
 * table scroll sideways on a narrow screen instead of squeezing its columns.
 */
export function DataTable<T>({
  label, rows, columns, rowKey, rowProps, rowTo, minWidth, cards, empty, headWhenEmpty = false, ...table
}: {
  /** The table's name for a screen reader, as tests find it. */
  label: string;
  /** Undefined while the list is read: the head shows with no rows. */
  rows: readonly T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  rowProps?: (row: T) => TableTrProps & DataAttributes;
  /** The record's own page: a click anywhere on its row opens it (its link in a cell stops the click going on to the row). */
  rowTo?: (row: T) => string;
  minWidth?: number;
  cards?: { render: (row: T) => ReactNode; label?: string; gap?: 'xs' | 'sm'; role?: 'list' };
  /** What shows for an empty list: in the table's place, or under its head with `headWhenEmpty`. */
  empty?: ReactNode;
  headWhenEmpty?: boolean;
} & Omit<TableProps, 'children' | 'data'>) {
  const navigate = useNavigate();
  const isEmpty = rows !== undefined && rows.length === 0;
  if (isEmpty && empty !== undefined && !headWhenEmpty) return empty;
  const list = rows ?? [];
  const visibleFrom = cards ? 'sm' : undefined;
  const grid = (
    <Table aria-label={label} visibleFrom={minWidth === undefined ? visibleFrom : undefined} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (c.head === undefined ? <Table.Th key={i} /> : <Table.Th key={i} ta={c.align} {...c.th}>{c.head}</Table.Th>))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((row) => (
          <Table.Tr key={rowKey(row)} {...rowProps?.(row)} {...(rowTo && { style: { cursor: 'pointer' }, onClick: () => navigate(rowTo(row)) })}>
            {columns.map((c, i) => <Table.Td key={i} ta={c.align} {...c.td}>{c.cell(row)}</Table.Td>)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <>
      {cards && (
        <Stack hiddenFrom="sm" gap={cards.gap ?? 'xs'} aria-label={cards.label} role={cards.role}>
          {list.map((row) => <Fragment key={rowKey(row)}>{cards.render(row)}</Fragment>)}
        </Stack>
      )}
      {minWidth === undefined ? grid : <Table.ScrollContainer minWidth={minWidth} visibleFrom={visibleFrom}>{grid}</Table.ScrollContainer>}
      {isEmpty && headWhenEmpty && empty}
    </>
  );
}
