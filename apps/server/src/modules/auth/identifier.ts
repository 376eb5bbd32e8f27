/** The sign-in identifier (the `phone` field of login and forgot-password): an email or a mobile number. */
export type Identifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are compared lower-case; mobile numbers as digits without spaces, dashes, dots or brackets. Null when it is neither. */
export function parseIdentifier(raw: string): Identifier | null {
  const value = raw.trim();
  if (value.includes('@')) return EMAIL.test(value) ? { kind: 'email', value: value.toLowerCase() } : null;
  const digits = value.replace(/[\s().-]/g, '');
  return /^\d{6,15}$/.test(digits) ? { kind: 'phone', value: digits } : null;
}

/**
 * Where a code went, for an answer to someone who did not type it: the first two and last two
 * digits of a mobile number (`98******10`), the first letter and the domain of an email
 * (`d***@gemstore.test`). Enough for the owner to recognise, too little to contact them by.
 */
export function maskDestination(value: string): string {
  const at = value.lastIndexOf('@');
  if (at >= 0) return `${value.slice(0, Math.min(1, at))}***${value.slice(at)}`;
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
}
