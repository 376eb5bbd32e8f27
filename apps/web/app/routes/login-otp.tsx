import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login-otp';
import { useLoginOtpVerify } from '../features/accounts/api/login-otp-verify.ts';
import { useResendOtp } from '../features/accounts/api/resend-otp.ts';
import { AuthHeading, FlowExpired } from '../features/accounts/components/auth-heading.tsx';
import { FormAlert, FormNotice } from '../features/accounts/components/field.tsx';
import { OtpInput } from '../features/accounts/components/otp-input.tsx';
import { ResendActions } from '../features/accounts/components/resend-actions.tsx';
import { boolParam, idParam, textParam, withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../features/accounts/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';
import { useSession } from '../lib/session.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Enter your one-time password', 'Sign in with the one-time password we sent you.', matches);

/** LoginOtp (query userId, regId, phone, isPhone): the code; resend, voice call (phone only), back to password. */
export default function LoginOtpRoute() {
  const [params, setParams] = useSearchParams();
  const userId = idParam(params, 'userId');
  const regId = idParam(params, 'regId');
  const phone = textParam(params, 'phone');
  const isPhone = boolParam(params, 'isPhone');
  const navigate = useNavigate();
  const session = useSession();
  const hydrated = useHydrated();
  const verify = useLoginOtpVerify();
  const resend = useResendOtp('login');
  const [notice, setNotice] = useState<string | null>(null);
  const errors = formErrors(verify.error ?? resend.error, ['otp']);

  if (!userId || !regId) return <FlowExpired startPath="/login" startLabel="Sign in" />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const otp = String(new FormData(event.currentTarget).get('otp') ?? '').trim();
    resend.reset();
    setNotice(null);
    verify.mutate({ userId, regId, otp, isPhone, phone: phone || undefined }, {
      onSuccess: (res) => void navigate(session.signIn(res.token, res.user)),
    });
  };

  const onResend = (voice: boolean) => {
    verify.reset();
    setNotice(null);
    resend.mutate({ userId, regId, voice }, {
      onSuccess: (res) => {
        // The new code replaces the old one: keep its regId in the address.
        setParams((p) => { p.set('regId', String(res.regId)); return p; }, { replace: true });
        setNotice(voice ? `We are calling ${res.phone} with your code.` : `We sent a new code to ${res.phone}.`);
      },
    });
  };

  return (
    <>
      <AuthHeading title="Enter your one-time password">
        We sent a 6-digit code to <strong data-testid="otp-recipient">{phone}</strong>. It is valid for 10 minutes.
      </AuthHeading>
      {notice && <FormNotice>{notice}</FormNotice>}
      <form method="post" onSubmit={onSubmit} noValidate data-testid="login-otp-form">
        <OtpInput name="otp" error={errors.fields.otp} autoFocus />
        <ResendActions onResend={() => onResend(false)} onVoice={isPhone ? () => onResend(true) : undefined} pending={!hydrated || resend.isPending} />
        <FormAlert>{errors.general}</FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify and sign in'}
        </button>
      </form>
      <p className="auth-switch">
        <Link to={withQuery('/login-password', { userId, isPhone, phone })}>Sign in with your password instead</Link>
      </p>
    </>
  );
}
