import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/register-otp';
import { useRegisterOtpVerify } from '../features/accounts/api/register-otp-verify.ts';
import { AuthHeading, FlowExpired } from '../features/accounts/components/auth-heading.tsx';
import { FormAlert, FormNotice } from '../features/accounts/components/field.tsx';
import { OtpInput } from '../features/accounts/components/otp-input.tsx';
import { ResendActions } from '../features/accounts/components/resend-actions.tsx';
import { boolParam, idParam, regIdParam, textParam } from '../features/accounts/flow-params.ts';
import { formErrors } from '../lib/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';
import { useCodeResend } from '../features/accounts/use-code-resend.ts';
import { useSession } from '../lib/session.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Verify your account', 'Enter the one-time password we sent to confirm your account.', matches);

/**
 * RegisterOtp (query userId, regIdPhone, regIdEmail, isPhone, phone, email): the code sent to the
 * mobile number and/or the one sent to the email; one right code signs the customer in.
 */
export default function RegisterOtpRoute() {
  const [params] = useSearchParams();
  const userId = idParam(params, 'userId');
  const regIdPhone = regIdParam(params, 'regIdPhone');
  const regIdEmail = regIdParam(params, 'regIdEmail');
  const isPhone = boolParam(params, 'isPhone');
  const phone = textParam(params, 'phone');
  const email = textParam(params, 'email');
  const navigate = useNavigate();
  const session = useSession();
  const hydrated = useHydrated();
  const verify = useRegisterOtpVerify();
  const resend = useCodeResend('register', () => verify.reset());
  const errors = formErrors(verify.error ?? resend.error, ['phoneOtp', 'emailOtp']);

  if (!userId || (!regIdPhone && !regIdEmail)) return <FlowExpired startPath="/register" startLabel="Create an account" />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const code = (key: string) => String(data.get(key) ?? '').trim() || undefined;
    resend.clear();
    verify.mutate({ userId, regIdPhone, regIdEmail, phoneOtp: code('phoneOtp'), emailOtp: code('emailOtp'), isPhone }, {
      onSuccess: (res) => void navigate(session.signIn(res.token, res.user)),
    });
  };

  const onResend = (key: 'regIdPhone' | 'regIdEmail', regId: number, voice: boolean) => resend.send(userId, regId, voice, key);

  const both = Boolean(regIdPhone && regIdEmail);
  return (
    <>
      <AuthHeading title="Verify your account">
        {both
          ? <>We sent a code to <strong>{phone}</strong> and another to <strong>{email}</strong>. Enter either one, or both.</>
          : <>We sent a 6-digit code to <strong>{regIdPhone ? phone : email}</strong>. It is valid for 10 minutes.</>}
      </AuthHeading>
      {resend.notice && <FormNotice>{resend.notice}</FormNotice>}
      <form method="post" onSubmit={onSubmit} noValidate data-testid="register-otp-form">
        {regIdPhone && (
          <div className="otp-block">
            <OtpInput name="phoneOtp" label={both ? 'Code sent to your mobile number' : 'One-time password'} error={errors.fields.phoneOtp} autoFocus />
            <ResendActions
              label={both ? 'mobile number code' : undefined}
              onResend={() => onResend('regIdPhone', regIdPhone, false)}
              onVoice={() => onResend('regIdPhone', regIdPhone, true)}
              pending={!hydrated || resend.pending}
            />
          </div>
        )}
        {regIdEmail && (
          <div className="otp-block">
            <OtpInput name="emailOtp" label={both ? 'Code sent to your email' : 'One-time password'} error={errors.fields.emailOtp} autoFocus={!regIdPhone} />
            <ResendActions
              label={both ? 'email code' : undefined}
              onResend={() => onResend('regIdEmail', regIdEmail, false)}
              pending={!hydrated || resend.pending}
            />
          </div>
        )}
        <FormAlert>{errors.general}</FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify and continue'}
        </button>
      </form>
      <p className="auth-switch"><Link to="/login">Back to sign in</Link></p>
    </>
  );
}
