/** A line's stone as the order names it: the name recorded at purchase, else the stone's own. */
export function orderLineTitle(item: { iname: string; name: string }): string {
  return item.iname || item.name;
}
