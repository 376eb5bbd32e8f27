import { useState } from 'react';
import type { Address } from '@gemstore/contracts';
import type { Route } from './+types/address-list';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { AddAddressTile, AddressCard } from '../features/addresses/components/address-card.tsx';
import { useAddresses } from '../features/addresses/api/get-addresses.ts';
import { useDeleteAddress } from '../features/addresses/api/delete-address.ts';
import { useSetPrimaryAddress } from '../features/addresses/api/set-primary-address.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import checkoutCss from '../styles/checkout.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Your Addresses', matches);

/** /address/all: the Add address tile and a card per address. */
export default function AddressList() {
  const addresses = useAddresses();
  const setPrimary = useSetPrimaryAddress();
  const remove = useDeleteAddress();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const onSetDefault = (address: Address) => {
    setMessage(null);
    setPrimary.mutate(address.id, {
      onSuccess: (res) => setMessage({ text: res.message, error: false }),
      onError: (error) => setMessage({ text: error.message, error: true }),
    });
  };
  const onDelete = (address: Address) => {
    if (!window.confirm(`Delete the address "${address.label}"?`)) return;
    setMessage(null);
    remove.mutate(address.id, {
      onSuccess: (res) => setMessage({ text: res.message, error: false }),
      onError: (error) => setMessage({ text: error.message, error: true }),
    });
  };

  return (
    <div className="container checkout-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Your Addresses' }]} />
      <h1 className="page-title">Your Addresses</h1>
      <p className={`status-line${message?.error ? ' is-error' : ''}`} role="status" aria-live="polite">{message?.text}</p>
      {addresses.isPending && <p className="loading" role="status">Loading your addresses…</p>}
      {addresses.isError && <p className="form-error" role="alert">{addresses.error.message}</p>}
      {addresses.data && (
        <ul className="address-grid" data-testid="address-list">
          <AddAddressTile />
          {addresses.data.addresses.map((a) => (
            <AddressCard key={a.id} address={a} busy={setPrimary.isPending || remove.isPending} onSetDefault={onSetDefault} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </div>
  );
}
