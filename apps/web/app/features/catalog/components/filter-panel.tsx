import { useState, type FormEvent } from 'react';
import type { StoneCountsResponse } from '@gemstore/contracts';
import { DEFAULT_RATTI_RANGE, MAX_CARAT } from '@gemstore/contracts/constants';
import { useCurrency } from '../../../lib/store-context.tsx';
import {
  EMPTY_FILTER, LIST_PARAMS, PRICE_PARAMS, RATTI_PARAM, SORT_OPTIONS, TREATMENTS_PARAM, filterFromSearch, type ListKey, type ListingFilter,
} from '../listing-filter.ts';

/** The filter values with their counts for the current selection (POST stone-counts). */
export type FilterCounts = Pick<StoneCountsResponse, 'grade' | 'colors' | 'clarity' | 'shape' | 'origin' | 'treatment'>;

/** A value a shopper ticks: an attribute by id, a treatment by name. */
interface FilterOption { value: number | string; name: string; product_stocks_count: number }

interface Props {
  counts: FilterCounts;
  filter: ListingFilter;
  /** Where the form's plain GET goes without JavaScript (the listing's own path). */
  action: string;
  onApply: (filter: ListingFilter) => void;
  id: string;
}

export const GROUPS: { key: ListKey; title: string; options: (a: FilterCounts) => StoneCountsResponse['grade'] }[] = [
  { key: 'grades', title: 'Grade', options: (a) => a.grade },
  { key: 'colors', title: 'Colour', options: (a) => a.colors },
  { key: 'clarities', title: 'Clarity', options: (a) => a.clarity },
  { key: 'shapes', title: 'Shape', options: (a) => a.shape },
  { key: 'origins', title: 'Origin', options: (a) => a.origin },
];

function CheckboxGroup({ name, title, options, selected }: { name: string; title: string; options: FilterOption[]; selected: (number | string)[] }) {
  // Values the selection leaves no stone of are left out unless chosen (a chip removes them too).
  const shown = options.filter((o) => o.product_stocks_count > 0 || selected.includes(o.value));
  if (shown.length === 0) return null;
  return (
    <fieldset className="filter-group" data-testid={`filter-${name}`}>
      <legend className="filter-group__title">{title}</legend>
      <ul className="filter-group__options">
        {shown.map((o) => (
          <li key={o.value}>
            <label className="check">
              <input type="checkbox" name={name} value={o.value} defaultChecked={selected.includes(o.value)} />
              <span className="check__label">{o.name}</span>
              <span className="check__count" aria-label={`${o.product_stocks_count} stones`}>{o.product_stocks_count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The listing's filters. A real GET form with the listing's query names (listing-filter.ts), so it works before
 * hydration; with JavaScript the page applies it through the router (onApply) instead.
 */
export function FilterPanel({ counts, filter, action, onApply, id }: Props) {
  const [mode, setMode] = useState<0 | 1>(filter.caratStatus);
  const currency = useCurrency();

  const readForm = (form: HTMLFormElement): ListingFilter => {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) params.append(k, String(v));
    return filterFromSearch(params);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    onApply(readForm(event.currentTarget));
  };

  return (
    <form id={id} className="filters" method="get" action={action} onSubmit={onSubmit} aria-label="Filter stones" data-testid="filter-form">
      <div className="field filters__sort">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          name="sort"
          defaultValue={filter.sort ?? ''}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
          data-testid="sort-select"
        >
          {SORT_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </div>

      <fieldset className="filter-group">
        <legend className="filter-group__title">Size</legend>
        <div className="segmented" role="radiogroup" aria-label="Filter size by">
          <label className={mode === 0 ? 'is-on' : ''}>
            <input type="radio" name="selectedCaratStatus" value="0" checked={mode === 0} onChange={() => setMode(0)} data-testid="mode-ratti" />
            Ratti
          </label>
          <label className={mode === 1 ? 'is-on' : ''}>
            <input type="radio" name="selectedCaratStatus" value="1" checked={mode === 1} onChange={() => setMode(1)} data-testid="mode-weight" />
            Carats
          </label>
        </div>
        <div className="range-inputs">
          <div className="field">
            <label htmlFor={`${id}-ratti-min`}>Ratti from</label>
            <input id={`${id}-ratti-min`} name={RATTI_PARAM} type="number" inputMode="decimal" min={DEFAULT_RATTI_RANGE[0]} max={DEFAULT_RATTI_RANGE[1]} step="0.25"
              defaultValue={filter.rattiRange[0]} disabled={mode !== 0} required data-testid="ratti-min" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-ratti-max`}>Ratti to</label>
            <input id={`${id}-ratti-max`} name={RATTI_PARAM} type="number" inputMode="decimal" min={DEFAULT_RATTI_RANGE[0]} max={DEFAULT_RATTI_RANGE[1]} step="0.25"
              defaultValue={filter.rattiRange[1]} disabled={mode !== 0} required data-testid="ratti-max" />
          </div>
        </div>
        <div className="range-inputs">
          <div className="field">
            <label htmlFor={`${id}-carat-min`}>Carat from</label>
            <input id={`${id}-carat-min`} name="selectedCaratMin" type="number" inputMode="decimal" min={0} max={MAX_CARAT} step="0.01"
              defaultValue={filter.caratMin ?? ''} disabled={mode !== 1} data-testid="carat-min" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-carat-max`}>Carat to</label>
            <input id={`${id}-carat-max`} name="selectedCaratMax" type="number" inputMode="decimal" min={0} max={MAX_CARAT} step="0.01"
              defaultValue={filter.caratMax ?? ''} disabled={mode !== 1} data-testid="carat-max" />
          </div>
        </div>
      </fieldset>

      <fieldset className="filter-group">
        <legend className="filter-group__title">Price ({currency.sign})</legend>
        <div className="range-inputs">
          <div className="field">
            <label htmlFor={`${id}-price-min`}>Price from</label>
            <input id={`${id}-price-min`} name={PRICE_PARAMS.min} type="number" inputMode="decimal" min={0} step="any"
              defaultValue={filter.priceMin ?? ''} data-testid="price-min" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-price-max`}>Price to</label>
            <input id={`${id}-price-max`} name={PRICE_PARAMS.max} type="number" inputMode="decimal" min={0} step="any"
              defaultValue={filter.priceMax ?? ''} data-testid="price-max" />
          </div>
        </div>
      </fieldset>

      {GROUPS.map((g) => (
        <CheckboxGroup key={g.key} name={LIST_PARAMS[g.key]} title={g.title} options={g.options(counts).map((o) => ({ ...o, value: o.id }))} selected={filter[g.key]} />
      ))}
      <CheckboxGroup name={TREATMENTS_PARAM} title="Treatment" options={counts.treatment} selected={filter.treatments} />

      <div className="filters__actions">
        <button type="submit" className="button button--primary" data-testid="apply-filter">Apply Filter</button>
        <button type="button" className="button button--ghost" onClick={() => onApply({ ...EMPTY_FILTER, sort: filter.sort })}>Clear</button>
      </div>
    </form>
  );
}
