import { z } from 'zod';
import { SHIPPING_ZONES } from './shipping.ts';
import { CreditNoteSummary } from './admin-tax.ts';
import { Item } from './catalog.ts';
import { DISCOUNT_REFUSALS, MAX_ITEMS_PER_ORDER, RAZORPAY_PAYMENT_METHOD_ID } from './constants.ts';
import { OrderLineStage, OrderStage } from './order-states.ts';

/**
 * Addresses, cart, checkout, payment, orders, returns and enquiries of the storefront API.
 * Request bodies keep its camelCase names (itemIds, shippingAddressId, countryId ...);
 * answers keep its snake_case ones (country_id, address_type_id, placed_on ...). Field errors come
 * back as a 422 ValidationErrorBody keyed by the request's field names. Money in answers is in
 * rupees (docs/architecture.md, "Money"), except the Pay query's `amount`, which is in paise as Razorpay
 * Checkout expects it.
 */

const MAX_ID = 2_147_483_647;
/** A database id from a JSON body or a form field ("12" and 12 both read as 12). */
const IdWithMessage = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const Id = (what: string) => IdWithMessage(`Choose ${what}.`);

function text(label: string, max: number, required = true) {
  const base = z.string({ error: `Enter ${label}.` }).trim().max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max} characters.`);
  return required ? base.min(1, `Enter ${label}.`) : base;
}

export const OkResponse = z.object({ success: z.literal(true), message: z.string() });
export type OkResponse = z.infer<typeof OkResponse>;

// ---------- Addresses ----------

/**
 * Ids of the location lists (GET countries, states/{countryId}, cities/{stateId}) are strings
 * taken from ISO codes, so they stay the same when the place list is updated:
 * - a country's id is its ISO 3166-1 alpha-2 code ("IN");
 * - a state's id is its ISO 3166-2 code, country and subdivision ("IN-RJ"), unique worldwide;
 * - a city's id is its name ("Jaipur"): the data set gives cities no code.
 */
export const CountryId = z.string({ error: 'Choose a country.' }).trim().regex(/^[A-Z]{2}$/, 'Choose a country.');
export const StateId = z.string({ error: 'Choose a state.' }).trim().regex(/^[A-Z]{2}-[A-Z0-9-]{1,6}$/, 'Choose a state.');
export const CityId = z.string({ error: 'Choose a city.' }).trim().min(1, 'Choose a city.').max(100, 'Choose a city.');

export const Country = z.object({ id: z.string(), name: z.string(), phonecode: z.string() });
export type Country = z.infer<typeof Country>;
export const CountriesResponse = z.object({ countries: z.array(Country) });
export type CountriesResponse = z.infer<typeof CountriesResponse>;
export const Region = z.object({ id: z.string(), name: z.string() });
export type Region = z.infer<typeof Region>;
export const StatesResponse = z.object({ states: z.array(Region) });
export type StatesResponse = z.infer<typeof StatesResponse>;
export const CitiesResponse = z.object({ cities: z.array(Region) });
export type CitiesResponse = z.infer<typeof CitiesResponse>;
export const StatesParams = z.object({ countryId: CountryId });
export const CitiesParams = z.object({ stateId: StateId });

/** The address form. Label, address, landmark, locality and pincode are required in the form; name and phone are required too (the courier needs them). */
export const AddressFields = z.object({
  name: text('the name', 50),
  phone: z.string({ error: 'Enter a phone number.' }).trim().max(50, 'The phone number must be at most 50 characters.')
    .regex(/^\+?[0-9][0-9 ().-]{4,48}$/, 'Enter a valid phone number.')
    .refine((p) => { const d = p.replace(/\D/g, '').length; return d >= 6 && d <= 15; }, 'Enter a valid phone number.'),
  label: text('a label for this address', 50),
  countryId: CountryId,
  stateId: StateId,
  cityId: CityId,
  address: text('the address', 255),
  landmark: text('a landmark', 100),
  locality: text('the locality', 100),
  pincode: z.string({ error: 'Enter the pincode.' }).trim().min(1, 'Enter the pincode.').max(10, 'Enter a valid pincode.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/, 'Enter a valid pincode.'),
});
export type AddressFields = z.infer<typeof AddressFields>;

export const AddressSaveBody = z.object({ address: AddressFields });
export type AddressSaveBody = z.infer<typeof AddressSaveBody>;
/** address-update: the address with its id. */
export const AddressUpdateBody = z.object({ address: AddressFields.extend({ id: Id('an address') }) });
export type AddressUpdateBody = z.infer<typeof AddressUpdateBody>;
export const AddressIdBody = z.object({ addressId: Id('an address') });
export type AddressIdBody = z.infer<typeof AddressIdBody>;

export const Address = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  locality: z.string(),
  landmark: z.string(),
  pincode: z.string(),
  label: z.string(),
  country_id: z.string(),
  state_id: z.string(),
  city_id: z.string(),
  /** 1 = primary. */
  address_type_id: z.number(),
  city: z.object({ name: z.string() }),
  state: z.object({ name: z.string() }),
  country: z.object({ name: z.string() }),
});
export type Address = z.infer<typeof Address>;

export const AddressesResponse = z.object({ addresses: z.array(Address) });
export type AddressesResponse = z.infer<typeof AddressesResponse>;
export const AddressResponse = z.object({ address: Address, message: z.string() });
export type AddressResponse = z.infer<typeof AddressResponse>;
/** address-edit answers the form's values at the top level, as clients of the API read them. */
export const AddressEditResponse = Address.pick({
  id: true, name: true, phone: true, country_id: true, state_id: true, city_id: true,
  address: true, locality: true, landmark: true, pincode: true, label: true,
});
export type AddressEditResponse = z.infer<typeof AddressEditResponse>;

// ---------- Cart ----------

/** A stone as the cart, checkout and order lines show it; `status` tells whether it can still be bought. */
export const CartEntry = z.object({ id: z.number(), item: Item });
export type CartEntry = z.infer<typeof CartEntry>;
export const CartAllResponse = z.object({
  cart: z.array(CartEntry),
  /** Rupees, over the stones still available. */
  totalAmount: z.number(),
  /** How many of the stones are still available. */
  availableCount: z.number(),
});
export type CartAllResponse = z.infer<typeof CartAllResponse>;
export const CartSaveBody = z.object({ itemId: Id('a stone') });
export type CartSaveBody = z.infer<typeof CartSaveBody>;
export const CartSaveResponse = z.object({ cart: CartEntry, message: z.string() });
export type CartSaveResponse = z.infer<typeof CartSaveResponse>;
export const CartDeleteBody = z.object({ cartId: Id('a cart entry') });
export type CartDeleteBody = z.infer<typeof CartDeleteBody>;

/** A JSON list of stone ids (the checkout query carries it as a string, so "[1,2]" is read too). */
export const ItemIds = z.preprocess((v) => {
  if (typeof v === 'string') {
    try { return JSON.parse(v); } catch { return v; }
  }
  return v;
}, z.array(Id('a stone'), { error: 'Choose at least one stone.' })
  .min(1, 'Choose at least one stone.').max(MAX_ITEMS_PER_ORDER, `At most ${MAX_ITEMS_PER_ORDER} stones fit in one order.`)
  .transform((ids) => [...new Set(ids)]));

export const ItemsByIdsBody = z.object({ itemIds: ItemIds });
export type ItemsByIdsBody = z.infer<typeof ItemsByIdsBody>;
export const ItemsByIdsResponse = z.object({
  items: z.array(Item),
  /** Rupees, over the stones still available (sold or reserved ones cannot be bought). */
  totalAmount: z.number(),
});
export type ItemsByIdsResponse = z.infer<typeof ItemsByIdsResponse>;

/** A guest's cart kept in the browser, newest first, joining the account at sign-in or registration. */
export const CartMergeBody = z.object({ itemIds: ItemIds });
export type CartMergeBody = z.infer<typeof CartMergeBody>;
/** The cart after the merge, with how many of the stones were new to it. */
export const CartMergeResponse = CartAllResponse.extend({ added: z.number(), message: z.string() });
export type CartMergeResponse = z.infer<typeof CartMergeResponse>;

// ---------- Checkout and payment ----------

export const PaymentMethod = z.object({ id: z.number(), name: z.string() });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodsResponse = z.object({ paymentMethods: z.array(PaymentMethod) });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

export const PlaceOrderBody = z.object({
  itemIds: ItemIds,
  /** The alert's text when no shipping address is chosen. */
  shippingAddressId: IdWithMessage('Select Or Create Address'),
  /** Billing address: the shipping address when absent. */
  billingAddressId: z.preprocess((v) => (v === '' || v === null ? undefined : v), Id('a billing address').optional()),
  paymentMethodId: Id('a payment method').default(RAZORPAY_PAYMENT_METHOD_ID),
  /** Where the order was placed from (the web's origin); kept for the record, never used to redirect. */
  origin: z.string().trim().max(200, 'The origin must be at most 200 characters.').default(''),
  /** A discount code the customer entered; every rule is checked again as the order is written. */
  discountCode: z.string().trim().max(30, 'A code must be at most 30 characters.').optional(),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;
export const PlaceOrderResponse = z.object({
  /** The web's Pay page for this order: /pay?orderId=… */
  url: z.string(),
  orderId: z.number(),
  /** The order's number as the customer reads it (`RG-12`, `#12`). */
  orderNumber: z.string(),
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

/** The checkout's figures for these stones shipped to this address of the customer, with the code they typed. */
export const CheckoutQuoteBody = z.object({
  itemIds: ItemIds,
  /** Absent until the customer has an address: the stones and the code are quoted, shipping and the total wait for it. */
  shippingAddressId: IdWithMessage('Select Or Create Address').optional(),
  /** The discount code the customer typed; empty or absent: none. */
  code: z.string().trim().max(30, 'A code must be at most 30 characters.').optional(),
});
export type CheckoutQuoteBody = z.infer<typeof CheckoutQuoteBody>;

export const QuoteLine = z.object({
  item_id: z.number(),
  name: z.string(),
  /** The stone's price, rupees. */
  amount: z.number(),
  /** Its share of the discount. */
  discount: z.number(),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

/**
 * The Review Order lines, in rupees: the stones still available, the promotion the code takes off
 * (or why it does not apply), shipping to the address's zone, the total to pay and the GST it
 * includes (0 for a shop outside India). Without an address, shipping, its zone, the total and the
 * GST are null: they depend on where the stones go.
 */
export const CheckoutQuoteResponse = z.object({
  lines: z.array(QuoteLine),
  stones_amount: z.number(),
  /** The code that applies and what it takes off; null when none does. */
  promotion: z.object({ code: z.string(), amount: z.number(), label: z.string() }).nullable(),
  /** Why the code typed does not apply; null when it does or none was typed. */
  promotion_error: z.object({ code: z.enum(DISCOUNT_REFUSALS), message: z.string() }).nullable(),
  shipping_amount: z.number().nullable(),
  zone: z.enum(SHIPPING_ZONES).nullable(),
  /** The zone's free-from order value (rupees), when it has one. */
  free_shipping_from: z.number().nullable(),
  total_amount: z.number().nullable(),
  tax_included: z.number().nullable(),
});
export type CheckoutQuoteResponse = z.infer<typeof CheckoutQuoteResponse>;

export const OrderIdBody = z.object({ orderId: Id('an order') });
export type OrderIdBody = z.infer<typeof OrderIdBody>;

/**
 * retry-pay: the query the Pay page passes on (the storefront API's names), plus `url`, the payment page on this
 * server to send the browser to. `amount` is in paise; `order_id` is the payment provider's order
 * id; `token` is a short-lived signed pass for the payment page (never the sign-in token).
 */
export const PayQuery = z.object({
  key: z.string(),
  amount: z.number(),
  currency: z.literal('INR'),
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  order_id: z.string(),
  store_order_id: z.number(),
  /** The order's number as the customer reads it (`RG-12`, `#12`). */
  order_number: z.string(),
  token: z.string(),
  provider: z.enum(['sandbox', 'razorpay']),
  url: z.string(),
});
export type PayQuery = z.infer<typeof PayQuery>;

// ---------- Orders ----------

export const OrderStatus = z.enum(['pending', 'paid', 'expired', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** An address as it was when the order was placed: the names, not the (since editable) place ids. */
export const OrderAddress = Address.omit({ country_id: true, state_id: true, city_id: true, address_type_id: true });
export type OrderAddress = z.infer<typeof OrderAddress>;

/** A discount code an order used and what it took off (rupees), as every screen, email and document names it. */
export const OrderPromotion = z.object({ code: z.string(), amount: z.number() });
export type OrderPromotion = z.infer<typeof OrderPromotion>;

export const OrderLine = z.object({
  /** The order line id (the return form's detailIds). */
  id: z.number(),
  item: Item.extend({ iname: z.string() }),
  /** Rupees: the stone's price, and what it was sold for (price less its share of the order's discount). */
  product_amount: z.number(),
  total_amount: z.number(),
  /** Already part of a return request. */
  returned: z.boolean(),
  /** Where this stone stands once a return or refund touched it (return requested, returned, refunded); null before. */
  stage: OrderLineStage.nullable(),
  stage_label: z.string().nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderPayment = z.object({
  id: z.number(),
  razorpay_payment_id: z.string(),
  /** Rupees. */
  amount: z.number(),
  status: z.string(),
  status_label: z.string(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

export const OrderDispatch = z.object({
  courier_partner: z.string(), tracking_number: z.string(), dispatched_on: z.string(),
  /** The courier's page for the parcel; null for a dispatch whose courier was typed as free text. */
  tracking_url: z.string().nullable(),
  /** When the shop marked the parcel delivered; null until then. */
  delivered_on: z.string().nullable(),
});
export type OrderDispatch = z.infer<typeof OrderDispatch>;

// ---------- Returns ----------

export const ReturnReason = z.enum(['defective', 'wrong', 'not-satisfied'], { error: 'Choose a reason.' });
export type ReturnReason = z.infer<typeof ReturnReason>;
export const ReturnStatus = z.enum(['requested', 'approved', 'picked_up', 'rejected', 'received', 'refunded']);
export type ReturnStatus = z.infer<typeof ReturnStatus>;
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested', approved: 'Approved', picked_up: 'Picked Up', rejected: 'Rejected', received: 'Received', refunded: 'Refunded',
};

export const ReturnRequest = z.object({
  id: z.number(),
  placed_on: z.string(),
  total_qty: z.number(),
  status: ReturnStatus,
  status_label: z.string(),
  reason: ReturnReason,
  reason_label: z.string(),
  comment: z.string(),
  images: z.array(z.object({ id: z.number(), path: z.string() })),
  courier_partner: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The courier's page for the parcel sent back; null until it is sent, or for a courier typed as free text. */
  tracking_url: z.string().nullable(),
  /** Why the shop rejected the return (status rejected); null otherwise. */
  rejection_reason: z.string().nullable(),
  /** The returned order lines. */
  details: z.array(z.object({ id: z.number(), item: Item.extend({ iname: z.string() }) })),
});
export type ReturnRequest = z.infer<typeof ReturnRequest>;

/**
 * return-request-create is multipart: orderId, reason, comment, detailIds[i] (order line ids) and
 * images[i] (JPEG, PNG or WebP, at most 5 of at most 5 MB each). This schema is the form's fields
 * after the files are taken out; field errors use these names.
 */
export const ReturnCreateFields = z.object({
  orderId: Id('an order'),
  reason: ReturnReason,
  comment: z.string().trim().max(2000, 'The comment must be at most 2000 characters.').default(''),
  detailIds: z.array(Id('the stones to return'), { error: 'Choose the stones to return.' })
    .min(1, 'Choose the stones to return.').max(MAX_ITEMS_PER_ORDER, 'Choose the stones to return.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each stone can be chosen once.'),
});
export type ReturnCreateFields = z.infer<typeof ReturnCreateFields>;
export const ReturnCreateResponse = z.object({ returnRequest: ReturnRequest, orderId: z.number(), message: z.string() });
export type ReturnCreateResponse = z.infer<typeof ReturnCreateResponse>;

export const ReturnTrackingBody = z.object({
  returnId: Id('a return request'),
  /** One of the shop's couriers that are on (GET /couriers). */
  courierId: Id('a courier'),
  trackingNumber: z.string({ error: 'Enter the tracking number.' }).trim().min(4, 'Enter the tracking number.')
    .max(40, 'The tracking number must be at most 40 characters.')
    .regex(/^[A-Za-z0-9-]+$/, 'The tracking number holds only letters, digits and dashes.'),
});
export type ReturnTrackingBody = z.infer<typeof ReturnTrackingBody>;
export const ReturnTrackingResponse = z.object({ returnRequest: ReturnRequest, message: z.string() });
export type ReturnTrackingResponse = z.infer<typeof ReturnTrackingResponse>;

/** One step of the order as its customer sees it (placed, paid, dispatched, each step of a return, refunds). */
export const OrderTimelineEntry = z.object({
  at: z.string(),
  kind: z.string(),
  label: z.string(),
  /** The step's facts in a line (courier and tracking number, an amount, why a return was rejected); may be empty. */
  detail: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

/** Money sent back to the customer: a refund made (processed) or on its way (pending). */
export const OrderRefund = z.object({
  /** Rupees. */
  amount: z.number(),
  status: z.enum(['pending', 'processed']),
  status_label: z.string(),
  /** When it was made (processed), or asked of the payment provider (pending). */
  at: z.string(),
  /** `stones`: stones of the order; `payment`: a payment that could not buy the stones, sent back whole. */
  of: z.enum(['stones', 'payment']),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const Order = z.object({
  /** The order's id: its address (/order/view/{id}) and the id the order calls take. */
  id: z.number(),
  /** The order's number in the shop's own series, from 1. */
  number: z.number(),
  /** The number as the customer reads it, with the shop's prefix: `RG-12`, or `#12`. */
  order_number: z.string(),
  placed_on: z.string(),
  /** The payment's state only (pending, paid, expired, cancelled); `stage` says where the order stands. */
  status: OrderStatus,
  status_label: z.string(),
  /** Where the order stands now (awaiting payment ... delivered, return requested, returned, refunded). */
  stage: OrderStage,
  stage_label: z.string(),
  total_qty: z.number(),
  /** Rupees: the stones' prices, the discount code's promotion (null: none), shipping, and what was charged (stones - discount + shipping). */
  promotion: OrderPromotion.nullable(),
  total_amount: z.number(),
  /** Rupees: the stones' prices added up. */
  stones_amount: z.number(),
  /** Rupees charged for shipping (0: shipped free). */
  shipping_amount: z.number(),
  /**
   * A shop that shows dollars: the dollars the order was shown at checkout, at that day's rate
   * (dollars per rupee); the customer was charged total_amount in rupees. Null for a rupee shop.
   */
  shown_in_usd: z.object({ usd_rate: z.number(), total: z.number() }).nullable(),
  /** Rupees refunded so far (processed refunds). */
  refunded_amount: z.number(),
  /** When the latest processed refund was made; null when none. */
  refunded_on: z.string().nullable(),
  /** Rupees: what the customer paid, less what was refunded. */
  net_paid: z.number(),
  /** Refunds made or on their way, oldest first (failed ones are left out). */
  refunds: z.array(OrderRefund),
  /** GST credit notes issued for refunds of the order, oldest first. */
  credit_notes: z.array(CreditNoteSummary),
  /** Until when the stones are held for payment (pending orders). */
  reserved_until: z.string(),
  shipping_address2: OrderAddress,
  billing_address2: OrderAddress,
  payment_method_id: z.number(),
  details: z.array(OrderLine),
  payment: OrderPayment.nullable(),
  order_dispatch: OrderDispatch.nullable(),
  returns: z.array(ReturnRequest),
  /** Money arrived that could not buy the stones (late or double payment): the shop refunds it. */
  refund_pending: z.boolean(),
  can_retry_payment: z.boolean(),
  /** The order's steps, oldest first. */
  timeline: z.array(OrderTimelineEntry),
});
export type Order = z.infer<typeof Order>;
export const OrdersResponse = z.object({ orders: z.array(Order) });
export type OrdersResponse = z.infer<typeof OrdersResponse>;
export const OrderResponse = z.object({ order: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;

// ---------- Enquiries ----------

export const EnquiryBody = z.object({
  name: text('your name', 50),
  email: z.string({ error: 'Enter your email.' }).trim().min(1, 'Enter your email.').max(64, 'The email must be at most 64 characters.')
    .pipe(z.email('Enter a valid email address.')),
  phone: z.string({ error: 'Enter your phone number.' }).trim().min(1, 'Enter your phone number.').max(50, 'The phone number must be at most 50 characters.')
    .refine((p) => /^\+?[0-9][0-9 ().-]*$/.test(p) && p.replace(/\D/g, '').length >= 6 && p.replace(/\D/g, '').length <= 15, 'Enter a valid phone number.'),
  message: text('your message', 2000),
});
export type EnquiryBody = z.infer<typeof EnquiryBody>;
export const EnquiryResponse = z.object({ success: z.literal(true), message: z.string() });
export type EnquiryResponse = z.infer<typeof EnquiryResponse>;
