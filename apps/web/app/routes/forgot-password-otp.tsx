import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/forgot-password-otp';
import { useForgotPasswordOtpSubmit } from '../features/accounts/api/forgot-password-otp-submit.ts';
import { useResendOtp } from '../features/accounts/api/resend-otp.ts';
import { AuthHeading, FlowExpired } from '../features/accounts/components/auth-heading.tsx';
import { FormAlert, FormNotice } from '../features/accounts/components/field.tsx';
import { OtpInput } from '../features/accounts/components/otp-input.tsx';
import { ResendActions } from '../features/accounts/components/resend-actions.tsx';
import { boolParam, idParam, textParam, withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../features/accounts/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Enter your one-time password', 'Enter the code we sent to reset your password.', matches);

/** ForgotPasswordOtp (query userId, regId, isPhone, phone): the reset code, then ForgotPasswordCreate. */
export default function ForgotPasswordOtpRoute() {
  const [params, setParams] = useSearchParams();
  const userId = idParam(params, 'userId');
  const regId = idParam(params, 'regId');
  const isPhone = boolParam(params, 'isPhone');
  const phone = textParam(params, 'phone');
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const submit = useForgotPasswordOtpSubmit();
  const resend = useResendOtp('forgot-password');
  const [notice, setNotice] = useState<string | null>(null);
  const errors = formErrors(submit.error ?? resend.error, ['otp']);

  if (!userId || !regId) return <FlowExpired startPath="/forgot-password" startLabel="Reset your password" />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const otp = String(new FormData(event.currentTarget).get('otp') ?? '').trim();
    resend.reset();
    setNotice(null);
    submit.mutate({ userId, regId, otp }, {
      onSuccess: (res) => void navigate(
        withQuery('/forgot-password-create', { userId: res.userId, verification_token: res.verification_token, isPhone }),
        { replace: true },
      ),
    });
  };

  const onResend = (voice: boolean) => {
    submit.reset();
    setNotice(null);
    resend.mutate({ userId, regId, voice }, {
      onSuccess: (res) => {
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
      <form method="post" onSubmit={onSubmit} noValidate data-testid="forgot-password-otp-form">
        <OtpInput name="otp" error={errors.fields.otp} autoFocus />
        <ResendActions onResend={() => onResend(false)} onVoice={isPhone ? () => onResend(true) : undefined} pending={!hydrated || resend.isPending} />
        <FormAlert>{errors.general}</FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || submit.isPending}>
          {submit.isPending ? 'Verifying…' : 'Continue'}
        </button>
      </form>
      <p className="auth-switch"><Link to="/login">Back to sign in</Link></p>
    </>
  );
}
