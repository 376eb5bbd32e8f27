import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/forgot-password-otp';
import { useForgotPasswordOtpSubmit } from '../features/accounts/api/forgot-password-otp-submit.ts';
import { useResendOtp } from '../features/accounts/api/resend-otp.ts';
import { FlowExpired } from '../features/accounts/components/auth-heading.tsx';
import { OtpCodeForm } from '../features/accounts/components/otp-code-form.tsx';
import { resendNotice } from '../features/accounts/components/resend-actions.tsx';
import { boolParam, idParam, textParam, withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../features/accounts/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';

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
  const submit = useForgotPasswordOtpSubmit();
  const resend = useResendOtp('forgot-password');
  const [notice, setNotice] = useState<string | null>(null);
  const errors = formErrors(submit.error ?? resend.error, ['otp']);

  if (!userId || !regId) return <FlowExpired startPath="/forgot-password" startLabel="Reset your password" />;

  const onSubmit = (otp: string) => {
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
        setNotice(resendNotice(voice, res.phone));
      },
    });
  };

  return (
    <>
      <OtpCodeForm
        testId="forgot-password-otp-form"
        recipient={phone}
        notice={notice}
        onSubmit={onSubmit}
        onResend={onResend}
        isPhone={isPhone}
        otpError={errors.fields.otp}
        generalError={errors.general}
        submitPending={submit.isPending}
        resendPending={resend.isPending}
        submitLabel="Continue"
      />
      <p className="auth-switch"><Link to="/login">Back to sign in</Link></p>
    </>
  );
}
