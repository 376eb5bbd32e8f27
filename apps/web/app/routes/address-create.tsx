import { useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/address-create';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { AddressForm } from '../features/addresses/components/address-form.tsx';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import { safeLocalPath } from '../lib/session.tsx';
import checkoutCss from '../styles/checkout.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Add Address', matches);

/** /address/create?redirect=…: after saving, back to the redirect (the checkout) if given, else the list. */
export default function AddressCreate() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const back = safeLocalPath(params.get('redirect'));
  return (
    <div className="container checkout-page checkout-page--narrow">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Your Addresses', to: '/address/all' }, { label: 'Add Address' }]} />
      <h1 className="page-title">Add Address</h1>
      <AddressForm onSaved={() => navigate(back ?? '/address/all')} />
    </div>
  );
}
