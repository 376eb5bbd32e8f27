import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ChevronIcon } from '../../../components/ui/icons.tsx';

/** A disclosure menu: a button that opens a list of links (Escape or a click elsewhere closes it). */
export function NavDropdown({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <li className={`nav__item nav-dropdown${open ? ' is-open' : ''}`} ref={root} data-testid={testId}>
      <button type="button" className="nav__link nav-dropdown__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {label}
        <ChevronIcon className="nav-dropdown__chevron" />
      </button>
      <ul className="nav-dropdown__panel" id={id}>
        {children}
      </ul>
    </li>
  );
}
