import { RECENTLY_VIEWED_STONES } from '@gemstore/contracts/constants';

/**
 * The stones this browser opened last, newest first, kept in browser storage per shop (each shop is
 * its own origin). Only ids are kept: names and prices are read afresh, so a sold stone shows as sold.
 */
const KEY = 'gemstore.recent';

export function recentlyViewedIds(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, RECENTLY_VIEWED_STONES) : [];
  } catch {
    return [];
  }
}

/** Puts a stone first in the list (once), dropping the oldest past the limit. */
export function rememberViewed(id: number): void {
  const ids = [id, ...recentlyViewedIds().filter((other) => other !== id)].slice(0, RECENTLY_VIEWED_STONES);
  try { window.localStorage.setItem(KEY, JSON.stringify(ids)); } catch { /* storage unavailable: nothing is remembered */ }
}
