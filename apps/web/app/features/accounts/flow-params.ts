/** Reading and writing the query parameters the auth screens pass along (spec section 2). */
import { positiveId } from '../../lib/ids.ts';

/** A positive integer id from the query, or undefined ('', 'null' and junk mean absent). */
export function idParam(params: URLSearchParams, key: string): number | undefined {
  return positiveId(params.get(key)) ?? undefined;
}

export function boolParam(params: URLSearchParams, key: string): boolean {
  const raw = params.get(key)?.toLowerCase();
  return raw === 'true' || raw === '1';
}

export function textParam(params: URLSearchParams, key: string): string {
  const raw = params.get(key) ?? '';
  return raw === 'null' || raw === 'undefined' ? '' : raw;
}

/** The query of a one-code screen (LoginOtp, ForgotPasswordOtp): the customer, the code, and where it went. */
export function codeScreenParams(params: URLSearchParams) {
  return {
    userId: idParam(params, 'userId'), regId: idParam(params, 'regId'),
    isPhone: boolParam(params, 'isPhone'), phone: textParam(params, 'phone'),
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
