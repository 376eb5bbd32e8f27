import type { StaffSession } from '@gemstore/contracts';

/** How a sign-in proved who it is, as people say it. */
export function signInMethod(s: Pick<StaffSession, 'first_factor' | 'second_factor'>): string {
  const first = { password: 'Password', email_code: 'Emailed code', invitation: 'Invitation' }[s.first_factor];
  const second = s.second_factor === 'totp' ? ' + authenticator code' : s.second_factor === 'recovery_code' ? ' + recovery code' : '';
  return `${first}${second}`;
}

export const ownSessionsKey = ['admin', 'me', 'sessions'] as const;
export const memberSessionsKey = (id: number) => ['admin', 'staff', id, 'sessions'] as const;
