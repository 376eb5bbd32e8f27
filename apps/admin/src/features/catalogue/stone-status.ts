import type { StoneStatus } from '@gemstore/contracts';

export const STATUS_OPTIONS: { value: StoneStatus; label: string }[] = [
  { value: 'draft', label: 'Draft' }, { value: 'available', label: 'Available' }, { value: 'hidden', label: 'Hidden' },
  { value: 'reserved', label: 'Reserved' }, { value: 'sold', label: 'Sold' },
];
