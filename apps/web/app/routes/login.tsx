import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/login';
import { useLogin } from '../features/accounts/api/login.ts';
import { AuthHeading } from '../features/accounts/components/auth-heading.tsx';
import { IdentifierField } from '../features/accounts/components/account-fields.tsx';
import { FormAlert, FormNotice } from '../features/accounts/components/field.tsx';
import { withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../lib/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Sign in', 'Sign in with your email or mobile number.', matches);

/** Login: one field for an email or a mobile number, then LoginPassword. */
export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const mutation = useLogin();
  const errors = formErrors(mutation.error, ['phone']);
  // A message handed over by another screen (the password was reset).
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    mutation.mutate({ phone }, {
      onSuccess: (res) => navigate(withQuery('/login-password', { userId: res.userId, isPhone: res.is_phone, phone: res.phone })),
    });
  };

  return (
    <>
      <AuthHeading title="Sign in">Welcome back. Enter your email or mobile number to continue.</AuthHeading>
      {typeof notice === 'string' && <FormNotice>{notice}</FormNotice>}
      <form method="post" onSubmit={onSubmit} noValidate data-testid="login-form">
        <IdentifierField error={errors.fields.phone} />
        <FormAlert>{errors.general}</FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || mutation.isPending}>
          {mutation.isPending ? 'Checking…' : 'Continue'}
        </button>
      </form>
      <p className="auth-switch">New to our shop? <Link to="/register">Create an account</Link></p>
    </>
  );
}
