import type {
  COURIER_PARTNERS as ContractCourierPartners, MAX_RETURN_IMAGES as ContractMaxReturnImages,
  PRIMARY_ADDRESS_TYPE_ID as ContractPrimaryAddressTypeId, RAZORPAY_PAYMENT_METHOD_ID as ContractDefaultPaymentMethodId,
  RETURN_REASONS as ContractReturnReasons,
} from '@gemstore/contracts';

/*
 * Constants of packages/contracts/src/checkout.ts, repeated here because importing values from the
 * contracts' index would bundle zod into the browser. Each is typed by the contract's own constant
 * (a type-only import), so the two cannot drift apart without a type error.
 */

/** Spec section 9: the primary address. */
export const PRIMARY_ADDRESS_TYPE_ID: typeof ContractPrimaryAddressTypeId = 1;
/** Spec section 9: the default payment method. */
export const DEFAULT_PAYMENT_METHOD_ID: typeof ContractDefaultPaymentMethodId = 1001;
/** Spec section 5: return reasons and their labels. */
export const RETURN_REASONS: typeof ContractReturnReasons = { defective: 'Defective Product', wrong: 'Wrong Product', 'not-satisfied': 'Not Satisfied' };
/** Spec section 4: couriers a customer may name for an approved return. */
export const COURIER_PARTNERS: typeof ContractCourierPartners = ['Fedex', 'Delhivery'];
export const MAX_RETURN_IMAGES: typeof ContractMaxReturnImages = 5;
