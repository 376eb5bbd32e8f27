/** Spec section 1: prices include GST and delivery. `inline` renders a span for use inside text. */
export function PriceNote({ inline = false }: { inline?: boolean }) {
  const text = 'GST and delivery charges included.';
  return inline ? <span className="price-note inline">{text}</span> : <p className="price-note">{text}</p>;
}
