/** The spec's identifier (the `phone` field of login and forgot-password): an email or a mobile number. */
export type Identifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are compared lower-case; mobile numbers as digits without spaces, dashes, dots or brackets. Null when it is neither. */
export function parseIdentifier(raw: string): Identifier | null {
  const value = raw.trim();
  if (value.includes('@')) return EMAIL.test(value) ? { kind: 'email', value: value.toLowerCase() } : null;
  const digits = value.replace(/[\s().-]/g, '');
  return /^\d{6,15}$/.test(digits) ? { kind: 'phone', value: digits } : null;
}
