import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login-password';
import { isTokenResponse, useLoginPasswordSubmit } from '../features/accounts/api/login-password-submit.ts';
import { useLoginSendOtp } from '../features/accounts/api/login-send-otp.ts';
import { AuthHeading, FlowExpired } from '../features/accounts/components/auth-heading.tsx';
import { Field, FormAlert } from '../features/accounts/components/field.tsx';
import { boolParam, idParam, textParam, withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../lib/form-errors.ts';
import { AUTH_LIMITS } from '@gemstore/contracts/constants';
import { accountMeta } from '../features/accounts/meta.ts';
import { useSession } from '../lib/session.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Enter your password', 'Sign in with your password or a one-time password.', matches);

/** LoginPassword (query userId, isPhone, phone): the password, or a one-time password instead. */
export default function LoginPasswordRoute() {
  const [params] = useSearchParams();
  const userId = idParam(params, 'userId');
  const isPhone = boolParam(params, 'isPhone');
  const phone = textParam(params, 'phone');
  const navigate = useNavigate();
  const session = useSession();
  const hydrated = useHydrated();
  const submit = useLoginPasswordSubmit();
  const sendOtp = useLoginSendOtp();
  // One message area: whichever of the two calls was made last.
  const errors = formErrors(submit.error ?? sendOtp.error, ['password', 'phone']);

  if (!userId || !phone) return <FlowExpired startPath="/login" startLabel="Sign in" />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    sendOtp.reset();
    submit.mutate({ userId, password, phone: phone || undefined, isPhone }, {
      onSuccess: (res) => {
        if (isTokenResponse(res)) {
          void navigate(session.signIn(res.token, res.user));
        } else {
          // The account is not verified yet: codes were sent, verify them first.
          void navigate(withQuery('/register-otp', {
            userId: res.userId, regIdPhone: res.regIdPhone, regIdEmail: res.regIdEmail,
            isPhone: res.isPhone, phone: res.phone, email: res.email,
          }));
        }
      },
    });
  };

  const onOtpInstead = () => {
    submit.reset();
    // The code goes to the identifier typed at Login; the answer names it masked (`to`, shown on the code screen).
    sendOtp.mutate({ userId, phone, isPhone }, {
      onSuccess: (res) => void navigate(withQuery('/login-otp', { userId: res.userId, regId: res.regId, phone, isPhone: res.isPhone, to: res.phone })),
    });
  };

  const busy = submit.isPending || sendOtp.isPending;
  return (
    <>
      <AuthHeading title="Enter your password" />
      <p className="auth-identity">
        <span className="auth-identity__label">Signing in as</span>{' '}
        <strong data-testid="login-identifier">{phone}</strong>{' '}
        <Link to="/login" className="auth-identity__change">Change</Link>
      </p>
      {errors.fields.phone && <p className="field__error" data-testid="error-phone">{errors.fields.phone}</p>}
      <form method="post" onSubmit={onSubmit} noValidate data-testid="login-password-form">
        {/* Lets password managers pair the password with the account. */}
        <input type="hidden" name="username" autoComplete="username" value={phone} readOnly />
        <Field
          name="password"
          label="Password"
          error={errors.fields.password}
          type="password"
          autoComplete="current-password"
          maxLength={AUTH_LIMITS.password}
          required
          autoFocus
        />
        <p className="auth-aside"><Link to={withQuery('/forgot-password', { phone })}>Forgot Password?</Link></p>
        <FormAlert>{errors.general}</FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || busy}>
          {submit.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <div className="auth-divider"><span>or</span></div>
      <button type="button" className="button button--ghost auth-submit" onClick={onOtpInstead} disabled={!hydrated || busy} data-testid="otp-instead">
        {sendOtp.isPending ? 'Sending…' : 'Get a one-time password instead'}
      </button>
    </>
  );
}
