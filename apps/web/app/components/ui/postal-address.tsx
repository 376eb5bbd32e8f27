/** The parts of an address that every screen shows (saved addresses and the snapshots kept on orders). */
export interface PostalAddressParts {
  name: string;
  phone: string;
  address: string;
  locality: string;
  landmark: string;
  pincode: string;
  label?: string;
  city: { name: string };
  state: { name: string };
  country: { name: string };
}

/** "near" before a landmark, unless the shopper wrote it already ("Near the fort" stays as typed). */
export function landmarkText(landmark: string): string {
  const text = landmark.trim();
  if (!text) return '';
  return /^near\b/i.test(text) ? text : `near ${text}`;
}

/** An address as a postal block: name, street, locality and landmark, city, state and pincode, country, phone. */
export function PostalAddress({ value, showLabel = false }: { value: PostalAddressParts; showLabel?: boolean }) {
  const place = [value.city.name, value.state.name].filter(Boolean).join(', ');
  return (
    <address className="postal-address">
      {showLabel && value.label && <span className="postal-address__label">{value.label}</span>}
      <strong className="postal-address__name">{value.name}</strong>
      <span>{value.address}</span>
      <span>{[value.locality, landmarkText(value.landmark)].filter(Boolean).join(', ')}</span>
      <span>{place}{value.pincode ? ` ${value.pincode}` : ''}</span>
      <span>{value.country.name}</span>
      {value.phone && <span className="postal-address__phone">Phone: {value.phone}</span>}
    </address>
  );
}
