import type { Currency, ListingFilterInput, ListingSort, StoneSearchInput, StoneTreatment } from '@gemstore/contracts';
import { DEFAULT_RATTI_RANGE, MAX_CARAT, MAX_PRICE_RUPEES, STONE_TREATMENTS, TREATMENT_LABELS } from '@gemstore/contracts/constants';
import { formatCaratRange, formatRattiRange } from '@gemstore/contracts/format';

export const SORT_OPTIONS: { value: ListingSort | ''; label: string }[] = [
  { value: '', label: 'Featured' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'weight_desc', label: 'Weight: heaviest first' },
  { value: 'weight_asc', label: 'Weight: lightest first' },
];
const SORTS = new Set<string>(SORT_OPTIONS.map((o) => o.value).filter(Boolean));

/** The listing's filter as the page holds it. */
export interface ListingFilter {
  grades: number[];
  colors: number[];
  clarities: number[];
  shapes: number[];
  origins: number[];
  /** Treatments by name (heated, oiled ...), not by id: the trade's fixed list. */
  treatments: StoneTreatment[];
  rattiRange: [number, number];
  /** 0 = ratti mode, 1 = weight (carat) mode. */
  caratStatus: 0 | 1;
  caratMin?: number;
  caratMax?: number;
  /** Price range in the store's display currency (Rs. or $), as the shopper typed it. */
  priceMin?: number;
  priceMax?: number;
  sort?: ListingSort;
}

export type ListKey = 'grades' | 'colors' | 'clarities' | 'shapes' | 'origins';

/** Query-string names of a listing: public addresses, so kept as they are (docs/architecture.md). */
export const LIST_PARAMS: Record<ListKey, string> = {
  grades: 'filterGrades',
  colors: 'filterColors',
  clarities: 'filterClarities',
  shapes: 'filterShapes',
  origins: 'filterOrigins',
};
export const TREATMENTS_PARAM = 'filterTreatments';
export const RATTI_PARAM = 'filterSelectedRattiRange';
export const PRICE_PARAMS = { min: 'priceMin', max: 'priceMax' } as const;

export const EMPTY_FILTER: ListingFilter = {
  grades: [], colors: [], clarities: [], shapes: [], origins: [], treatments: [], rattiRange: DEFAULT_RATTI_RANGE, caratStatus: 0,
};

/** Every value of a parameter, so "a=1,2", "a=[1,2]" and "a=1&a=2" (a plain form GET) all read alike. */
function listOf(params: URLSearchParams, name: string): string[] {
  return params.getAll(name).join(',').replace(/[[\]\s]/g, '').split(',').filter(Boolean);
}

/** Ids of a parameter; anything that is not a positive whole number is dropped. */
function parseIds(params: URLSearchParams, name: string): number[] {
  const ids = listOf(params, name).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, 200);
}

function parseNumber(value: string | null, max: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, max) : undefined;
}

/** Reads a shared link's filter; bad values fall back to the defaults rather than failing the page. */
export function filterFromSearch(params: URLSearchParams): ListingFilter {
  const filter: ListingFilter = { ...EMPTY_FILTER, rattiRange: [...DEFAULT_RATTI_RANGE] };
  for (const key of Object.keys(LIST_PARAMS) as ListKey[]) filter[key] = parseIds(params, LIST_PARAMS[key]);
  const treatments = new Set(listOf(params, TREATMENTS_PARAM));
  filter.treatments = STONE_TREATMENTS.filter((t) => treatments.has(t));
  const range = listOf(params, RATTI_PARAM).map(Number);
  if (range.length === 2 && range.every((n) => Number.isFinite(n) && n >= 0)) {
    const [a, b] = range as [number, number];
    filter.rattiRange = a <= b ? [a, b] : [b, a];
  }
  filter.caratStatus = params.get('selectedCaratStatus') === '1' ? 1 : 0;
  if (filter.caratStatus === 1) {
    let min = parseNumber(params.get('selectedCaratMin'), MAX_CARAT);
    let max = parseNumber(params.get('selectedCaratMax'), MAX_CARAT);
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    filter.caratMin = min;
    filter.caratMax = max;
  }
  let priceMin = parseNumber(params.get(PRICE_PARAMS.min), MAX_PRICE_RUPEES);
  let priceMax = parseNumber(params.get(PRICE_PARAMS.max), MAX_PRICE_RUPEES);
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  if (priceMin !== undefined) filter.priceMin = priceMin;
  if (priceMax !== undefined) filter.priceMax = priceMax;
  const sort = params.get('sort');
  if (sort && SORTS.has(sort)) filter.sort = sort as ListingSort;
  return filter;
}

/** The filter as query parameters; defaults are left out so the plain listing keeps a clean URL. */
export function filterToSearch(filter: ListingFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(LIST_PARAMS) as ListKey[]) {
    if (filter[key].length) params.set(LIST_PARAMS[key], filter[key].join(','));
  }
  if (filter.treatments.length) params.set(TREATMENTS_PARAM, filter.treatments.join(','));
  if (filter.caratStatus === 1) {
    params.set('selectedCaratStatus', '1');
    if (filter.caratMin !== undefined) params.set('selectedCaratMin', String(filter.caratMin));
    if (filter.caratMax !== undefined) params.set('selectedCaratMax', String(filter.caratMax));
  } else if (filter.rattiRange[0] !== DEFAULT_RATTI_RANGE[0] || filter.rattiRange[1] !== DEFAULT_RATTI_RANGE[1]) {
    params.set(RATTI_PARAM, filter.rattiRange.join(','));
  }
  if (filter.priceMin !== undefined) params.set(PRICE_PARAMS.min, String(filter.priceMin));
  if (filter.priceMax !== undefined) params.set(PRICE_PARAMS.max, String(filter.priceMax));
  if (filter.sort) params.set('sort', filter.sort);
  return params;
}

/** Rupees for an amount in the display currency (the API filters in rupees; $ = rupees x rate). */
function toRupees(amount: number | undefined, currency: Currency): number | undefined {
  return amount === undefined ? undefined : Math.min(MAX_PRICE_RUPEES, amount / currency.exchangeRate);
}

/** The body of a search or listing for a filter (the product-items body when a product is given). */
export function searchBody(filter: ListingFilter, currency: Currency, where: { product?: string | number; q?: string }): StoneSearchInput {
  const priceMin = toRupees(filter.priceMin, currency);
  const priceMax = toRupees(filter.priceMax, currency);
  return {
    ...(where.q !== undefined ? { q: where.q } : {}),
    filter: {
      grades: filter.grades, ratti: [], colors: filter.colors, clarities: filter.clarities,
      shapes: filter.shapes, origins: filter.origins, treatments: filter.treatments, ...(where.product !== undefined ? { product: where.product } : {}),
    },
    selectedRatti: { range: filter.rattiRange },
    selectedCarat: {
      status: filter.caratStatus,
      ...(filter.caratStatus === 1 && filter.caratMin !== undefined ? { min: filter.caratMin } : {}),
      ...(filter.caratStatus === 1 && filter.caratMax !== undefined ? { max: filter.caratMax } : {}),
    },
    ...(priceMin !== undefined || priceMax !== undefined ? { selectedPrice: { ...(priceMin !== undefined ? { min: priceMin } : {}), ...(priceMax !== undefined ? { max: priceMax } : {}) } } : {}),
    ...(filter.sort ? { sort: filter.sort } : {}),
  };
}

/** POST product-items body for a product and filter. */
export function listingBody(filter: ListingFilter, product: string | number, currency: Currency): ListingFilterInput {
  return searchBody(filter, currency, { product }) as ListingFilterInput;
}

/** One active filter as a removable chip: its label and the filter without it. */
export interface FilterChip { key: string; label: string; without: ListingFilter }

/**
 * The active filters, each as a chip that removes it. `names` gives each list's value names
 * (grades, colours ... by id); `price` formats an amount of the display currency.
 */
export function filterChips(filter: ListingFilter, names: Record<ListKey, Map<number, string>>, price: (amount: number) => string): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of Object.keys(LIST_PARAMS) as ListKey[]) {
    for (const id of filter[key]) {
      chips.push({ key: `${key}-${id}`, label: names[key].get(id) ?? `#${id}`, without: { ...filter, [key]: filter[key].filter((x) => x !== id) } });
    }
  }
  for (const t of filter.treatments) {
    chips.push({ key: `treatment-${t}`, label: TREATMENT_LABELS[t], without: { ...filter, treatments: filter.treatments.filter((x) => x !== t) } });
  }
  if (filter.caratStatus === 1 && (filter.caratMin !== undefined || filter.caratMax !== undefined)) {
    chips.push({ key: 'carat', label: formatCaratRange(filter.caratMin, filter.caratMax), without: { ...filter, caratStatus: 0, caratMin: undefined, caratMax: undefined } });
  } else if (filter.caratStatus === 0 && (filter.rattiRange[0] !== DEFAULT_RATTI_RANGE[0] || filter.rattiRange[1] !== DEFAULT_RATTI_RANGE[1])) {
    chips.push({ key: 'ratti', label: formatRattiRange(filter.rattiRange[0], filter.rattiRange[1]), without: { ...filter, rattiRange: [...DEFAULT_RATTI_RANGE] } });
  }
  if (filter.priceMin !== undefined || filter.priceMax !== undefined) {
    const label = filter.priceMin !== undefined && filter.priceMax !== undefined ? `${price(filter.priceMin)} to ${price(filter.priceMax)}`
      : filter.priceMin !== undefined ? `From ${price(filter.priceMin)}` : `Up to ${price(filter.priceMax!)}`;
    chips.push({ key: 'price', label, without: { ...filter, priceMin: undefined, priceMax: undefined } });
  }
  return chips;
}

/** How many filters differ from the defaults (for the "Filters (n)" label). */
export function activeFilterCount(filter: ListingFilter): number {
  let n = 0;
  for (const key of Object.keys(LIST_PARAMS) as ListKey[]) n += filter[key].length;
  n += filter.treatments.length;
  if (filter.caratStatus === 1 ? filter.caratMin !== undefined || filter.caratMax !== undefined
    : filter.rattiRange[0] !== DEFAULT_RATTI_RANGE[0] || filter.rattiRange[1] !== DEFAULT_RATTI_RANGE[1]) n += 1;
  if (filter.priceMin !== undefined || filter.priceMax !== undefined) n += 1;
  return n;
}
