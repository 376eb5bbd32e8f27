import type { ShippingZone } from '@gemstore/contracts';
import type { Store } from './context.ts';

/**
 * An order's money, in one place: the checkout's quote, placing the order and its invoice all
 * work it out here, so the figures a customer is shown, charged and invoiced are one and the same.
 *
 *   total = stones + shipping - discount
 *
 * A discount (a promotion code) is taken off the stones it applies to before GST: each of those
 * lines carries a share of it, in proportion to its price, and is sold, taxed and refunded at its
 * price less that share. The order value that decides free shipping is the stones less the discount.
 */
export interface OrderMoney {
  stonesPaise: number;
  shippingPaise: number;
  discountPaise: number;
  totalPaise: number;
}

export type ShippingRates = Pick<Store, 'addressCountry' | 'shippingHomePaise' | 'shippingHomeFreeFromPaise' | 'shippingAbroadPaise' | 'shippingAbroadFreeFromPaise'>;

/** The country of a shop's home zone: its own (India when the shop names none). */
export function homeCountryOf(store: Pick<Store, 'addressCountry'>): string {
  return store.addressCountry.trim() || 'India';
}

/** The zone a parcel to this country goes in. */
export function zoneOf(store: Pick<Store, 'addressCountry'>, country: string): ShippingZone {
  return country.trim().toLowerCase() === homeCountryOf(store).toLowerCase() ? 'home' : 'abroad';
}

/** A zone's rate: the flat charge and the order value it is free from (null: never free). */
export function rateOf(store: ShippingRates, zone: ShippingZone): { paise: number; freeFromPaise: number | null } {
  return zone === 'home'
    ? { paise: store.shippingHomePaise, freeFromPaise: store.shippingHomeFreeFromPaise }
    : { paise: store.shippingAbroadPaise, freeFromPaise: store.shippingAbroadFreeFromPaise };
}

/** The sum: stones + shipping - discount. */
export function orderTotals(parts: { stonesPaise: number; shippingPaise: number; discountPaise?: number }): OrderMoney {
  const discountPaise = parts.discountPaise ?? 0;
  return { stonesPaise: parts.stonesPaise, shippingPaise: parts.shippingPaise, discountPaise, totalPaise: parts.stonesPaise + parts.shippingPaise - discountPaise };
}

/**
 * Prices an order of stones shipped to `country` with the shop's current rates: the zone's charge,
 * nothing when the order value (stones less discount) is at or above the zone's free-from amount.
 */
export function priceOrder(store: ShippingRates, linePaise: number[], country: string, discountPaise = 0): OrderMoney & { zone: ShippingZone; freeFromPaise: number | null } {
  const stonesPaise = linePaise.reduce((s, p) => s + p, 0);
  const zone = zoneOf(store, country);
  const rate = rateOf(store, zone);
  const free = rate.freeFromPaise !== null && stonesPaise - discountPaise >= rate.freeFromPaise;
  return { ...orderTotals({ stonesPaise, shippingPaise: free ? 0 : rate.paise, discountPaise }), zone, freeFromPaise: rate.freeFromPaise };
}

/** A stone's line on an invoice before its tax is worked out, at what it was sold for (its price less its discount share). */
export interface BilledLine {
  description: string; sku: string; hsn: string; rateBp: number; pricePaise: number; orderLineId?: number; quantity?: number;
}

/**
 * The lines an order is invoiced with: its stones, then shipping as a line of its own. Stones and
 * their shipping are one composite supply, so shipping carries the HSN code and GST rate of the
 * principal supply (the stone of highest value, the first of equals) and counts no pieces. The
 * lines add up to the order's total (the stones' lines come net of the discount).
 */
export function billedLines(stones: BilledLine[], money: Pick<OrderMoney, 'shippingPaise' | 'discountPaise' | 'totalPaise'>): BilledLine[] {
  const lines = [...stones];
  if (money.shippingPaise > 0 && stones.length > 0) {
    const principal = stones.reduce((top, l) => (l.pricePaise > top.pricePaise ? l : top));
    lines.push({ description: 'Shipping', sku: '', hsn: principal.hsn, rateBp: principal.rateBp, pricePaise: money.shippingPaise, quantity: 0 });
  }
  const sum = lines.reduce((s, l) => s + l.pricePaise, 0);
  if (sum !== money.totalPaise) throw new Error(`The invoice lines add up to ${sum} paise, not the order's ${money.totalPaise}.`);
  return lines;
}

/**
 * Shares `discountPaise` over lines in proportion to their prices (0 for a line not eligible), whole
 * paise that add up to the discount exactly: each share rounded down, the paise left over going one
 * each to the lines with the largest remainders (the first of equals).
 */
export function shareDiscount(lines: { pricePaise: number; eligible: boolean }[], discountPaise: number): number[] {
  const weights = lines.map((l) => (l.eligible ? l.pricePaise : 0));
  const base = weights.reduce((s, w) => s + w, 0);
  if (discountPaise <= 0 || base <= 0) return lines.map(() => 0);
  const d = BigInt(discountPaise);
  const b = BigInt(base);
  const shares = weights.map((w) => Number((d * BigInt(w)) / b));
  const remainders = weights.map((w, i) => ({ i, r: (d * BigInt(w)) % b })).filter((x) => weights[x.i]! > 0)
    .sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  let left = discountPaise - shares.reduce((s, x) => s + x, 0);
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The code an order used and what it took off, in rupees, as answers show it; null when it used none. */
export function promotionOf(order: { discountCode: string; discountPaise: number }): { code: string; amount: number } | null {
  return order.discountPaise > 0 ? { code: order.discountCode, amount: order.discountPaise / 100 } : null;
}

/** The stones' prices of an order, before its discount and shipping. */
export const stonesPaiseOf = (order: { totalPaise: number; discountPaise: number; shippingPaise: number }) =>
  order.totalPaise + order.discountPaise - order.shippingPaise;

/** What a line is sold for: its price less its share of the discount. */
export const lineNetPaise = (line: { pricePaise: number; discountPaise: number }) => line.pricePaise - line.discountPaise;
