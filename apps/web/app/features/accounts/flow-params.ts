/** Reading and writing the query parameters the auth screens pass along (userId, regId, phone, isPhone ...). */
import { positiveId } from '../../lib/ids.ts';
import { REG_ID_MAX } from '@gemstore/contracts/constants';

/** A positive integer id from the query, or undefined ('', 'null' and junk mean absent). */
export function idParam(params: URLSearchParams, key: string): number | undefined {
  return positiveId(params.get(key)) ?? undefined;
}

/** A code reference (regId, regIdPhone, regIdEmail) from the query, or undefined. */
export function regIdParam(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 && n <= REG_ID_MAX ? n : undefined;
}

export function boolParam(params: URLSearchParams, key: string): boolean {
  const raw = params.get(key)?.toLowerCase();
  return raw === 'true' || raw === '1';
}

export function textParam(params: URLSearchParams, key: string): string {
  const raw = params.get(key) ?? '';
  return raw === 'null' || raw === 'undefined' ? '' : raw;
}

/**
 * The query of a one-code screen (LoginOtp, ForgotPasswordOtp): the customer, the code, and where
 * it went. `phone` is the screens' own parameter; LoginOtp keeps the identifier typed at Login there (the
 * way back to LoginPassword needs it) and the masked destination in `to`.
 */
export function codeScreenParams(params: URLSearchParams) {
  const phone = textParam(params, 'phone');
  return {
    userId: idParam(params, 'userId'), regId: regIdParam(params, 'regId'),
    isPhone: boolParam(params, 'isPhone'), phone, to: textParam(params, 'to') || phone,
  };
}

/** `path?key=value&…`, leaving out undefined and null values. */
export function withQuery(path: string, query: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
