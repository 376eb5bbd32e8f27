import { MAX_ID } from '@gemstore/contracts/constants';

/** A positive database id from a path or query value, or null ('', 'null', junk and out-of-range mean absent). */
export function positiveId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= MAX_ID ? n : null;
}
