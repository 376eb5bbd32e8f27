/** /checkout?itemIds=[…]: the checkout query carries the stones as a JSON list. */
export function checkoutPath(itemIds: number[]): string {
  return `/checkout?itemIds=${encodeURIComponent(JSON.stringify(itemIds))}`;
}

/** Where a guest's Add To Cart resumes after sign-in: the cart adds the stone once, then shows itself. */
export function cartAddPath(itemId: number): string {
  return `/cart?add=${itemId}`;
}
