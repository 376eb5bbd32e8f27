/** /checkout?itemIds=[…]: the checkout query carries the stones as a JSON list. */
export function checkoutPath(itemIds: number[]): string {
  return `/checkout?itemIds=${encodeURIComponent(JSON.stringify(itemIds))}`;
}
