interface ResendActionsProps {
  /** Sends a new code the same way. */
  onResend(): void;
  /** Calls the mobile number with the code; absent when the code went to an email. */
  onVoice?: () => void;
  pending: boolean;
  /** Names what the buttons are for when a screen has more than one code. */
  label?: string;
}

/** "Resend code" and "Get the code by voice call" under a one-time password field. */
export function ResendActions({ onResend, onVoice, pending, label }: ResendActionsProps) {
  return (
    <div className="auth-actions" role="group" aria-label={label ? `Get a new ${label}` : 'Get a new code'}>
      <button type="button" className="link-button" onClick={onResend} disabled={pending}>
        Resend code{label ? <span className="visually-hidden"> for {label}</span> : null}
      </button>
      {onVoice && (
        <button type="button" className="link-button" onClick={onVoice} disabled={pending}>
          Get the code by voice call{label ? <span className="visually-hidden"> for {label}</span> : null}
        </button>
      )}
    </div>
  );
}
