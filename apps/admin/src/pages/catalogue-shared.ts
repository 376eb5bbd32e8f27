import type { StoneStatus } from '@gemstore/contracts';

/** Query keys of the catalogue pages: a change to the catalogue refreshes both. */
export const catalogKey = ['admin', 'catalog'] as const;
export const stonesKey = ['admin', 'stones'] as const;

export const STATUS_OPTIONS: { value: StoneStatus; label: string }[] = [
  { value: 'draft', label: 'Draft' }, { value: 'available', label: 'Available' }, { value: 'hidden', label: 'Hidden' },
  { value: 'reserved', label: 'Reserved' }, { value: 'sold', label: 'Sold' },
];

export function statusColor(status: StoneStatus): string {
  return { draft: 'gray', available: 'green', hidden: 'yellow', reserved: 'blue', sold: 'dark' }[status];
}

/** Prices are kept in rupees with paise (GST included); a USD store converts them for shoppers at its rate. */
export { formatRupees } from '../format.ts';
