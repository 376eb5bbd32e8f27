import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { PendingIdentifier, ProfileResponse } from '@gemstore/contracts';
import { formErrors } from '../../../lib/form-errors.ts';
import { useProfileResendOtp } from '../api/profile-resend-otp.ts';
import { useVerifyProfileIdentifier } from '../api/verify-profile-identifier.ts';
import { FormAlert, FormNotice } from './field.tsx';
import { OtpInput } from './otp-input.tsx';
import { ResendActions } from './resend-actions.tsx';

interface ProfileCodeStepProps {
  /** The new email and/or mobile number waiting for their codes. */
  pending: PendingIdentifier[];
  /** A code was right: the profile switched to that email or number. */
  onVerified(res: ProfileResponse): void;
}

/**
 * The code step of Login & Security: a new email or mobile number replaces the old one only once
 * the code sent to it comes back. One field per new value; each is checked on its own.
 */
export function ProfileCodeStep({ pending, onVerified }: ProfileCodeStepProps) {
  const verify = useVerifyProfileIdentifier();
  const resend = useProfileResendOtp();
  // A resend replaces a code: its field then checks the new regId.
  const [regIds, setRegIds] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const regIdOf = (p: PendingIdentifier) => regIds[p.to] ?? p.regId;
  const resendErrors = formErrors(resend.error, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setNotice(null);
    resend.reset();
    const next: Record<string, string | undefined> = {};
    for (const p of pending) {
      const otp = String(data.get(`otp-${p.isPhone ? 'phone' : 'email'}`) ?? '').trim();
      if (!otp) {
        if (pending.length === 1) next[p.to] = 'Enter the code.';
        continue;
      }
      try {
        onVerified(await verify.mutateAsync({ regId: regIdOf(p), otp }));
      } catch (err) {
        const shown = formErrors(err, ['otp']);
        next[p.to] = shown.fields.otp ?? shown.general;
      }
    }
    setErrors(next);
  };

  const onResend = (p: PendingIdentifier, voice: boolean) => {
    setNotice(null);
    resend.mutate({ regId: regIdOf(p), voice }, {
      onSuccess: (res) => {
        setRegIds((ids) => ({ ...ids, [p.to]: res.regId }));
        // The customer typed this value on this screen: name it as shown above (the answer masks it).
        setNotice(voice ? `We are calling ${p.to} with your code.` : `We sent a new code to ${p.to}.`);
      },
    });
  };

  const both = pending.length > 1;
  return (
    <form className="account-form" method="post" onSubmit={onSubmit} noValidate data-testid="profile-code-form">
      <h2 className="account-form__title">Confirm your new {both ? 'email and mobile number' : pending[0]?.isPhone ? 'mobile number' : 'email'}</h2>
      <p className="account-form__lead">
        Until you enter the code, you keep signing in with your current details and codes keep going to them.
      </p>
      {notice && <FormNotice>{notice}</FormNotice>}
      {pending.map((p) => (
        <div className="otp-block" key={p.to}>
          <OtpInput
            name={`otp-${p.isPhone ? 'phone' : 'email'}`}
            label={<>Code sent to <strong data-testid="pending-recipient">{p.to}</strong></>}
            error={errors[p.to]}
            autoFocus={p === pending[0]}
          />
          <ResendActions
            label={both ? (p.isPhone ? 'mobile number code' : 'email code') : undefined}
            onResend={() => onResend(p, false)}
            onVoice={p.isPhone ? () => onResend(p, true) : undefined}
            pending={resend.isPending}
          />
        </div>
      ))}
      <FormAlert>{resendErrors.general}</FormAlert>
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={verify.isPending}>
          {verify.isPending ? 'Confirming…' : 'Confirm'}
        </button>
        <Link to="/dashboard" className="button button--ghost">Not now</Link>
      </div>
    </form>
  );
}
