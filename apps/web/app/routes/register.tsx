import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/register';
import { useCountryCodes } from '../features/accounts/api/get-country-codes.ts';
import { useRegister } from '../features/accounts/api/register.ts';
import { AuthHeading } from '../features/accounts/components/auth-heading.tsx';
import { CountryCodeSelect } from '../features/accounts/components/country-code-select.tsx';
import { NewPasswordFields } from '../features/accounts/components/account-fields.tsx';
import { Field, FormAlert } from '../features/accounts/components/field.tsx';
import { withQuery } from '../features/accounts/flow-params.ts';
import { formErrors } from '../lib/form-errors.ts';
import { AUTH_LIMITS, DEFAULT_COUNTRY_CODE_ID } from '@gemstore/contracts/constants';
import { accountMeta } from '../features/accounts/meta.ts';
import { loadOptional, serverApi } from '../lib/server-api.ts';
import { useStoreProfile } from '../lib/store-context.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Create an account', 'Create an account to keep a cart, buy stones and track your orders.', matches);

/** The country codes come with the page, so the select is complete before any script runs. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await loadOptional(serverApi(context).countryCodes());
  return { countryCodes: res?.country_codes ?? null };
}

const FIELDS = ['name', 'country_code', 'phone', 'email', 'password', 'password_confirmation'] as const;

/**
 * register: name, country code, mobile number, email, password and its confirmation. Stores from
 * India need the mobile number (email optional); the others need the email (mobile optional).
 */
export default function RegisterRoute({ loaderData }: Route.ComponentProps) {
  const { isFromIndia } = useStoreProfile();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const codes = useCountryCodes(loaderData.countryCodes);
  const mutation = useRegister();
  const errors = formErrors(mutation.error, FIELDS);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => String(data.get(key) ?? '');
    mutation.mutate({
      name: text('name').trim(),
      country_code: Number(text('country_code')) || DEFAULT_COUNTRY_CODE_ID,
      phone: text('phone').trim() || undefined,
      email: text('email').trim() || undefined,
      password: text('password'),
      password_confirmation: text('password_confirmation'),
    }, {
      onSuccess: (res) => void navigate(withQuery('/register-otp', {
        userId: res.userId, regIdPhone: res.regIdPhone, regIdEmail: res.regIdEmail,
        isPhone: res.isPhone, phone: res.phone, email: res.email,
      })),
    });
  };

  return (
    <>
      <AuthHeading title="Create an account">We will send a one-time password to confirm it is you.</AuthHeading>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="register-form">
        <Field name="name" label="Full name" error={errors.fields.name} type="text" autoComplete="name" maxLength={AUTH_LIMITS.name} required autoFocus />
        <div className="field-row field-row--phone">
          <CountryCodeSelect name="country_code" codes={codes.data?.country_codes} defaultValue={DEFAULT_COUNTRY_CODE_ID} error={errors.fields.country_code} />
          <Field
            name="phone"
            label={isFromIndia ? 'Mobile number' : <>Mobile number <span className="field__optional">(optional)</span></>}
            error={errors.fields.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={AUTH_LIMITS.phone}
            required={isFromIndia}
          />
        </div>
        <Field
          name="email"
          label={isFromIndia ? <>Email <span className="field__optional">(optional)</span></> : 'Email'}
          error={errors.fields.email}
          type="email"
          autoComplete="email"
          maxLength={AUTH_LIMITS.email}
          required={!isFromIndia}
        />
        <NewPasswordFields labels={{ password: 'Password', confirmation: 'Confirm password' }} errors={errors.fields} />
        <FormAlert>{errors.general}</FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || mutation.isPending}>
          {mutation.isPending ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className="auth-switch">Already have an account? <Link to="/login">Sign in</Link></p>
    </>
  );
}
