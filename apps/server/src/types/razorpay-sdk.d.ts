/**
 * The Razorpay SDK's request layer and resources as its own published declarations describe them
 * (dist/types/*.d.ts): the package ships them apart from the JavaScript files they describe.
 */
declare module 'razorpay/dist/api.js' {
  const API: typeof import('razorpay/dist/types/api.js').default;
  export default API;
}
declare module 'razorpay/dist/resources/payments.js' {
  const payments: typeof import('razorpay/dist/types/payments.js').default;
  export default payments;
}
declare module 'razorpay/dist/resources/orders.js' {
  const orders: typeof import('razorpay/dist/types/orders.js').default;
  export default orders;
}
