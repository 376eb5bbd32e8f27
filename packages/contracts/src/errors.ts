/**
 * Every error code the API answers with, and the one HTTP status it comes with. An error answer's
 * body is `{ message, code }` (a 422's is `{ message, errors }`, field by field). The server can
 * raise no code that is not here, each with its own status (a type error otherwise), and the
 * clients narrow on `ErrorCode` rather than compare free strings. No zod here: the browser apps
 * import it.
 */
export const ERROR_STATUSES = {
  // Any call
  bad_request: 400,
  invalid_host: 400,
  validation_failed: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_found: 404,
  route_not_found: 404,
  unknown_store: 404,
  rate_limited: 429,
  database_unavailable: 503,
  media_unavailable: 503,
  draining: 503,
  internal_error: 500,

  // Signing in, customers and staff
  unauthenticated: 401,
  unauthorized: 401,
  invalid_staff_token: 401,
  forbidden: 403,
  account_blocked: 403,
  fresh_sign_in_required: 403,
  password_locked: 429,
  session_not_found: 404,
  staff_not_found: 404,
  staff_exists: 409,
  last_owner: 409,
  two_factor_required: 403,
  totp_required_by_store: 409,
  two_factor_not_enabled: 409,
  totp_enabled: 409,
  totp_disabled: 409,
  totp_not_started: 409,
  newsletter_link_invalid: 404,

  // Catalogue and content
  category_not_empty: 409,
  product_has_stones: 409,
  value_in_use: 409,
  stone_held_by_order: 409,
  stone_unavailable: 409,

  // Orders, payments, returns and refunds
  order_already_paid: 409,
  order_paid: 409,
  order_already_cancelled: 409,
  order_already_dispatched: 409,
  order_already_delivered: 409,
  order_cancelled: 409,
  order_not_paid: 409,
  order_not_dispatched: 409,
  order_refund_pending: 409,
  idempotency_key_reused: 409,
  invalid_return_status: 409,
  return_not_approved: 409,
  return_changed: 409,
  photo_link_expired: 403,
  payment_not_owed: 409,
  payment_already_refunded: 409,
  payments_unavailable: 409,
  line_already_refunded: 409,
  refund_exceeds_payment: 409,
  refund_in_progress: 409,
  refund_refused: 502,
  refund_unconfirmed: 502,
  amount_too_small: 422,
  payment_provider_error: 502,
  payment_provider_auth_failed: 502,
  payment_provider_not_configured: 503,

  // Discount codes (place-order refuses a code that does not apply with one of these)
  discount_unknown: 409,
  discount_paused: 409,
  discount_not_started: 409,
  discount_ended: 409,
  discount_used_up: 409,
  discount_used_by_you: 409,
  discount_below_minimum: 409,
  discount_not_applicable: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUSES;

/** The codes that come with this status (`ErrorCodeWith<404>`: not_found, unknown_store, …). */
export type ErrorCodeWith<S extends number> = { [C in ErrorCode]: (typeof ERROR_STATUSES)[C] extends S ? C : never }[ErrorCode];

export const ERROR_CODES = Object.keys(ERROR_STATUSES) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_STATUSES, value);
