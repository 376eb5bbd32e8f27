import type { ReactNode } from 'react';
import { AUTH_LIMITS } from '@gemstore/contracts/constants';
import { Field } from './field.tsx';

/** A one-time password input: numeric keypad on phones, filled from the SMS where the browser can. */
export function OtpInput({ name, label = 'One-time password', error, autoFocus }: { name: string; label?: ReactNode; error?: string; autoFocus?: boolean }) {
  return (
    <Field
      name={name}
      label={label}
      error={error}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={AUTH_LIMITS.otp}
      required
      autoFocus={autoFocus}
      className="otp-input"
    />
  );
}
