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

/** An address as a postal block: name, street, locality and landmark, city, state and pincode, country, phone. */
export function PostalAddress({ value, showLabel = false }: { value: PostalAddressParts; showLabel?: boolean }) {
  const place = [value.city.name, value.state.name].filter(Boolean).join(', ');
  return (
    <address className="postal-address">
      {showLabel && value.label && <span className="postal-address__label">{value.label}</span>}
      <strong className="postal-address__name">{value.name}</strong>
      <span>{value.address}</span>
      <span>{[value.locality, value.landmark && `near ${value.landmark}`].filter(Boolean).join(', ')}</span>
      <span>{place}{value.pincode ? ` ${value.pincode}` : ''}</span>
      <span>{value.country.name}</span>
      {value.phone && <span className="postal-address__phone">Phone: {value.phone}</span>}
    </address>
  );
}
