import type { FormEvent, ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { AuthHeading } from './auth-heading.tsx';
import { FormAlert, FormNotice } from './field.tsx';
import { OtpInput } from './otp-input.tsx';
import { ResendActions } from './resend-actions.tsx';

interface OtpCodeFormProps {
  /** The form's data-testid. */
  testId: string;
  /** Where the code was sent (a mobile number or an email, usually masked). */
  recipient: string;
  /** The line under the title, when it should say more than where the code went. */
  lead?: ReactNode;
  /** A confirmation that a new code was sent. */
  notice: string | null;
  /** The code as typed, trimmed. */
  onSubmit(otp: string): void;
  /** Asks for a new code, by voice call when `voice`. */
  onResend(voice: boolean): void;
  /** The code went to a mobile number, so it can also come by voice call. */
  isPhone: boolean;
  otpError?: string;
  generalError?: ReactNode;
  submitPending: boolean;
  resendPending: boolean;
  submitLabel: string;
}

/** The one-code screen (sign in, password reset): heading, notice, code, resend or voice call, submit. */
export function OtpCodeForm({
  testId, recipient, lead, notice, onSubmit, onResend, isPhone, otpError, generalError, submitPending, resendPending, submitLabel,
}: OtpCodeFormProps) {
  const hydrated = useHydrated();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(String(new FormData(event.currentTarget).get('otp') ?? '').trim());
  };
  return (
    <>
      <AuthHeading title="Enter your one-time password">
        {lead ?? <>We sent a 6-digit code to <strong data-testid="otp-recipient">{recipient}</strong>. It is valid for 10 minutes.</>}
      </AuthHeading>
      {notice && <FormNotice>{notice}</FormNotice>}
      <form method="post" onSubmit={submit} noValidate data-testid={testId}>
        <OtpInput name="otp" error={otpError} autoFocus />
        <ResendActions onResend={() => onResend(false)} onVoice={isPhone ? () => onResend(true) : undefined} pending={!hydrated || resendPending} />
        <FormAlert>{generalError}</FormAlert>
        <button type="submit" className="button button--primary auth-submit" disabled={!hydrated || submitPending}>
          {submitPending ? 'Verifying…' : submitLabel}
        </button>
      </form>
    </>
  );
}
