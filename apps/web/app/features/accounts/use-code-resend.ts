import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type OtpFlow, useResendOtp } from './api/resend-otp.ts';

/**
 * "Resend code" and "Get the code by voice call" on a code screen. A new code replaces the old
 * one, so the answer's regId goes into the address (under `param`) for the next check and the next
 * resend. `onSend` clears the screen's own request, whose error no longer applies.
 */
export function useCodeResend(flow: OtpFlow, onSend: () => void) {
  const [, setParams] = useSearchParams();
  const resend = useResendOtp(flow);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    notice,
    error: resend.error,
    pending: resend.isPending,
    /** Before a code is checked: the last resend's notice and error no longer apply. */
    clear() {
      resend.reset();
      setNotice(null);
    },
    send(userId: number, regId: number, voice: boolean, param = 'regId') {
      onSend();
      setNotice(null);
      resend.mutate({ userId, regId, voice }, {
        onSuccess: (res) => {
          setParams((p) => { p.set(param, String(res.regId)); return p; }, { replace: true });
          // The confirmation: `phone` is wherever the code went (a number or an email).
          setNotice(voice ? `We are calling ${res.phone} with your code.` : `We sent a new code to ${res.phone}.`);
        },
      });
    },
  };
}
