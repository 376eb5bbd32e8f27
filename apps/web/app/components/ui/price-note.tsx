import { useStoreProfile } from '../../lib/store-context.tsx';

/**
 * Prices include GST and delivery. GST is India's tax: the international store's
 * note speaks of delivery only. `inline` renders a span for use inside text.
 */
export function PriceNote({ inline = false }: { inline?: boolean }) {
  const text = useStoreProfile().isFromIndia ? 'GST and delivery charges included.' : 'Delivery charges included.';
  return inline ? <span className="price-note inline">{text}</span> : <p className="price-note">{text}</p>;
}
