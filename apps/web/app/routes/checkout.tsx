import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/checkout';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { PostalAddress } from '../components/ui/postal-address.tsx';
import { useAddresses } from '../features/addresses/api/get-addresses.ts';
import { AddAddressTile, isPrimaryAddress } from '../features/addresses/components/address-card.tsx';
import { useItemsByIds } from '../features/catalog/api/get-items-by-ids.ts';
import { useCheckoutQuote } from '../features/checkout/api/get-checkout-quote.ts';
import { usePaymentMethods } from '../features/checkout/api/get-payment-methods.ts';
import { usePlaceOrder } from '../features/checkout/api/place-order.ts';
import { PromotionCode } from '../features/checkout/components/promotion-code.tsx';
import { CheckoutItems } from '../features/checkout/components/checkout-items.tsx';
import { ChoiceList } from '../features/checkout/components/choice-list.tsx';
import { OrderTotals } from '../features/checkout/components/order-totals.tsx';
import { ApiError, isErrorOf } from '@gemstore/contracts/client';
import { RAZORPAY_PAYMENT_METHOD_ID } from '@gemstore/contracts/constants';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import { useCurrency } from '../lib/store-context.tsx';
import checkoutCss from '../styles/checkout.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Review Order', matches);

/** The itemIds query: a JSON list of stone ids; anything else is no list. */
function parseItemIds(raw: string | null): number[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value) || value.length === 0) return null;
    const ids = value.map(Number);
    return ids.every((n) => Number.isInteger(n) && n > 0) ? [...new Set(ids)] : null;
  } catch {
    return null;
  }
}

/** /checkout?itemIds=[…]: Review Order, then Place Order and on to Pay. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const currency = useCurrency();
  const itemIds = useMemo(() => parseItemIds(params.get('itemIds')), [params]);
  const addresses = useAddresses();
  const methods = usePaymentMethods();
  const items = useItemsByIds(itemIds ?? []);
  const place = usePlaceOrder();
  const [shippingChoice, setShipping] = useState<number | null>(null);
  const [billingChoice, setBilling] = useState<number | null>(null);
  const [methodChoice, setMethod] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The code the customer applied (null: none); the quote says what it takes off or why it does not apply.
  const [code, setCode] = useState<string | null>(null);

  const list = addresses.data?.addresses ?? [];
  const known = (id: number | null) => (id !== null && list.some((a) => a.id === id) ? id : null);
  // The primary address is chosen until the customer picks another.
  const defaultAddress = (list.find(isPrimaryAddress) ?? list[0])?.id ?? null;
  const shippingId = known(shippingChoice) ?? defaultAddress;
  const billingId = known(billingChoice) ?? shippingId;
  const methodList = methods.data?.paymentMethods ?? [];
  const methodId = methodChoice ?? (methodList.find((m) => m.id === RAZORPAY_PAYMENT_METHOD_ID) ?? methodList[0])?.id ?? null;
  const available = (items.data?.items ?? []).filter((i) => i.status === 'available');
  const here = location.pathname + location.search;
  // Shipping, the promotion and the total come from the server for the chosen address and code, asked again when either changes.
  const quote = useCheckoutQuote(available.map((i) => i.id), shippingId, code);
  const promotion = code !== null ? quote.data?.promotion ?? null : null;
  const promotionReason = code !== null ? quote.data?.promotion_error?.message ?? null : null;

  const placeOrder = () => {
    setError(null);
    if (shippingId === null) {
      window.alert('Select Or Create Address');
      return;
    }
    if (available.length === 0 || methodId === null) return;
    place.mutate({
      itemIds: available.map((i) => i.id),
      shippingAddressId: shippingId,
      billingAddressId: billingId,
      paymentMethodId: methodId,
      origin: window.location.origin,
      ...(promotion ? { discountCode: promotion.code } : {}),
    }, {
      onSuccess: (res) => navigate(res.url),
      onError: (e) => {
        const fieldMessages = e instanceof ApiError ? Object.values(e.errors).flat() : [];
        setError(fieldMessages.length ? fieldMessages.join(' ') : e.message);
        // A stone taken meanwhile: show what is still available.
        if (isErrorOf('placeOrder', e, 'stone_unavailable')) void items.refetch();
        // A code that stopped applying meanwhile (used up, ended): the quote says why.
        if (code !== null) void quote.refetch();
      },
    });
  };

  if (!itemIds) {
    return (
      <div className="container checkout-page">
        <h1 className="page-title">Review Order</h1>
        <div className="empty"><p>No stones were chosen for this order.</p><Link to="/cart" className="button button--ghost">Back to cart</Link></div>
      </div>
    );
  }

  const loading = addresses.isPending || methods.isPending || items.isPending;
  const loadError = addresses.error ?? methods.error ?? items.error;

  return (
    <div className="container checkout-page checkout">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Cart', to: '/cart' }, { label: 'Review Order' }]} />
      <h1 className="page-title">Review Order</h1>
      {loading && !loadError && <p className="loading" role="status">Loading your order…</p>}
      {loadError && <p className="form-error" role="alert">{loadError.message}</p>}
      {!loading && !loadError && (
        <div className="checkout__layout">
          <div className="checkout__main">
            <section className="checkout-section">
              <ChoiceList name="shippingAddressId" legend="Shipping address" testId="shipping-address" options={list} value={shippingId}
                onChange={setShipping} render={(a) => <PostalAddress value={a} showLabel />}>
                <AddAddressTile as="div" redirect={here} />
              </ChoiceList>
            </section>
            {list.length > 0 && (
              <section className="checkout-section">
                <ChoiceList name="billingAddressId" legend="Billing address" testId="billing-address" options={list} value={billingId}
                  onChange={setBilling} render={(a) => (
                    <>
                      <span className="choice__title">{a.label}: {a.name}</span>
                      <span className="choice__text">{a.address}, {a.city.name} {a.pincode}</span>
                    </>
                  )} />
              </section>
            )}
            <section className="checkout-section">
              <ChoiceList name="paymentMethodId" legend="Payment method" testId="payment-method" options={methodList} value={methodId}
                onChange={setMethod} render={(m) => <span className="choice__title">{m.name}</span>} />
            </section>
            <section className="checkout-section" aria-labelledby="checkout-items-title">
              <h2 className="checkout-section__title" id="checkout-items-title">Items</h2>
              <CheckoutItems items={items.data?.items ?? []} />
            </section>
          </div>
          <aside className="summary-card checkout__summary" aria-label="Order summary">
            <h2 className="summary-card__title">Order Summary</h2>
            <PromotionCode applied={promotion?.code ?? null} reason={promotionReason} busy={quote.isFetching}
              onApply={(c) => { setError(null); setCode(c); }} onRemove={() => setCode(null)} />
            <OrderTotals itemsTotal={items.data?.totalAmount ?? 0} count={available.length} currency={currency}
              quote={quote.data} pending={quote.isFetching} />
            {quote.error && <p className="form-error" role="alert">{quote.error.message}</p>}
            {available.length === 0 && <p className="form-error" role="alert">None of these stones can be bought any more.</p>}
            {error && <p className="form-error" role="alert" data-testid="checkout-error">{error}</p>}
            <button type="button" className="button button--accent summary-card__cta" onClick={placeOrder}
              disabled={place.isPending || place.isSuccess || available.length === 0 || methodId === null} data-testid="place-order">
              {place.isPending || place.isSuccess ? 'Placing your order…' : 'Place Order'}
            </button>
            <p className="summary-card__note">Your stones are held for you while you pay.</p>
          </aside>
        </div>
      )}
    </div>
  );
}
