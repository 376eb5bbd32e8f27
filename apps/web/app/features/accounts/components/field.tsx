import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  name: string;
  label: ReactNode;
  /** The server's message for this field, shown beside it. */
  error?: string;
  /** Help shown under the input (for example the password rule). */
  hint?: ReactNode;
}

/** A labelled input with its hint and its server error, wired for screen readers. */
export function Field({ name, label, error, hint, ...input }: FieldProps) {
  const id = useId();
  // A server message that repeats the hint (the password rule) is shown once, as the error.
  const help = hint && hint !== error ? hint : undefined;
  const describedBy = [help ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {help && <p className="field__hint" id={`${id}-hint`}>{help}</p>}
      {error && <p className="field__error" id={`${id}-error`} data-testid={`error-${name}`}>{error}</p>}
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: ReactNode;
  error?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  autoComplete?: string;
  disabled?: boolean;
  children: ReactNode;
}

/** A labelled select with its server error. */
export function SelectField({ name, label, error, children, onChange, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        {...select}
      >
        {children}
      </select>
      {error && <p className="field__error" id={`${id}-error`} data-testid={`error-${name}`}>{error}</p>}
    </div>
  );
}

/** A message for the whole form (a rate limit, an expired flow); announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return <p className="form-alert" role="alert" data-testid="form-alert">{children}</p>;
}

/** A confirmation (a code was sent again, the password was changed). */
export function FormNotice({ children }: { children: ReactNode }) {
  return <p className="form-notice" role="status" aria-live="polite" data-testid="form-notice">{children}</p>;
}
