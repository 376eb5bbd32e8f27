import { useState, type FormEvent } from 'react';

/**
 * The checkout's code field: Apply asks the server; a code reads as applied only once the server's
 * quote has taken it off (never while it is being checked), and can be removed. The reason a code
 * does not apply is the server's, shown under the field.
 */
export function PromotionCode({ applied, reason, busy, onApply, onRemove }: {
  applied: string | null; reason: string | null; busy: boolean; onApply: (code: string) => void; onRemove: () => void;
}) {
  const [typed, setTyped] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) onApply(typed.trim());
  };
  if (applied && !reason) {
    return (
      <div className="promotion-code promotion-code--applied" data-testid="promotion-applied">
        <span>Code <strong>{applied}</strong> applied</span>
        <button type="button" className="button button--ghost" onClick={() => { setTyped(''); onRemove(); }} data-testid="promotion-remove">Remove</button>
      </div>
    );
  }
  return (
    <form className="promotion-code" onSubmit={submit} aria-label="Discount code">
      <label className="promotion-code__label" htmlFor="promotion-code">Discount code</label>
      <div className="promotion-code__row">
        <input id="promotion-code" name="code" className="input" value={typed} maxLength={30} autoComplete="off" autoCapitalize="characters"
          onChange={(e) => setTyped(e.currentTarget.value)} aria-invalid={reason ? true : undefined} aria-describedby={reason ? 'promotion-code-error' : undefined}
          data-testid="promotion-input" />
        <button type="submit" className="button button--ghost" disabled={busy || !typed.trim()} data-testid="promotion-apply">Apply</button>
      </div>
      {reason && <p className="form-error" id="promotion-code-error" role="alert" data-testid="promotion-error">{reason}</p>}
    </form>
  );
}
