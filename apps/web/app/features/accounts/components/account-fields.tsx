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
  /** The fields' names, which are also the keys of their errors (the call's body names). */
  names?: { password: string; confirmation: string };
  errors: Partial<Record<string, string>>;
  autoFocus?: boolean;
}

/** A new password (with the rule as its hint) and its confirmation. */
export function NewPasswordFields({ labels, names = { password: 'password', confirmation: 'password_confirmation' }, errors, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        name={names.password}
        label={labels.password}
        error={errors[names.password]}
        hint={PASSWORD_HINT}
        type="password"
        autoComplete="new-password"
        maxLength={AUTH_LIMITS.password}
        required
        autoFocus={autoFocus}
      />
      <Field
        name={names.confirmation}
        label={labels.confirmation}
        error={errors[names.confirmation]}
        type="password"
        autoComplete="new-password"
        maxLength={AUTH_LIMITS.password}
        required
      />
    </>
  );
}
