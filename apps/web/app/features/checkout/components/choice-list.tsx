import type { ReactNode } from 'react';

/** A radio group drawn as selectable cards (addresses, payment methods). */
export function ChoiceList<T extends { id: number }>({ name, legend, options, value, onChange, render, testId, children }: {
  name: string;
  legend: string;
  options: T[];
  value: number | null;
  onChange: (id: number) => void;
  render: (option: T) => ReactNode;
  testId: string;
  /** Extra tiles after the options (the Add address tile). */
  children?: ReactNode;
}) {
  return (
    <fieldset className="choice-list" data-testid={testId}>
      <legend className="checkout-section__title">{legend}</legend>
      <div className="choice-list__options">
        {options.map((o) => (
          <label key={o.id} className={`choice${value === o.id ? ' is-checked' : ''}`} data-testid={`${testId}-option`} data-id={o.id}>
            <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} />
            <span className="choice__body">{render(o)}</span>
          </label>
        ))}
        {children}
      </div>
    </fieldset>
  );
}
