import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** Opaque secret of 32 random bytes (256 bits), base64url; only its SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Keyed hash of a one-time code, bound to its store, purpose and recipient. */
export function hashOtp(pepper: string, parts: { storeId: number; purpose: string; recipient: string; code: string }): string {
  return createHmac('sha256', pepper).update(`${parts.storeId}\n${parts.purpose}\n${parts.recipient}\n${parts.code}`).digest('hex');
}

export function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

function sealingKey(pepper: string): Buffer {
  return Buffer.from(hkdfSync('sha256', pepper, 'gemstore-queue', 'queued-message-sealing', 32));
}

/** Text encrypted and authenticated (AES-256-GCM) under a key derived from `pepper`, for data at rest that holds a secret. */
export function seal(pepper: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(pepper), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The text `seal` was given; throws when it was sealed under another pepper or altered. */
export function unseal(pepper: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(pepper), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}
