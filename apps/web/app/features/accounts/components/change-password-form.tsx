import { useRef, type FormEvent } from 'react';
import { AUTH_LIMITS } from '@gemstore/contracts/constants';
import { formErrors } from '../../../lib/form-errors.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { NewPasswordFields } from './account-fields.tsx';
import { Field, FormAlert, FormNotice } from './field.tsx';

const FIELDS = ['currentPassword', 'newPassword', 'retypePassword'] as const;

/**
 * Change password (Login & Security): the current password, then the new one twice. The server
 * ends every other sign-in of the account; this one stays signed in.
 */
export function ChangePasswordForm() {
  const mutation = useUpdatePassword();
  const errors = formErrors(mutation.error, FIELDS);
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => String(data.get(key) ?? '');
    mutation.mutate(
      { currentPassword: text('currentPassword'), newPassword: text('newPassword'), retypePassword: text('retypePassword') },
      { onSuccess: () => form.current?.reset() },
    );
  };

  return (
    <form ref={form} className="account-form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="change-password-title" data-testid="password-form">
      <h2 className="account-form__title" id="change-password-title">Change password</h2>
      {mutation.isSuccess && <FormNotice>{mutation.data.message} You stay signed in here; other devices are signed out.</FormNotice>}
      <Field name="currentPassword" label="Current password" error={errors.fields.currentPassword} type="password"
        autoComplete="current-password" maxLength={AUTH_LIMITS.password} required />
      <NewPasswordFields labels={{ password: 'New password', confirmation: 'Retype new password' }}
        names={{ password: 'newPassword', confirmation: 'retypePassword' }} errors={errors.fields} />
      <FormAlert>{errors.general}</FormAlert>
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
