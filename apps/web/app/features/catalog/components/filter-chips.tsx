import type { FilterChip, ListingFilter } from '../listing-filter.ts';

/** The active filters, each a button that removes it, and one that clears them all. */
export function FilterChips({ chips, onChange, cleared }: { chips: FilterChip[]; onChange: (filter: ListingFilter) => void; cleared: ListingFilter }) {
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" data-testid="filter-chips">
      <h2 className="visually-hidden">Active filters</h2>
      <ul className="filter-chips__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className="chip" data-testid="filter-chip" onClick={() => onChange(chip.without)}>
              <span>{chip.label}</span>
              <span aria-hidden="true" className="chip__x">×</span>
              <span className="visually-hidden">: remove this filter</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--link" data-testid="clear-filters" onClick={() => onChange(cleared)}>Clear all</button>
    </div>
  );
}
