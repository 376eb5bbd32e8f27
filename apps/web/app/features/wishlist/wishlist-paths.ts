/** Where a guest's heart resumes after sign-in: the wishlist adds the stone once, then shows itself. */
export function wishlistAddPath(itemId: number): string {
  return `/wishlist?add=${itemId}`;
}
