import type { Item } from '@gemstore/contracts';
import { rattiFromMg } from '@gemstore/contracts/constants';
import { formatRatti, formatRattiBucket } from '@gemstore/contracts/format';
import { stonePath } from '@gemstore/contracts/paths';

/** Names, paths and numbers of a stone, shown alike by the catalogue, the cart, the checkout and orders. */

/** The stone's page: /item/{first friendly url} (or its id). */
export function itemPath(item: Pick<Item, 'id' | 'url'>): string {
  return stonePath(item.url[0]?.url || item.id);
}

/** The stone's name as the seller typed it (the weight is shown beside it wherever a stone is listed). */
export function itemTitle(item: Pick<Item, 'name'>): string {
  return item.name;
}

/**
 * The stone's own ratti and the bucket the ratti filter files it under, said apart:
 * "3.09 ratti (2.25+ range)". The figure is its weight in the store's ratti, the one its name and
 * friendly url carry.
 */
export function rattiText(item: Pick<Item, 'weight' | 'ratti'>, rattiMg: number): string {
  return `${formatRatti(rattiFromMg(item.weight, rattiMg))} (${formatRattiBucket(item.ratti.rati_standard)} range)`;
}

/** One formatter per number of decimals: toLocaleString with options builds a new one on every call. */
const numberFormats = new Map<number, Intl.NumberFormat>();

/** A measure other than a weight (a stone's mm); weights go through @gemstore/contracts/format. */
export function formatNumber(n: number, maxDecimals = 2): string {
  let format = numberFormats.get(maxDecimals);
  if (!format) numberFormats.set(maxDecimals, format = new Intl.NumberFormat('en-US', { maximumFractionDigits: maxDecimals }));
  return format.format(n);
}

/** What a stone no longer for sale is called, the same on cards, the cart and the checkout. */
export const STONE_STATUS_WORDS: Partial<Record<Item['status'], string>> = { sold: 'Sold', reserved: 'Reserved', unavailable: 'No longer for sale' };
