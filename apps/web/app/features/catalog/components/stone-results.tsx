import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import type { Item } from '@gemstore/contracts';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PriceNote } from '../../../components/ui/price-note.tsx';
import { useCurrency, usePriceFormatter } from '../../../lib/store-context.tsx';
import { EMPTY_FILTER, activeFilterCount, filterChips, filterToSearch, type ListKey, type ListingFilter } from '../listing-filter.ts';
import { FilterChips } from './filter-chips.tsx';
import { FilterPanel, GROUPS, type FilterCounts } from './filter-panel.tsx';
import { ItemCard } from './item-card.tsx';

interface Props {
  /** What the stones are (for the results' label). */
  label: string;
  filter: ListingFilter;
  counts: FilterCounts & { product_stocks_count: number };
  items: Item[];
  /** `href`: the next page's address, a real link for crawlers and shoppers without JavaScript. */
  more: { hasMore: boolean; loading: boolean; error: boolean; load: () => void; href?: string };
  /** Query parameters the filter keeps (the search's q). */
  keep?: Record<string, string>;
  /** Shown between the chips and the stones (the search's gem types). */
  children?: ReactNode;
}

/**
 * A listing's filters and stones: the count of what the selection leaves, the active filters as
 * removable chips, the filter form (its Apply Filter button always in view) and the stones. The
 * filter lives in the URL, so applying one is a navigation.
 */
export function StoneResults({ label, filter, counts, items, more, keep = {}, children }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const busy = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const price = usePriceFormatter();
  const currency = useCurrency();
  const activeCount = activeFilterCount(filter);

  const apply = (next: ListingFilter) => {
    const params = filterToSearch(next);
    for (const [k, v] of Object.entries(keep)) params.set(k, v);
    const search = params.toString();
    setFiltersOpen(false);
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { preventScrollReset: true });
  };

  // Chips name values as the filter lists do; prices are typed in the display currency, so shown without conversion.
  const names = Object.fromEntries(GROUPS.map((g) => [g.key, new Map(g.options(counts).map((o) => [o.id, o.name]))])) as Record<ListKey, Map<number, string>>;
  const chips = filterChips(filter, names, (amount) => price(amount / currency.exchangeRate));

  return (
    <>
      <p className="listing__count" data-testid="stones-count" aria-live="polite">
        {counts.product_stocks_count} {counts.product_stocks_count === 1 ? 'stone' : 'stones'} available · <PriceNote inline />
      </p>
      <FilterChips chips={chips} onChange={apply} cleared={{ ...EMPTY_FILTER, sort: filter.sort }} />
      {children}
      <div className="listing__layout">
        <aside className={`listing__filters${filtersOpen ? ' is-open' : ''}`} aria-label="Filters">
          <button
            type="button"
            className="button button--ghost listing__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="listing-filter"
            onClick={() => setFiltersOpen((v) => !v)}
            data-testid="filters-toggle"
          >
            Filters{activeCount ? ` (${activeCount})` : ''}
          </button>
          {/* Re-mounted when the URL changes, so back/forward and shared links show their own filter. */}
          <FilterPanel key={location.search} id="listing-filter" counts={counts} filter={filter} action={location.pathname} onApply={apply} />
        </aside>
        <section className="listing__results" aria-label={label} aria-busy={busy}>
          {items.length === 0 ? (
            <p className="empty" data-testid="no-products">No Products Found.</p>
          ) : (
            <ul className="item-grid" data-testid="item-grid">
              {items.map((item, i) => <ItemCard key={item.id} item={item} eager={i < 4} first={i === 0} />)}
            </ul>
          )}
          <LoadMore hasMore={more.hasMore} loading={more.loading} error={more.error} onLoadMore={more.load} label="Show more stones" href={more.href} />
        </section>
      </div>
    </>
  );
}
