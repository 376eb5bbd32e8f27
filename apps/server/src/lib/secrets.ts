import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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
