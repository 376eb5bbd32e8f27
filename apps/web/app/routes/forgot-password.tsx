import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/forgot-password';
import { useForgotPasswordSendOtp } from '../features/accounts/api/forgot-password-send-otp.ts';
import { AuthHeading } from '../features/accounts/components/auth-heading.tsx';
import { IdentifierField } from '../features/accounts/components/account-fields.tsx';
import { FormAlert } from '../features/accounts/components/field.tsx';
import { textParam, withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../lib/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Forgot your password?', 'Reset your password with a one-time password.', matches);

/** ForgotPassword: the email or mobile number that receives a reset code. */
export default function ForgotPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const mutation = useForgotPasswordSendOtp();
  const errors = formErrors(mutation.error, ['phone']);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    mutation.mutate({ phone }, {
      onSuccess: (res) => void navigate(withQuery('/forgot-password-otp', { userId: res.userId, regId: res.regId, isPhone: res.is_phone, phone: res.phone })),
    });
  };

  return (
    <>
      <AuthHeading title="Forgot your password?">Enter your email or mobile number and we will send you a one-time password.</AuthHeading>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="forgot-password-form">
        <IdentifierField error={errors.fields.phone} defaultValue={textParam(params, 'phone')} />
        <FormAlert>{errors.general}</FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || mutation.isPending}>
          {mutation.isPending ? 'Sending…' : 'Send code'}
        </button>
      </form>
      <p className="auth-switch">Remembered it? <Link to="/login">Sign in</Link></p>
    </>
  );
}
