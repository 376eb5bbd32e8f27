import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/forgot-password-create';
import { useSubmitNewPassword } from '../features/accounts/api/submit-new-password.ts';
import { AuthHeading, FlowExpired } from '../features/accounts/components/auth-heading.tsx';
import { NewPasswordFields } from '../features/accounts/components/account-fields.tsx';
import { FormAlert } from '../features/accounts/components/field.tsx';
import { boolParam, idParam, textParam } from '../features/accounts/flow-params.ts';
import { formErrors } from '../lib/form-errors.ts';
import { accountMeta } from '../features/accounts/meta.ts';
import { ApiError } from '@gemstore/contracts/client';
import { useHydrated } from '../lib/use-hydrated.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Choose a new password', 'Choose a new password for your account.', matches);

/** ForgotPasswordCreate (query userId, verification_token, isPhone): the new password, then Login. */
export default function ForgotPasswordCreateRoute() {
  const [params] = useSearchParams();
  const userId = idParam(params, 'userId');
  const verificationToken = textParam(params, 'verification_token');
  const isPhone = boolParam(params, 'isPhone');
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const mutation = useSubmitNewPassword();
  const errors = formErrors(mutation.error, ['password', 'password_confirmation']);
  const expired = mutation.error instanceof ApiError && 'verification_token' in mutation.error.errors;

  if (!userId || !verificationToken) return <FlowExpired startPath="/forgot-password" startLabel="Reset your password" />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    mutation.mutate({
      password: String(data.get('password') ?? ''),
      password_confirmation: String(data.get('password_confirmation') ?? ''),
      userId,
      verification_token: verificationToken,
      isPhone,
    }, {
      onSuccess: (res) => void navigate('/login', { replace: true, state: { notice: res.message } }),
    });
  };

  return (
    <>
      <AuthHeading title="Choose a new password">Your code is confirmed. Set the password you will sign in with.</AuthHeading>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="new-password-form">
        <NewPasswordFields labels={{ password: 'New password', confirmation: 'Confirm new password' }} errors={errors.fields} autoFocus />
        <FormAlert>
          {errors.general && <>{errors.general}{expired && <> <Link to="/forgot-password">Start again</Link></>}</>}
        </FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Save new password'}
        </button>
      </form>
    </>
  );
}
