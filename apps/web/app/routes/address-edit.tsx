import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Route } from './+types/address-edit';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { useAddress } from '../features/addresses/api/get-address.ts';
import { AddressForm } from '../features/addresses/components/address-form.tsx';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import checkoutCss from '../styles/checkout.css?url';
import { positiveId } from '../lib/ids.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Edit Address', matches);

/** /address/edit/{id?}?addressId=…: the id from the path, else from the query (both forms are public links). */
export default function AddressEdit() {
  const params = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const addressId = positiveId(params.id) ?? positiveId(query.get('addressId'));
  const address = useAddress(addressId);

  return (
    <div className="container checkout-page checkout-page--narrow">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Your Addresses', to: '/address/all' }, { label: 'Edit Address' }]} />
      <h1 className="page-title">Edit Address</h1>
      {addressId === null && <p className="form-error" role="alert">No address was chosen. <Link to="/address/all">Back to your addresses</Link></p>}
      {address.isLoading && <p className="loading" role="status">Loading the address…</p>}
      {address.isError && <p className="form-error" role="alert">{address.error.message} <Link to="/address/all">Back to your addresses</Link></p>}
      {address.data && <AddressForm key={address.data.id} address={address.data} onSaved={() => navigate('/address/all')} />}
    </div>
  );
}
