import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/** The storefront's public paths, kept as they are (docs/architecture.md, "The storefront API and its addresses"). */
export default [
  index('routes/root-redirect.tsx'),
  // Development: the messages the outbox sender stored (the API has it only outside production).
  route('dev/outbox', 'routes/dev-outbox.tsx'),

  // Guest-only screens: a signed-in customer is sent to Dashboard.
  layout('routes/guest-only-layout.tsx', [
    // accounts: guest-only routes
    route('login', 'routes/login.tsx'),
    route('login-password', 'routes/login-password.tsx'),
    route('login-otp', 'routes/login-otp.tsx'),
    route('register', 'routes/register.tsx'),
    route('register-otp', 'routes/register-otp.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('forgot-password-otp', 'routes/forgot-password-otp.tsx'),
    route('forgot-password-create', 'routes/forgot-password-create.tsx'),
  ]),

  layout('routes/store-layout.tsx', [
    route('home', 'routes/home.tsx'),
    route('product/:productCategoryId/:productId', 'routes/product-listing.tsx'),
    route('item/:itemId', 'routes/item.tsx'),
    route('search', 'routes/search.tsx'),
    route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
    route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
    // blog/{page?}; a non-numeric single segment is a category (page 1).
    route('blog/:page?', 'routes/blog.tsx'),
    // blog/{categoryId}/{page} and blog/{categoryUrl}/{url}: a numeric second segment is a page number.
    route('blog/:category/:second', 'routes/blog-category-or-post.tsx'),
    // The cart: a guest's is kept in the browser; checkout asks for sign-in.
    route('cart', 'routes/cart.tsx'),

    // Login-required screens: a guest is sent to Login and the wanted path is remembered.
    layout('routes/require-auth-layout.tsx', [
      // accounts: login-required routes
      route('dashboard', 'routes/dashboard.tsx'),
      route('edit-profile', 'routes/edit-profile.tsx'),
      route('wishlist', 'routes/wishlist.tsx'),
      // checkout: login-required routes
      route('address', 'routes/address-index.tsx'),
      route('address/all', 'routes/address-list.tsx'),
      route('address/create', 'routes/address-create.tsx'),
      route('address/edit/:id?', 'routes/address-edit.tsx'),
      route('checkout', 'routes/checkout.tsx'),
      route('pay', 'routes/pay.tsx'),
      route('order', 'routes/order-index.tsx'),
      route('order/all', 'routes/order-list.tsx'),
      route('order/view/:id', 'routes/order-view.tsx'),
      route('create-return/:orderId', 'routes/create-return.tsx'),
    ]),

    route(':pageId', 'routes/static-page.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
