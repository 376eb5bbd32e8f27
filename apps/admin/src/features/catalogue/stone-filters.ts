import type { AdminStonesQuery } from '@gemstore/contracts';
import { AdminStoneSorts, STONE_STATUSES } from '@gemstore/contracts/constants';

/**
 * The stone list's filters live in the page's address, under the names of the API's query
 * (GET /api/admin/stones): `?colors=3,4&shapes=2&sort=price_asc&page=2`. A reload or a shared link
 * shows the same stones, and the export asks for exactly what the list shows.
 */
export const ID_LIST_FILTERS = ['grades', 'colors', 'clarities', 'shapes', 'origins'] as const;
export type IdListFilter = (typeof ID_LIST_FILTERS)[number];

export type StoneFilters = Omit<AdminStonesQuery, 'weight_min_mg' | 'weight_max_mg'>;

function id(text: string | null): number | undefined {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

function ids(text: string | null): number[] {
  return [...new Set((text ?? '').split(',').map((t) => id(t.trim())).filter((n): n is number => n !== undefined))];
}

/** The filters an address names; what it names wrongly (a typed-over link) is left out. */
export function filtersOf(search: URLSearchParams): StoneFilters {
  const status = search.get('status');
  const sort = search.get('sort');
  const q = search.get('q')?.trim();
  return {
    ...(q ? { q } : {}),
    ...(id(search.get('product')) ? { product: id(search.get('product')) } : {}),
    ...(status && (STONE_STATUSES as readonly string[]).includes(status) ? { status: status as StoneFilters['status'] } : {}),
    ...Object.fromEntries(ID_LIST_FILTERS.map((name) => [name, ids(search.get(name))])) as Record<IdListFilter, number[]>,
    sort: sort && (AdminStoneSorts as readonly string[]).includes(sort) ? (sort as StoneFilters['sort']) : 'newest',
    page: id(search.get('page')) ?? 1,
  };
}

/** The address of a set of filters: empty ones, the first page and the default sort are left out. */
export function searchOf(filters: StoneFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.product) search.set('product', String(filters.product));
  if (filters.status) search.set('status', filters.status);
  for (const name of ID_LIST_FILTERS) if (filters[name].length) search.set(name, filters[name].join(','));
  if (filters.sort !== 'newest') search.set('sort', filters.sort);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** How many filters narrow the list (the search text counts as one). */
export function filterCount(filters: StoneFilters): number {
  return (filters.q ? 1 : 0) + (filters.product ? 1 : 0) + (filters.status ? 1 : 0) + ID_LIST_FILTERS.filter((n) => filters[n].length).length;
}
