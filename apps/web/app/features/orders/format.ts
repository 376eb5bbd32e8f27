/** A line's stone as the order names it: the name recorded at purchase, else the stone's own. */
export function orderLineTitle(item: { iname: string; name: string }): string {
  return item.iname || item.name;
}

/** An order's date as customers read it: "5 March 2026". */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** When a step of an order happened, as customers read it: "5 March 2026, 3:40 pm". */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
