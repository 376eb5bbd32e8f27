import { Link } from 'react-router';
import type { Address } from '@gemstore/contracts';
import { PostalAddress } from '../../../components/ui/postal-address.tsx';
import { PRIMARY_ADDRESS_TYPE_ID } from '@gemstore/contracts/constants';

export function isPrimaryAddress(address: Pick<Address, 'address_type_id'>): boolean {
  return address.address_type_id === PRIMARY_ADDRESS_TYPE_ID;
}

/**
 * One saved address. The primary one is marked Primary and can be corrected (Edit) but not deleted
 * or chosen again; the others can be edited, made the default or deleted.
 */
export function AddressCard({ address, busy, onSetDefault, onDelete }: {
  address: Address;
  busy: boolean;
  onSetDefault: (address: Address) => void;
  onDelete: (address: Address) => void;
}) {
  const primary = isPrimaryAddress(address);
  return (
    <li className={`address-card${primary ? ' is-primary' : ''}`} data-testid="address-card" data-address-id={address.id}>
      <div className="address-card__head">
        <span className="address-card__label">{address.label}</span>
        {primary && <span className="badge badge--accent" data-testid="address-primary">Primary</span>}
      </div>
      <PostalAddress value={address} />
      <div className="address-card__actions">
        <Link to={`/address/edit/${address.id}?addressId=${address.id}`} className="text-button" data-testid="address-edit">Edit</Link>
        {!primary && (
          <>
            <button type="button" className="text-button" disabled={busy} onClick={() => onSetDefault(address)} data-testid="address-set-default">Set as default</button>
            <button type="button" className="text-button text-button--danger" disabled={busy} onClick={() => onDelete(address)} data-testid="address-delete">Delete</button>
          </>
        )}
      </div>
    </li>
  );
}

/** The first tile of the list and of the checkout: a link to the create form, coming back to `redirect` when given. */
export function AddAddressTile({ redirect, as: Tag = 'li' }: { redirect?: string; as?: 'li' | 'div' }) {
  const to = redirect ? `/address/create?redirect=${encodeURIComponent(redirect)}` : '/address/create';
  return (
    <Tag className="address-tile">
      <Link to={to} className="address-tile__link" data-testid="add-address">
        <span className="address-tile__plus" aria-hidden="true">+</span>
        <span>Add address</span>
      </Link>
    </Tag>
  );
}
