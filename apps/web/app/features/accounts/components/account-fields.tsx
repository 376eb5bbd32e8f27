import { AUTH_LIMITS, PASSWORD_HINT } from '@gemstore/contracts/constants';
import { Field } from './field.tsx';

/** The one "Email or mobile number" field that starts sign-in and password reset. */
export function IdentifierField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <Field
      name="phone"
      label="Email or mobile number"
      error={error}
      type="text"
      autoComplete="username"
      maxLength={AUTH_LIMITS.identifier}
      defaultValue={defaultValue}
      required
      autoFocus
    />
  );
}

interface NewPasswordFieldsProps {
  /** The labels of the password and of its confirmation. */
  labels: { password: string; confirmation: string };
  errors: { password?: string; password_confirmation?: string };
  autoFocus?: boolean;
}

/** A new password (with the rule as its hint) and its confirmation. */
export function NewPasswordFields({ labels, errors, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        name="password"
        label={labels.password}
        error={errors.password}
        hint={PASSWORD_HINT}
        type="password"
        autoComplete="new-password"
        maxLength={AUTH_LIMITS.password}
        required
        autoFocus={autoFocus}
      />
      <Field
        name="password_confirmation"
        label={labels.confirmation}
        error={errors.password_confirmation}
        type="password"
        autoComplete="new-password"
        maxLength={AUTH_LIMITS.password}
        required
      />
    </>
  );
}
