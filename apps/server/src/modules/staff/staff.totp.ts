import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Two-factor sign-in with an authenticator app: TOTP (RFC 6238, SHA-1, 6 digits, 30 s) by the
 * otpauth library, the enrolment QR code by qrcode. Secrets are stored encrypted (AES-256-GCM)
 * under a key derived from the server's OTP pepper, so a copy of the database alone cannot mint codes.
 */

const PERIOD = 30;
/** Codes of the step before and after now are accepted (clock drift), never a step already used. */
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator reads, and the same as a QR code (an SVG data URL). */
export async function enrolment(secret: string, label: string, issuer: string): Promise<{ uri: string; qrCode: string }> {
  const uri = totpOf(secret, label, issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** A typed code checked: the step it belongs to, or why it is refused (wrong, or a step already used). */
export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'used' };

/**
 * Checks a code: right codes of the steps around now are accepted, except a step not after
 * `lastStep` (the last one accepted), so a code seen once cannot be replayed within its window;
 * such a code is told apart ('used') so the member knows to wait for the next one.
 */
export function checkTotp(secret: string, code: string, lastStep: number | null, now = Date.now()): TotpCheck {
  if (!/^\d{6}$/.test(code)) return { ok: false, reason: 'wrong' };
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? { ok: false, reason: 'used' } : { ok: true, step };
}

/** The time step of a right code not used before, or null. */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const checked = checkTotp(secret, code, lastStep, now);
  return checked.ok ? checked.step : null;
}

function keyOf(pepper: string): Buffer {
  return Buffer.from(hkdfSync('sha256', pepper, 'gemstore-staff', 'totp-secret-encryption', 32));
}

export function encryptSecret(pepper: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(pepper), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(pepper: string, stored: string): string {
  const [iv, tag, body] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(pepper), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

/** Ten single-use recovery codes like `k3n8-p2xq-7rtm` (60 bits each). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz123456789'; // 32 letters and digits, none easily misread: no bias from the modulo
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(12);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) in its stored form. */
export function normaliseRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return plain.length === 12 ? `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8, 12)}` : plain;
}
