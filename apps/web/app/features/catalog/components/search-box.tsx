import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@gemstore/contracts/constants';
import { itemPath, itemTitle } from '../../../lib/item-format.ts';
import { usePriceFormatter } from '../../../lib/store-context.tsx';
import { useSuggestions } from '../api/get-suggestions.ts';

/** Typing pauses this long before the next suggestions are asked for. */
const TYPING_PAUSE_MS = 150;

interface Option { id: string; href: string; label: string; detail: string; kind: 'Gem' | 'Stone' | 'Page' }

/**
 * The header's search box: a combobox (WAI-ARIA 1.2 pattern) listing gem types, stones and pages as
 * the shopper types. Up and Down move through the suggestions, Enter opens the chosen one (or the
 * results page), Escape closes the list. Without JavaScript it is a plain GET form to /search.
 */
export function SearchBox() {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const location = useLocation();
  const price = usePriceFormatter();
  const [text, setText] = useState(() => (location.pathname === '/search' ? new URLSearchParams(location.search).get('q') ?? '' : ''));
  const [asked, setAsked] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  const { data } = useSuggestions(asked);
  const options: Option[] = data && asked.length >= SEARCH_MIN_LENGTH ? [
    ...data.products.map((p) => ({ id: `p${p.id}`, href: `/product/${encodeURIComponent(p.category_url)}/${encodeURIComponent(p.url)}`, label: p.name, detail: p.alias, kind: 'Gem' as const })),
    ...data.items.map((i) => ({ id: `i${i.id}`, href: itemPath(i), label: itemTitle(i), detail: `${i.sku} · ${price(i.amounts.mrpAmount)}`, kind: 'Stone' as const })),
    ...data.pages.map((p) => ({ id: `g${p.id}`, href: `/${encodeURIComponent(p.url)}`, label: p.title, detail: '', kind: 'Page' as const })),
  ] : [];
  const expanded = open && asked.length >= SEARCH_MIN_LENGTH && data !== undefined;
  const searchHref = `/search?q=${encodeURIComponent(text.trim())}`;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    void navigate(href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!options.length) return;
      // -1 is the text itself: Down from the last option and Up from the first go back to it.
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => ((a + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (e.key === 'Escape') {
      if (expanded) { e.preventDefault(); setOpen(false); setActive(-1); } else setText('');
    } else if (e.key === 'Enter') {
      const chosen = expanded && active >= 0 ? options[active] : undefined;
      if (chosen) { e.preventDefault(); go(chosen.href); }
    }
  };

  const activeOption = expanded && active >= 0 && active < options.length ? options[active] : undefined;

  return (
    <form
      role="search"
      className="search-box"
      action="/search"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim().length >= SEARCH_MIN_LENGTH) go(searchHref);
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">Search stones and pages</label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        name="q"
        type="search"
        role="combobox"
        className="search-box__input"
        placeholder="Search: Neelam, ruby, SKU…"
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${id}-${activeOption.id}` : undefined}
        value={text}
        onChange={(e) => { setText(e.target.value); setOpen(true); setActive(-1); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="search-input"
      />
      <button type="submit" className="search-box__submit">Search</button>
      <div className="search-box__popup" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label="Suggestions" className="search-box__list" data-testid="search-suggestions">
          {options.map((o, i) => (
            <li
              key={o.id}
              id={`${id}-${o.id}`}
              role="option"
              aria-selected={i === active}
              className={`search-box__option${i === active ? ' is-active' : ''}`}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => { e.preventDefault(); go(o.href); }}
              data-testid="search-option"
            >
              <span className="search-box__kind">{o.kind}</span>
              <span className="search-box__label">{o.label}</span>
              {o.detail && <span className="search-box__detail">{o.detail}</span>}
            </li>
          ))}
          {options.length === 0 && <li role="option" aria-selected={false} aria-disabled="true" className="search-box__empty">Nothing found for “{asked}”</li>}
        </ul>
        {options.length > 0 && <a className="search-box__all" href={searchHref} onMouseDown={(e) => { e.preventDefault(); go(searchHref); }}>See every result for “{text.trim()}”</a>}
      </div>
    </form>
  );
}
