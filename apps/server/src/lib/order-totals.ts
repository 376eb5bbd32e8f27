/**
 * An order's money, in one place: the checkout's quote, placing the order, its invoice and its
 * refunds all work it out here, so the figures a customer is shown, charged, invoiced and paid back
 * are one and the same.
 *
 *   total = stones - discount + shipping
 *
 * A discount is taken off the stones it applies to before GST: each of those lines carries a share
 * of it, in proportion to its price, and is sold, taxed and refunded at its price less that share.
 */
export interface OrderMoney {
  stonesPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/** The sum: stones - discount + shipping. */
export function orderTotals(parts: { stonesPaise: number; discountPaise?: number; shippingPaise?: number }): OrderMoney {
  const discountPaise = parts.discountPaise ?? 0;
  const shippingPaise = parts.shippingPaise ?? 0;
  return { stonesPaise: parts.stonesPaise, discountPaise, shippingPaise, totalPaise: parts.stonesPaise - discountPaise + shippingPaise };
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
export const stonesPaiseOf = (order: { totalPaise: number; discountPaise: number; shippingPaise?: number }) =>
  order.totalPaise + order.discountPaise - (order.shippingPaise ?? 0);

/** What a line is sold for: its price less its share of the discount. */
export const lineNetPaise = (line: { pricePaise: number; discountPaise: number }) => line.pricePaise - line.discountPaise;
