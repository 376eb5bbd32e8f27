import { useId, useState, type FormEvent } from 'react';
import type { PendingIdentifier, ProfileResponse } from '@gemstore/contracts';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/edit-profile';
import { useCountryCodes } from '../features/accounts/api/get-country-codes.ts';
import { useUpdateProfile } from '../features/accounts/api/update-profile.ts';
import { ChangePasswordForm } from '../features/accounts/components/change-password-form.tsx';
import { CountryCodeSelect } from '../features/accounts/components/country-code-select.tsx';
import { Field, FormAlert, FormNotice } from '../features/accounts/components/field.tsx';
import { ProfileCodeStep } from '../features/accounts/components/profile-code-step.tsx';
import { formErrors } from '../lib/form-errors.ts';
import { AUTH_LIMITS, DEFAULT_COUNTRY_CODE_ID, GENDERS } from '@gemstore/contracts/constants';
import { accountMeta } from '../features/accounts/meta.ts';
import { useSession } from '../lib/session.tsx';
import accountCss from '../styles/account.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [accountCss] };

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Login & Security', 'Edit your name, email, mobile number and other details, and change your password.', matches);

const FIELDS = ['name', 'email', 'date_of_birth', 'phone_country_code_id', 'phone', 'gender'] as const;
type Gender = (typeof GENDERS)[number];
const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female' };

/**
 * Edit profile: Full Name, email, date of birth, phone country code, Mobile No., gender; Update.
 * A new email or mobile number then asks for the code sent to it (the code step), and replaces
 * the old one only once that code is right. Below it, Change password.
 */
export default function EditProfileRoute() {
  const { user, setUser } = useSession();
  const navigate = useNavigate();
  const codes = useCountryCodes();
  const mutation = useUpdateProfile();
  const errors = formErrors(mutation.error, FIELDS);
  const genderId = useId();
  const [pending, setPending] = useState<PendingIdentifier[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  // The layout renders this only for a signed-in customer; the stored user arrives with the session.
  if (!user) return null;

  const done = (res: ProfileResponse) => {
    setUser(res.user);
    setPending(res.verify);
    setNotice(res.message);
    if (!res.verify.length) void navigate('/dashboard', { state: { notice: res.message } });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => String(data.get(key) ?? '').trim();
    mutation.mutate({
      name: text('name'),
      email: text('email') || undefined,
      date_of_birth: text('date_of_birth') || undefined,
      phone_country_code_id: Number(text('phone_country_code_id')) || DEFAULT_COUNTRY_CODE_ID,
      phone: text('phone') || undefined,
      gender: (text('gender') || undefined) as Gender | undefined,
    }, { onSuccess: done });
  };

  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="container account-page account-page--narrow">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li><Link to="/dashboard">Your account</Link></li>
          <li aria-current="page">Login &amp; Security</li>
        </ol>
      </nav>
      <h1 className="page-title">Login &amp; Security</h1>
      {pending.length > 0 && (
        <>
          {notice && <FormNotice>{notice}</FormNotice>}
          <ProfileCodeStep pending={pending} onVerified={done} />
        </>
      )}
      {/* Keyed by the user: when the session check brings fresher details, the form shows them. */}
      <form key={JSON.stringify(user)} hidden={pending.length > 0} className="account-form" method="post" onSubmit={onSubmit} noValidate data-testid="profile-form">
        <Field name="name" label="Full Name" error={errors.fields.name} type="text" autoComplete="name" maxLength={AUTH_LIMITS.name} defaultValue={user.name} required />
        <Field name="email" label="Email" error={errors.fields.email} type="email" autoComplete="email" maxLength={AUTH_LIMITS.email} defaultValue={user.email ?? ''} />
        <Field name="date_of_birth" label="Date of birth" error={errors.fields.date_of_birth} type="date" autoComplete="bday" min="1900-01-01" max={today} defaultValue={user.date_of_birth ?? ''} />
        <div className="field-row field-row--phone">
          <CountryCodeSelect
            name="phone_country_code_id"
            label={<><span className="visually-hidden">Phone </span>Country code</>}
            codes={codes.data?.country_codes}
            defaultValue={user.phone_country_code_id || DEFAULT_COUNTRY_CODE_ID}
            error={errors.fields.phone_country_code_id}
          />
          <Field name="phone" label="Mobile No." error={errors.fields.phone} type="tel" inputMode="tel" autoComplete="tel-national" maxLength={AUTH_LIMITS.phone} defaultValue={user.phone ?? ''} />
        </div>
        <fieldset className="field field--choices" aria-describedby={errors.fields.gender ? `${genderId}-error` : undefined}>
          <legend>Gender</legend>
          <div className="choices">
            {GENDERS.map((g) => (
              <label key={g} className="choice-pill">
                <input type="radio" name="gender" value={g} defaultChecked={user.gender === g} /> {GENDER_LABELS[g]}
              </label>
            ))}
          </div>
          {errors.fields.gender && <p className="field__error" id={`${genderId}-error`} data-testid="error-gender">{errors.fields.gender}</p>}
        </fieldset>
        <FormAlert>{errors.general}</FormAlert>
        <div className="account-form__actions">
          <button type="submit" className="button button--primary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Updating…' : 'Update'}
          </button>
          <Link to="/dashboard" className="button button--ghost">Cancel</Link>
        </div>
      </form>
      {pending.length === 0 && <ChangePasswordForm />}
    </div>
  );
}
