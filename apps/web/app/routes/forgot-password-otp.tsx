import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/forgot-password-otp';
import { useForgotPasswordOtpSubmit } from '../features/accounts/api/forgot-password-otp-submit.ts';
import { FlowExpired } from '../features/accounts/components/auth-heading.tsx';
import { OtpCodeForm } from '../features/accounts/components/otp-code-form.tsx';
import { codeScreenParams, withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../lib/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';
import { useCodeResend } from '../features/accounts/use-code-resend.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Enter your one-time password', 'Enter the code we sent to reset your password.', matches);

/** ForgotPasswordOtp (query userId, regId, isPhone, phone): the reset code, then ForgotPasswordCreate. */
export default function ForgotPasswordOtpRoute() {
  const [params] = useSearchParams();
  const { userId, regId, isPhone, to } = codeScreenParams(params);
  const navigate = useNavigate();
  const submit = useForgotPasswordOtpSubmit();
  const resend = useCodeResend('forgot-password', () => submit.reset());
  const errors = formErrors(submit.error ?? resend.error, ['otp']);

  if (!userId || !regId) return <FlowExpired startPath="/forgot-password" startLabel="Reset your password" />;

  const onSubmit = (otp: string) => {
    resend.clear();
    submit.mutate({ userId, regId, otp }, {
      onSuccess: (res) => void navigate(
        withQuery('/forgot-password-create', { userId: res.userId, verification_token: res.verification_token, isPhone }),
        { replace: true },
      ),
    });
  };

  return (
    <>
      <OtpCodeForm
        testId="forgot-password-otp-form"
        recipient={to}
        // The shop answers alike whether or not an account uses the identifier.
        lead={<>If an account uses <strong data-testid="otp-recipient">{to}</strong>, we sent it a 6-digit code. It is valid for 10 minutes.</>}
        notice={resend.notice}
        onSubmit={onSubmit}
        onResend={(voice) => resend.send(userId, regId, voice)}
        isPhone={isPhone}
        otpError={errors.fields.otp}
        generalError={errors.general}
        submitPending={submit.isPending}
        resendPending={resend.pending}
        submitLabel="Continue"
      />
      <p className="auth-switch"><Link to="/login">Back to sign in</Link></p>
    </>
  );
}
