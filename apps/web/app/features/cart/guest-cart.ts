import { useMemo, useSyncExternalStore } from 'react';
import { MAX_ITEMS_PER_ORDER } from '@gemstore/contracts/constants';

/**
 * A guest's cart: the ids of the stones a visitor chose, newest first, kept in this browser's
 * storage (each shop is its own origin, so its own cart). At sign-in or registration it joins the
 * account's cart (cart-merge) and is emptied. Every component reading it hears of each change, in
 * this tab and in the shop's other tabs.
 */

const KEY = 'gemstore.cart';
const listeners = new Set<() => void>();
/** The merge under way, if any (the cart's read waits for it). */
let merging: Promise<unknown> | null = null;

function emit() {
  for (const listener of listeners) listener();
}

function raw(): string {
  try { return window.localStorage.getItem(KEY) ?? ''; } catch { return ''; }
}

function parse(text: string): number[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
    return [...new Set(ids)].slice(0, MAX_ITEMS_PER_ORDER);
  } catch {
    return [];
  }
}

function write(ids: number[]) {
  try {
    if (ids.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(ids));
  } catch { /* storage unavailable: the cart lasts for this page only */ }
  emit();
}

/** The guest cart's stone ids, newest first. */
export function readGuestCart(): number[] {
  return parse(raw());
}

export type GuestCartAdd = 'added' | 'already' | 'full';

/** Puts a stone first in the guest cart; a cart holds as many stones as one order. */
export function addToGuestCart(itemId: number): GuestCartAdd {
  const ids = readGuestCart();
  if (ids.includes(itemId)) return 'already';
  if (ids.length >= MAX_ITEMS_PER_ORDER) return 'full';
  write([itemId, ...ids]);
  return 'added';
}

/** Takes these stones out of the guest cart. */
export function removeFromGuestCart(itemIds: number[]) {
  const ids = readGuestCart();
  const kept = ids.filter((id) => !itemIds.includes(id));
  if (kept.length !== ids.length) write(kept);
}

/** Marks a merge under way until `work` settles; the cart's read waits for it. */
export function trackMerge<T>(work: Promise<T>): Promise<T> {
  const tracked = work.finally(() => {
    if (merging === tracked) {
      merging = null;
      emit();
    }
  });
  merging = tracked;
  emit();
  return tracked;
}

/** Resolves once no merge is under way (whatever its outcome). */
export async function mergeSettled(): Promise<void> {
  while (merging) await merging.catch(() => undefined);
}

export function isMerging(): boolean {
  return merging !== null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface GuestCart {
  ids: number[];
  /** The cart is joining the account's now. */
  merging: boolean;
}

/** The guest cart, or null while the page renders on the server and until it hydrates. */
export function useGuestCart(): GuestCart | null {
  const snapshot = useSyncExternalStore(subscribe, () => `${merging ? 1 : 0}${raw()}`, () => null);
  return useMemo(() => (snapshot === null ? null : { merging: snapshot[0] === '1', ids: parse(snapshot.slice(1)) }), [snapshot]);
}
