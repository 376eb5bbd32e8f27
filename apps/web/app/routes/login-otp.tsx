import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login-otp';
import { useLoginOtpVerify } from '../features/accounts/api/login-otp-verify.ts';
import { FlowExpired } from '../features/accounts/components/auth-heading.tsx';
import { OtpCodeForm } from '../features/accounts/components/otp-code-form.tsx';
import { codeScreenParams, withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../lib/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';
import { useCodeResend } from '../features/accounts/use-code-resend.ts';
import { useSession } from '../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Enter your one-time password', 'Sign in with the one-time password we sent you.', matches);

/**
 * LoginOtp (query userId, regId, phone, isPhone, and `to`: where the code went, masked): the code;
 * resend, voice call (phone only), back to password.
 */
export default function LoginOtpRoute() {
  const [params] = useSearchParams();
  const { userId, regId, isPhone, phone, to } = codeScreenParams(params);
  const navigate = useNavigate();
  const session = useSession();
  const verify = useLoginOtpVerify();
  const resend = useCodeResend('login', () => verify.reset());
  const errors = formErrors(verify.error ?? resend.error, ['otp']);

  if (!userId || !regId) return <FlowExpired startPath="/login" startLabel="Sign in" />;

  const onSubmit = (otp: string) => {
    resend.clear();
    verify.mutate({ userId, regId, otp, isPhone, phone: phone || undefined }, {
      onSuccess: (res) => void navigate(session.signIn(res.token, res.user)),
    });
  };

  return (
    <>
      <OtpCodeForm
        testId="login-otp-form"
        recipient={to}
        notice={resend.notice}
        onSubmit={onSubmit}
        onResend={(voice) => resend.send(userId, regId, voice)}
        isPhone={isPhone}
        otpError={errors.fields.otp}
        generalError={errors.general}
        submitPending={verify.isPending}
        resendPending={resend.pending}
        submitLabel="Verify and sign in"
      />
      <p className="auth-switch">
        <Link to={withQuery('/login-password', { userId, isPhone, phone })}>Sign in with your password instead</Link>
      </p>
    </>
  );
}
