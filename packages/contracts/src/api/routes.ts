import type { Route } from './endpoint.ts';

/**
 * Every call of the storefront API: name, method, path, who may call, and one line for the
 * reference page. Zod-free, so the browser's client can use it; endpoints.ts adds the schemas under
 * the same names. Paths and bodies are kept as the API's clients know them, aliases included
 * (docs/architecture.md, "The storefront API and its addresses").
 */
const route = <R extends Route>(r: R) => r;

export const storeRoutes = {
  storeProfile: route({ method: 'GET', path: '/store-profile', access: 'public', summary: "The store's profile (logo, contacts, currency) and its pages outside any category." }),
  checkDomain: route({ method: 'GET', path: '/check-domain/:domain', access: 'public', tenant: false, summary: 'Whether a store is set up for a domain.' }),
} as const;

export const catalogRoutes = {
  rootCategories: route({ method: 'GET', path: '/categories', access: 'public', summary: "The store's root category with its child categories and their products." }),
  categories: route({ method: 'GET', path: '/categories/:id', access: 'public', summary: 'A category (id or friendly url) with its child categories and their products.' }),
  products: route({ method: 'GET', path: '/products', access: 'public', summary: 'Every product (gem type) of the store.' }),
  productAttributes: route({ method: 'GET', path: '/product-attributes/:id', access: 'public', summary: "A product's filter values (grades, colours, ...) with the count of available stones of each." }),
  rattis: route({ method: 'GET', path: '/rattis', access: 'public', summary: "The store's ratti buckets." }),
  productItemsOf: route({ method: 'GET', path: '/product-items/:id', access: 'public', summary: 'One page of the available stones of a product, unfiltered.' }),
  productItems: route({ method: 'POST', path: '/product-items', access: 'public', summary: 'One page (?page=n) of the available stones of a product, filtered and sorted.' }),
  itemsByFilter: route({ method: 'POST', path: '/items-by-filter', access: 'public', summary: 'The same listing with the filter and page in the body.' }),
  itemDetails: route({ method: 'GET', path: '/item-details/:id', access: 'public', summary: 'One stone by friendly url or id.' }),
  itemRelated: route({ method: 'GET', path: '/item-related/:id', access: 'public', summary: 'Available stones of the same gem, nearest in weight and price first.' }),
  stoneCounts: route({ method: 'POST', path: '/stone-counts', access: 'public', summary: "The available stones a listing's or search's selection leaves, and beside every filter value the count with it chosen." }),
  search: route({ method: 'POST', path: '/search', access: 'public', summary: 'One page (?page=n) of the available stones matching the search text (SKU, certificate, gem name or alias, colour, origin, shape; typos forgiven) and the filter.' }),
  searchSuggestions: route({ method: 'GET', path: '/search-suggestions', access: 'public', summary: 'Gem types, stones and pages for the text typed so far (?q=), for the search box.' }),
} as const;

export const contentRoutes = {
  pageCategories: route({ method: 'GET', path: '/page-categories-all', access: 'public', summary: 'Page categories with their pages (menus, footer).' }),
  policyPages: route({ method: 'GET', path: '/policy-pages', access: 'public', summary: 'The pages of the Policies category.' }),
  knowUsPages: route({ method: 'GET', path: '/know-us-pages', access: 'public', summary: 'The pages of the Know Us category.' }),
  page: route({ method: 'GET', path: '/page/:id', access: 'public', summary: 'A static page by url or id.' }),
  posts: route({ method: 'GET', path: '/posts', access: 'public', summary: 'Published blog posts, newest first (?page=n).' }),
  postsByCategory: route({ method: 'GET', path: '/posts-by-category-id/:id', access: 'public', summary: 'Published posts of one category (id or slug).' }),
  postCategories: route({ method: 'GET', path: '/post-categories', access: 'public', summary: 'Blog categories.' }),
  post: route({ method: 'GET', path: '/post/:url', access: 'public', summary: 'One published post by its friendly url.' }),
} as const;

export const authRoutes = {
  authUser: route({ method: 'POST', path: '/auth-user', access: 'customer', summary: 'The signed-in customer.' }),
  logout: route({ method: 'POST', path: '/logout', access: 'customer', summary: 'Ends this sign-in (the token stops working).' }),
  login: route({ method: 'POST', path: '/login', access: 'public', summary: 'Starts sign-in with an email or mobile number.' }),
  loginPasswordSubmit: route({ method: 'POST', path: '/login-password-submit', access: 'public', summary: 'Signs in with the password (or asks to verify an unverified account).' }),
  loginWithPassword: route({ method: 'POST', path: '/login-with-password', access: 'public', summary: 'Alias of login-password-submit.' }),
  loginSendOtp: route({ method: 'POST', path: '/login-send-otp', access: 'public', summary: 'Sends a sign-in code to the identifier typed at Login.' }),
  loginOtpVerify: route({ method: 'POST', path: '/login-otp-verify', access: 'public', summary: 'Signs in with a sign-in code.' }),
  loginResendOtp: route({ method: 'POST', path: '/login-resend-otp', access: 'public', summary: 'A new sign-in code in place of the last.' }),
  loginVoiceOtp: route({ method: 'POST', path: '/login-voice-otp', access: 'public', summary: 'A new sign-in code by voice call.' }),
  register: route({ method: 'POST', path: '/register', access: 'public', summary: 'Creates an account and sends verification codes.' }),
  userRegister: route({ method: 'POST', path: '/user-register', access: 'public', summary: 'Alias of register.' }),
  registerOtpVerify: route({ method: 'POST', path: '/register-otp-verify', access: 'public', summary: 'Verifies a new account with its codes and signs in.' }),
  userVerifyOtp: route({ method: 'POST', path: '/user-verify-otp', access: 'public', summary: 'Alias of register-otp-verify.' }),
  registerResendOtp: route({ method: 'POST', path: '/register-resend-otp', access: 'public', summary: 'A new verification code in place of the last.' }),
  registerVoiceOtp: route({ method: 'POST', path: '/register-voice-otp', access: 'public', summary: 'A new verification code by voice call.' }),
  forgotPasswordSendOtp: route({ method: 'POST', path: '/forgot-password-send-otp', access: 'public', summary: 'Starts a password reset with an email or mobile number.' }),
  forgotPassword: route({ method: 'POST', path: '/forgot-password', access: 'public', summary: 'Starts a password reset by email.' }),
  forgotPasswordOtpSubmit: route({ method: 'POST', path: '/forgot-password-otp-submit', access: 'public', summary: 'Checks the reset code; answers a single-use verification token.' }),
  forgotPasswordResendOtp: route({ method: 'POST', path: '/forgot-password-resend-otp', access: 'public', summary: 'A new reset code in place of the last.' }),
  forgotPasswordVoiceOtp: route({ method: 'POST', path: '/forgot-password-voice-otp', access: 'public', summary: 'A new reset code by voice call.' }),
  submitNewPassword: route({ method: 'POST', path: '/submit-new-password', access: 'public', summary: 'Sets a new password with the verification token.' }),
} as const;

export const customerRoutes = {
  countryCodes: route({ method: 'GET', path: '/country-codes', access: 'public', summary: 'Telephone country codes.' }),
  updateProfile: route({ method: 'POST', path: '/update-profile', access: 'customer', summary: "Changes the customer's profile." }),
  userUpdate: route({ method: 'POST', path: '/user-update', access: 'customer', summary: "Changes the customer's name, email and mobile number." }),
  verifyProfileIdentifier: route({ method: 'POST', path: '/verify-profile-identifier', access: 'customer', summary: 'Applies a new email or mobile number once the code sent to it comes back.' }),
  profileResendOtp: route({ method: 'POST', path: '/profile-resend-otp', access: 'customer', summary: 'A new code for a pending email or mobile number.' }),
  profileVoiceOtp: route({ method: 'POST', path: '/profile-voice-otp', access: 'customer', summary: 'A new code for a pending mobile number, by voice call.' }),
  customerUpdatePassword: route({ method: 'POST', path: '/customer-update-password', access: 'customer', summary: 'Changes the password; other sign-ins end.' }),
} as const;

export const addressRoutes = {
  addresses: route({ method: 'POST', path: '/address', access: 'customer', summary: "The customer's addresses, primary first." }),
  countries: route({ method: 'GET', path: '/countries', access: 'public', summary: 'Countries.' }),
  states: route({ method: 'GET', path: '/states/:countryId', access: 'public', summary: 'States of a country.' }),
  cities: route({ method: 'GET', path: '/cities/:stateId', access: 'public', summary: 'Cities of a state.' }),
  addressSave: route({ method: 'POST', path: '/address-save', access: 'customer', summary: 'Adds an address.' }),
  addressUpdate: route({ method: 'POST', path: '/address-update', access: 'customer', summary: 'Changes an address.' }),
  addressEdit: route({ method: 'POST', path: '/address-edit', access: 'customer', summary: "An address's form values." }),
  addressDelete: route({ method: 'POST', path: '/address-delete', access: 'customer', summary: 'Deletes an address (not the primary one).' }),
  addressSetPrimary: route({ method: 'POST', path: '/address-set-primary', access: 'customer', summary: 'Makes an address the primary one.' }),
} as const;

export const cartRoutes = {
  cartAll: route({ method: 'POST', path: '/cart-all', access: 'customer', summary: 'The cart with its total.' }),
  cartSave: route({ method: 'POST', path: '/cart-save', access: 'customer', summary: 'Adds a stone to the cart.' }),
  cartDelete: route({ method: 'POST', path: '/cart-delete', access: 'customer', summary: 'Removes a cart line.' }),
  cartMerge: route({ method: 'POST', path: '/cart-merge', access: 'customer', summary: 'Adds the stones of a guest\'s cart kept in the browser, skipping those already in the cart.' }),
  itemsByIds: route({ method: 'POST', path: '/items-by-ids', access: 'public', summary: 'Stones by id with their total (checkout review).' }),
} as const;

export const wishlistRoutes = {
  wishlist: route({ method: 'GET', path: '/wishlist', access: 'customer', summary: "The customer's wishlist, newest first; sold and reserved stones stay, with their status." }),
  wishlistSave: route({ method: 'POST', path: '/wishlist-save', access: 'customer', summary: 'Adds a stone of the store to the wishlist (again: no change).' }),
  wishlistDelete: route({ method: 'POST', path: '/wishlist-delete', access: 'customer', summary: 'Takes a stone off the wishlist.' }),
} as const;

export const orderRoutes = {
  paymentMethods: route({ method: 'POST', path: '/payment-methods', access: 'customer', summary: "The store's payment methods." }),
  checkoutQuote: route({ method: 'POST', path: '/checkout-quote', access: 'customer', summary: "The Review Order figures of these stones shipped to one of the customer's addresses: each line, the promotion a code gives (or why it does not apply), shipping, the total and the GST it includes." }),
  placeOrder: route({ method: 'POST', path: '/place-order', access: 'customer', summary: 'Places an order and reserves its stones; a discount code is checked again as the order is written (409 with the reason it does not apply).' }),
  orders: route({ method: 'POST', path: '/orders', access: 'customer', summary: "The customer's orders, newest first." }),
  order: route({ method: 'POST', path: '/order', access: 'customer', summary: 'One order with its payment, dispatch and returns.' }),
  retryPay: route({ method: 'POST', path: '/retry-pay', access: 'customer', summary: 'Makes an unpaid order payable; answers the payment page query.' }),
} as const;

export const returnRoutes = {
  returnRequestCreate: route({ method: 'POST', path: '/return-request-create', access: 'customer', summary: 'Requests a return of dispatched stones, with photos (multipart).' }),
  returnPhoto: route({ method: 'GET', path: '/return-request-photo/:imageId', access: 'public', summary: 'A return photo, through the signed, expiring link of its order answer.' }),
  returnTracking: route({ method: 'POST', path: '/return-request-tracking-details-submit', access: 'customer', summary: 'Courier and tracking number of an approved return.' }),
} as const;

export const enquiryRoutes = {
  enquiry: route({ method: 'POST', path: '/enquiry', access: 'public', summary: "Sends a message to the store (the footer's enquiry form)." }),
} as const;

export const newsletterRoutes = {
  newsletterSubscribe: route({ method: 'POST', path: '/newsletter-subscribe', access: 'public', summary: 'Asks to join the newsletter: a confirmation link goes to the address.' }),
  newsletterConfirm: route({ method: 'POST', path: '/newsletter-confirm', access: 'public', summary: "Confirms a newsletter sign-up with the emailed link's token." }),
  newsletterUnsubscribe: route({ method: 'POST', path: '/newsletter-unsubscribe', access: 'public', summary: 'Takes an address off the newsletter with the signed link in every newsletter email.' }),
} as const;

/** The newsletter's list for staff (capability `orders`, like the customers: every role). */
export const adminNewsletterRoutes = {
  adminNewsletter: route({ method: 'GET', path: '/admin/newsletter', access: 'staff', capability: 'orders', summary: "The newsletter's addresses, newest first, by status (confirmed, pending, unsubscribed), with the counts of each." }),
  adminNewsletterExport: route({ method: 'GET', path: '/admin/newsletter/export.csv', access: 'staff', capability: 'orders', summary: 'The confirmed subscribers (never a pending or unsubscribed address) as CSV.' }),
} as const;

export const paymentRoutes = {
  razorpayWebhook: route({ method: 'POST', path: '/payments/razorpay/webhook', access: 'provider', summary: "Razorpay's webhook (signed raw body)." }),
  sandboxPage: route({ method: 'GET', path: '/pay/sandbox/:orderId', access: 'public', root: true, summary: "The built-in sandbox provider's payment page (opened with the signed pass)." }),
  razorpayPage: route({ method: 'GET', path: '/pay/razorpay/:orderId', access: 'public', root: true, summary: 'The Razorpay Checkout page (opened with the signed pass).' }),
  paymentCallback: route({ method: 'POST', path: '/pay/callback/:orderId', access: 'public', root: true, summary: "The payment page's signed result; redirects to the order." }),
} as const;

/** The back office's catalogue (capability `catalogue`: every role). */
const catalogue = { access: 'staff', capability: 'catalogue' } as const;
export const adminCatalogRoutes = {
  adminCatalog: route({ method: 'GET', path: '/admin/catalog', ...catalogue, summary: 'Categories, products, attribute lists and ratti buckets, for the catalogue forms.' }),
  adminCreateCategory: route({ method: 'POST', path: '/admin/categories', ...catalogue, summary: 'Adds a category.' }),
  adminUpdateCategory: route({ method: 'PUT', path: '/admin/categories/:id', ...catalogue, summary: 'Changes a category.' }),
  adminDeleteCategory: route({ method: 'DELETE', path: '/admin/categories/:id', ...catalogue, summary: 'Removes an empty category.' }),
  adminCreateProduct: route({ method: 'POST', path: '/admin/products', ...catalogue, summary: 'Adds a product (gem type).' }),
  adminUpdateProduct: route({ method: 'PUT', path: '/admin/products/:id', ...catalogue, summary: 'Changes a product.' }),
  adminDeleteProduct: route({ method: 'DELETE', path: '/admin/products/:id', ...catalogue, summary: 'Removes a product without stones.' }),
  adminCreateAttributeValue: route({ method: 'POST', path: '/admin/attributes/:kind', ...catalogue, summary: 'Adds a value to one of the attribute lists (grade, color, clarity, shape, origin).' }),
  adminUpdateAttributeValue: route({ method: 'PUT', path: '/admin/attributes/:kind/:id', ...catalogue, summary: 'Renames or reorders an attribute value.' }),
  adminDeleteAttributeValue: route({ method: 'DELETE', path: '/admin/attributes/:kind/:id', ...catalogue, summary: 'Removes an attribute value no stone uses.' }),
  adminStones: route({ method: 'GET', path: '/admin/stones', ...catalogue, summary: 'Stones in every status, filtered, searched by SKU or certificate number, sorted and paged.' }),
  adminStone: route({ method: 'GET', path: '/admin/stones/:id', ...catalogue, summary: 'One stone as staff edit it.' }),
  adminCreateStone: route({ method: 'POST', path: '/admin/stones', ...catalogue, summary: 'Adds a stone (draft, available or hidden).' }),
  adminUpdateStone: route({ method: 'PUT', path: '/admin/stones/:id', ...catalogue, summary: 'Changes a stone; reserved and sold stones keep their status.' }),
  adminBulkStones: route({ method: 'POST', path: '/admin/stones/bulk', ...catalogue, summary: 'Shows, hides or re-prices many stones at once.' }),
  adminStonesExport: route({ method: 'GET', path: '/admin/stones/export.csv', ...catalogue, summary: "The stone list's stones (same filters, search and sort, every page) as CSV, in the import's columns." }),
} as const;

/** Bulk import of stones from CSV: a dry run, then a background job any replica may run. */
export const adminImportRoutes = {
  adminImportUpload: route({ method: 'POST', path: '/admin/imports', ...catalogue, summary: 'Uploads a CSV of stones (multipart field `file`): with dry_run, the report of bad rows (nothing written); else a queued import job.' }),
  adminImportJobs: route({ method: 'GET', path: '/admin/imports', ...catalogue, summary: "The store's recent import jobs, newest first." }),
  adminImportJob: route({ method: 'GET', path: '/admin/imports/:id', ...catalogue, summary: "An import job's progress and its report of bad rows." }),
} as const;

/** The back office's blog, pages and home page (capability `content`: every role). */
const content = { access: 'staff', capability: 'content' } as const;
export const adminContentRoutes = {
  adminPosts: route({ method: 'GET', path: '/admin/posts', ...content, summary: 'Blog posts, drafts included, newest first, filtered by status and category, searched by title (?page=n).' }),
  adminPost: route({ method: 'GET', path: '/admin/posts/:id', ...content, summary: 'One post as staff edit it.' }),
  adminCreatePost: route({ method: 'POST', path: '/admin/posts', ...content, summary: 'Adds a post (draft or published); its HTML is sanitised.' }),
  adminUpdatePost: route({ method: 'PUT', path: '/admin/posts/:id', ...content, summary: 'Changes a post; its HTML is sanitised.' }),
  adminDeletePost: route({ method: 'DELETE', path: '/admin/posts/:id', ...content, summary: 'Removes a post.' }),
  adminPostCategories: route({ method: 'GET', path: '/admin/post-categories', ...content, summary: 'Blog categories with their number of posts.' }),
  adminCreatePostCategory: route({ method: 'POST', path: '/admin/post-categories', ...content, summary: 'Adds a blog category.' }),
  adminUpdatePostCategory: route({ method: 'PUT', path: '/admin/post-categories/:id', ...content, summary: 'Renames a blog category or changes its friendly url.' }),
  adminDeletePostCategory: route({ method: 'DELETE', path: '/admin/post-categories/:id', ...content, summary: 'Removes a blog category (its posts stay, without it).' }),
  adminPages: route({ method: 'GET', path: '/admin/pages', ...content, summary: 'Every static page (without its text) and page category.' }),
  adminPage: route({ method: 'GET', path: '/admin/pages/:id', ...content, summary: 'One static page as staff edit it.' }),
  adminCreatePage: route({ method: 'POST', path: '/admin/pages', ...content, summary: 'Adds a static page; its HTML is sanitised.' }),
  adminUpdatePage: route({ method: 'PUT', path: '/admin/pages/:id', ...content, summary: 'Changes a static page; its HTML is sanitised.' }),
  adminDeletePage: route({ method: 'DELETE', path: '/admin/pages/:id', ...content, summary: 'Removes a static page.' }),
  adminCreatePageCategory: route({ method: 'POST', path: '/admin/page-categories', ...content, summary: 'Adds a page category (a menu of pages).' }),
  adminUpdatePageCategory: route({ method: 'PUT', path: '/admin/page-categories/:id', ...content, summary: 'Renames or reorders a page category.' }),
  adminDeletePageCategory: route({ method: 'DELETE', path: '/admin/page-categories/:id', ...content, summary: 'Removes a page category without pages.' }),
  adminHome: route({ method: 'GET', path: '/admin/home', ...content, summary: "The home page's slider and banners." }),
  adminUpdateHome: route({ method: 'PUT', path: '/admin/home', ...content, summary: "Replaces the home page's slider and banners (in their order)." }),
} as const;

/** The store's profile (capability `settings`) and payment settings (capability `payment_settings`: owners). */
export const adminSettingsRoutes = {
  adminStoreProfile: route({ method: 'GET', path: '/admin/settings/profile', access: 'staff', capability: 'settings', summary: "The store profile: name, logo, contacts, social links, map and currency." }),
  adminUpdateStoreProfile: route({ method: 'PUT', path: '/admin/settings/profile', access: 'staff', capability: 'settings', summary: 'Changes the store profile; the storefront shows it at once.' }),
  adminShippingSettings: route({ method: 'GET', path: '/admin/settings/shipping', access: 'staff', capability: 'settings', summary: 'The shipping charge per order in the shop\'s own country and abroad, each with the order value it is free from.' }),
  adminShippingSettingsUpdate: route({ method: 'PUT', path: '/admin/settings/shipping', access: 'staff', capability: 'settings', summary: 'Changes the shipping rates; orders already placed keep what they were charged.' }),
  adminPaymentSettings: route({ method: 'GET', path: '/admin/settings/payments', access: 'staff', capability: 'payment_settings', summary: 'Payment provider, reservation minutes and payment methods, with the providers this server can run.' }),
  adminUpdatePaymentSettings: route({ method: 'PUT', path: '/admin/settings/payments', access: 'staff', capability: 'payment_settings', summary: 'Changes the payment settings; a provider the server cannot run is refused.' }),
} as const;

/** Pictures for the catalogue and content. */
export const mediaRoutes = {
  adminUploadImage: route({ method: 'POST', path: '/admin/media', ...catalogue, summary: 'Uploads a picture (multipart field `file`): kept re-encoded in the sizes the storefront picks; answers its name and files.' }),
} as const;

/** The back office's orders (capability `orders`: every role). */
const orders = { access: 'staff', capability: 'orders' } as const;
export const adminOrderRoutes = {
  adminOrders: route({ method: 'GET', path: '/admin/orders', ...orders, summary: "The store's orders, newest first: by stage (or owing a refund), order number, customer name, email or phone, and the day placed (?page=n)." }),
  adminOrdersExport: route({ method: 'GET', path: '/admin/orders/export.csv', ...orders, summary: "The order list's orders (same filters, every page) as CSV." }),
  adminOrder: route({ method: 'GET', path: '/admin/orders/:id', ...orders, summary: 'One order: customer, addresses, stones, payments with the provider ids, dispatch, returns and the timeline of every step.' }),
  adminOrderDispatch: route({ method: 'POST', path: '/admin/orders/:id/dispatch', ...orders, summary: 'Marks a paid order dispatched with its courier and tracking number (the customer is told).' }),
  adminOrderDeliver: route({ method: 'POST', path: '/admin/orders/:id/deliver', ...orders, summary: 'Marks a dispatched order delivered.' }),
  adminOrderCancel: route({ method: 'POST', path: '/admin/orders/:id/cancel', ...orders, summary: 'Cancels an unpaid order: its stones are for sale again at once.' }),
  adminOrderNote: route({ method: 'POST', path: '/admin/orders/:id/notes', ...orders, summary: "Adds a private note to the order's timeline." }),
  adminOrderRefund: route({ method: 'POST', path: '/admin/orders/:id/refunds', access: 'staff', capability: 'refunds', summary: 'Refunds stones of a paid order, or a payment owed back, through the payment provider (idempotent by the key sent).' }),
  adminRefunds: route({ method: 'GET', path: '/admin/refunds', access: 'staff', capability: 'refunds', summary: 'Money owed back: payments that could not buy their stones, returns received and not refunded, and the latest refunds.' }),
} as const;

/** The shop's order numbers (capability `settings`), and the orders that hold a stone (capability `orders`). */
export const adminOrderNumberRoutes = {
  adminOrderNumbering: route({ method: 'GET', path: '/admin/settings/order-numbers', access: 'staff', capability: 'settings', summary: "The prefix of the shop's order numbers and the number the next order takes." }),
  adminUpdateOrderNumbering: route({ method: 'PUT', path: '/admin/settings/order-numbers', access: 'staff', capability: 'settings', summary: 'Changes the prefix of the orders placed from now on (orders placed before keep theirs).' }),
  adminStoneOrders: route({ method: 'GET', path: '/admin/stones/:id/orders', ...orders, summary: 'The orders that hold a stone, newest first (a sold stone\'s order).' }),
} as const;

/** The back office's returns (capability `orders`; Refunded also needs `refunds`). */
export const adminReturnRoutes = {
  adminReturns: route({ method: 'GET', path: '/admin/returns', ...orders, summary: "The store's return requests, oldest waiting first, by status (?page=n)." }),
  adminReturn: route({ method: 'GET', path: '/admin/returns/:id', ...orders, summary: 'One return: stones, private photos, courier details, refund and its steps.' }),
  adminReturnStatus: route({ method: 'POST', path: '/admin/returns/:id/status', ...orders, summary: "Moves a return to its next status (Refunded needs the refunds capability and refunds its stones); any other move answers 409." }),
} as const;

/** The back office's staff calls (/api/admin): sign-in, the member's own two-factor, staff, security setting. */
export const staffRoutes = {
  adminLogin: route({ method: 'POST', path: '/admin/login', access: 'public', summary: 'Staff sign-in with email and password; answers a token, or a challenge when two-factor is on.' }),
  adminLoginTotp: route({ method: 'POST', path: '/admin/login/totp', access: 'public', summary: 'Answers a sign-in challenge with an authenticator code or a recovery code.' }),
  adminInvitation: route({ method: 'POST', path: '/admin/invitation', access: 'public', summary: 'Who an invitation link is for (the page that accepts it).' }),
  adminInvitationAccept: route({ method: 'POST', path: '/admin/invitation/accept', access: 'public', summary: 'Accepts an invitation: sets the password and signs in (single use).' }),
  adminLoginEmail: route({ method: 'POST', path: '/admin/login/email', access: 'public', summary: "Staff sign-in without the password: emails a 6-digit code to the member (the same answer for an unknown email); answers the challenge to send it with." }),
  adminPasswordForgot: route({ method: 'POST', path: '/admin/password/forgot', access: 'public', summary: "A forgotten staff password: emails a 6-digit reset code to the member (the same answer for an unknown email); answers the challenge to reset with." }),
  adminPasswordReset: route({ method: 'POST', path: '/admin/password/reset', access: 'public', summary: "Sets a new staff password with the emailed reset code; every sign-in of the member ends (two-factor still asks for its code)." }),
  adminLoginEmailVerify: route({ method: 'POST', path: '/admin/login/email/verify', access: 'public', summary: 'Answers an emailed-code challenge: a token, or (two-factor on) a challenge for the authenticator code at /admin/login/totp.' }),
  adminLogout: route({ method: 'POST', path: '/admin/logout', access: 'staff', summary: 'Ends this staff sign-in (the token stops working).' }),
  adminPassword: route({ method: 'POST', path: '/admin/me/password', access: 'staff', summary: "Changes the member's password (the current one required); their other sign-ins end." }),
  adminSessions: route({ method: 'GET', path: '/admin/me/sessions', access: 'staff', summary: "The member's live sign-ins: how each signed in, when it began and was last used, from where and on what device." }),
  adminSessionEnd: route({ method: 'POST', path: '/admin/me/sessions/:id/end', access: 'staff', summary: 'Ends one of the member\'s sign-ins.' }),
  adminSessionsEndOthers: route({ method: 'POST', path: '/admin/me/sessions/end-others', access: 'staff', summary: "Ends every sign-in of the member but this one." }),
  adminMe: route({ method: 'GET', path: '/admin/me', access: 'staff', summary: 'The signed-in member, their store and what their role may do.' }),
  adminTotpStart: route({ method: 'POST', path: '/admin/me/totp/start', access: 'staff', summary: 'Starts two-factor enrolment: a new secret as an otpauth URI and a QR code.' }),
  adminTotpConfirm: route({ method: 'POST', path: '/admin/me/totp/confirm', access: 'staff', summary: 'Turns two-factor on with a code from the authenticator; answers the recovery codes once. The other sign-ins end.' }),
  adminTotpDisable: route({ method: 'POST', path: '/admin/me/totp/disable', access: 'staff', summary: 'Turns two-factor off (the password and a current or recovery code required); the other sign-ins end.' }),
  adminStaffList: route({ method: 'GET', path: '/admin/staff', access: 'staff', capability: 'staff', summary: "The store's staff and open invitations." }),
  adminStaffInvite: route({ method: 'POST', path: '/admin/staff', access: 'staff', capability: 'staff', summary: 'Invites someone by email to join the staff with a role.' }),
  adminStaffRole: route({ method: 'POST', path: '/admin/staff/:id/role', access: 'staff', capability: 'staff', summary: "Changes a member's role (their sign-ins end)." }),
  adminStaffSessions: route({ method: 'GET', path: '/admin/staff/:id/sessions', access: 'staff', capability: 'staff', summary: "A member's live sign-ins (as they see them under Security)." }),
  adminStaffSessionEnd: route({ method: 'POST', path: '/admin/staff/:id/sessions/:sessionId/end', access: 'staff', capability: 'staff', summary: "Ends one of a member's sign-ins." }),
  adminStaffSessionsEnd: route({ method: 'POST', path: '/admin/staff/:id/sessions/end', access: 'staff', capability: 'staff', summary: "Ends every sign-in of a member." }),
  adminStaffSignInAlerts: route({ method: 'GET', path: '/admin/staff/sign-in-alerts', access: 'staff', capability: 'staff', summary: 'Members whose sign-in is being attacked: refused sign-ins in the last hours, from how many addresses, and whether the password path is locked.' }),
  adminStaffRemove: route({ method: 'POST', path: '/admin/staff/:id/remove', access: 'staff', capability: 'staff', summary: 'Removes a member or withdraws an invitation (their sign-ins end).' }),
  adminSecurity: route({ method: 'GET', path: '/admin/settings/security', access: 'staff', capability: 'staff', summary: "The store's staff security settings." }),
  adminSecurityUpdate: route({ method: 'POST', path: '/admin/settings/security', access: 'staff', capability: 'staff', summary: 'Requires (or stops requiring) two-factor sign-in for every member.' }),
} as const;

/** The audit log of staff writes (/api/admin/audit). */
export const auditRoutes = {
  adminAudit: route({ method: 'GET', path: '/admin/audit', access: 'staff', capability: 'audit', summary: 'Staff writes, newest first, filtered by member and by object (?page=n).' }),
} as const;

/** The enquiries inbox and the store's customers (capability `orders`: every role). */
const people = { access: 'staff', capability: 'orders' } as const;
export const adminPeopleRoutes = {
  adminEnquiries: route({ method: 'GET', path: '/admin/enquiries', ...people, summary: "The footer form's enquiries, newest first: open (new or replied), handled, or all." }),
  adminEnquiry: route({ method: 'GET', path: '/admin/enquiries/:id', ...people, summary: 'One enquiry with the replies sent.' }),
  adminEnquiryReply: route({ method: 'POST', path: '/admin/enquiries/:id/reply', ...people, summary: "Answers an enquiry by email to its sender in the store's name; the reply is kept with it." }),
  adminEnquiryHandled: route({ method: 'POST', path: '/admin/enquiries/:id/handled', ...people, summary: 'Marks an enquiry handled, or opens it again.' }),
  adminCustomers: route({ method: 'GET', path: '/admin/customers', ...people, summary: "The store's customers, newest first, searched by name, email or mobile number." }),
  adminCustomer: route({ method: 'GET', path: '/admin/customers/:id', ...people, summary: 'A customer with their orders, addresses and returns.' }),
  adminCustomerBlock: route({ method: 'POST', path: '/admin/customers/:id/block', ...people, summary: 'Blocks a customer: their sign-ins end, and they can neither sign in nor order.' }),
  adminDashboard: route({ method: 'GET', path: '/admin/dashboard', ...people, summary: "The shop's numbers: sales and orders today, in 7 and 30 days with the daily figures, orders to dispatch, returns to decide, refunds owed, available stones per gem type." }),
  adminCustomerUnblock: route({ method: 'POST', path: '/admin/customers/:id/unblock', ...people, summary: 'Lets a blocked customer sign in and order again.' }),
} as const;

/** Tax invoices and receipts of paid orders, and the tax settings they are made from. */
export const invoiceRoutes = {
  orderInvoice: route({ method: 'GET', path: '/order-invoice/:orderId', access: 'customer', summary: "The PDF tax invoice (stores from India) or receipt of the customer's own paid order." }),
  adminOrderInvoice: route({ method: 'GET', path: '/admin/orders/:id/invoice', access: 'staff', capability: 'orders', summary: "The PDF tax invoice or receipt of a paid order of the store." }),
  orderCreditNote: route({ method: 'GET', path: '/order-credit-note/:orderId/:noteId', access: 'customer', summary: "The PDF GST credit note of a refund of the customer's own order." }),
  adminOrderCreditNote: route({ method: 'GET', path: '/admin/orders/:id/credit-notes/:noteId', access: 'staff', capability: 'orders', summary: 'The PDF GST credit note of a refund of an order of the store.' }),
  adminGstReport: route({ method: 'GET', path: '/admin/reports/gst', access: 'staff', capability: 'settings', summary: "A month's taxable value and GST by HSN code and rate and by place of supply, from the invoices and credit notes issued in it." }),
  adminGstReportCsv: route({ method: 'GET', path: '/admin/reports/gst.csv', access: 'staff', capability: 'settings', summary: "A month's GSTR-1 table (B2CS, B2CL, CDNUR, EXP or HSN summary) as CSV." }),
  adminTaxSettings: route({ method: 'GET', path: '/admin/settings/tax', access: 'staff', capability: 'settings', summary: 'The seller on tax invoices (legal name, address, GSTIN, state), the invoice prefix and each gem type\'s HSN code and GST rate.' }),
  adminTaxSettingsUpdate: route({ method: 'PUT', path: '/admin/settings/tax', access: 'staff', capability: 'settings', summary: 'Changes the tax settings; invoices already issued keep their figures.' }),
} as const;

/** The shop's couriers and their tracking links: the list staff keep, and the choices dispatch and return forms offer. */
export const courierRoutes = {
  couriers: route({ method: 'GET', path: '/couriers', access: 'public', summary: "The shop's couriers a return can be sent with, FedEx and Delhivery first." }),
} as const;

export const adminCourierRoutes = {
  adminCouriers: route({ method: 'GET', path: '/admin/couriers', access: 'staff', capability: 'orders', summary: "The shop's couriers that are on, in its order, for the dispatch and pick-up forms." }),
  adminCourierSettings: route({ method: 'GET', path: '/admin/settings/couriers', access: 'staff', capability: 'settings', summary: "Every courier of the shop, on or off, in its order, with its tracking link." }),
  adminCourierCreate: route({ method: 'POST', path: '/admin/settings/couriers', access: 'staff', capability: 'settings', summary: 'Adds a courier: a name and an https tracking link holding {tracking}.' }),
  adminCourierUpdate: route({ method: 'PUT', path: '/admin/settings/couriers/:id', access: 'staff', capability: 'settings', summary: 'Renames a courier, changes its tracking link, or turns it on or off (parcels already sent keep their courier).' }),
  adminCourierOrder: route({ method: 'POST', path: '/admin/settings/couriers/order', access: 'staff', capability: 'settings', summary: "Puts the shop's couriers in a new order (every courier's id once)." }),
} as const;

/** What search engines read, at the root of each store's domain. */
export const seoRoutes = {
  robots: route({ method: 'GET', path: '/robots.txt', access: 'public', root: true, tenant: true, summary: "The store's robots.txt: private pages closed, its sitemap named." }),
  sitemap: route({ method: 'GET', path: '/sitemap.xml', access: 'public', root: true, tenant: true, summary: "The store's sitemap (listings, blog, pages, stones), or an index of its files past 50,000 URLs." }),
  sitemapFile: route({ method: 'GET', path: '/sitemaps/:file', access: 'public', root: true, tenant: true, summary: 'One file of the sitemap index (/sitemaps/{n}.xml).' }),
  ogImage: route({ method: 'GET', path: '/og-image/*', access: 'public', root: true, summary: 'A catalogue SVG (/media/{path}.svg) as a 1200 x 630 PNG (/og-image/{path}.png) for Open Graph and Twitter cards.' }),
} as const;

export const systemRoutes = {
  health: route({ method: 'GET', path: '/health', access: 'system', summary: 'Whether the database answers (load balancers; no domain header).' }),
  healthLive: route({ method: 'GET', path: '/health/live', access: 'system', summary: 'Whether the process runs (orchestrators restart it when not); asks nothing of the database.' }),
  healthReady: route({ method: 'GET', path: '/health/ready', access: 'system', summary: 'Whether this process takes new requests (load balancers): 503 once it drains after SIGTERM and while it cannot reach the database; a process still starting does not listen yet.' }),
  openApi: route({ method: 'GET', path: '/openapi.json', access: 'system', summary: 'This API as an OpenAPI 3.1 document (no domain header).' }),
  apiReference: route({ method: 'GET', path: '/docs', access: 'system', summary: 'A readable reference page of this API, made from the OpenAPI document.' }),
} as const;

export const devRoutes = {
  outbox: route({ method: 'GET', path: '/dev/outbox', access: 'dev', summary: 'Messages the outbox kept, with their codes (development and test only).' }),
} as const;

/** The back office's Discounts page (capability `discounts`: owners and managers). */
const discounts = { access: 'staff', capability: 'discounts' } as const;
export const adminDiscountRoutes = {
  adminDiscounts: route({ method: 'GET', path: '/admin/discounts', ...discounts, summary: "The shop's discount codes, newest first, with how many times each is used, and the gem types a code may be limited to." }),
  adminDiscountCreate: route({ method: 'POST', path: '/admin/discounts', ...discounts, summary: 'Adds a discount code (its case does not matter; unique in the shop).' }),
  adminDiscountUpdate: route({ method: 'PUT', path: '/admin/discounts/:id', ...discounts, summary: 'Changes a discount code; orders placed with it keep what it gave them.' }),
  adminDiscountPause: route({ method: 'POST', path: '/admin/discounts/:id/pause', ...discounts, summary: 'Pauses a discount code (checkouts refuse it) or lets it be used again.' }),
} as const;

export const routes = {
  ...storeRoutes, ...catalogRoutes, ...contentRoutes, ...authRoutes, ...customerRoutes, ...addressRoutes,
  ...cartRoutes, ...wishlistRoutes, ...orderRoutes, ...returnRoutes, ...enquiryRoutes, ...newsletterRoutes, ...paymentRoutes, ...systemRoutes, ...devRoutes,
  ...staffRoutes, ...auditRoutes, ...adminCatalogRoutes, ...adminImportRoutes, ...adminContentRoutes, ...adminSettingsRoutes, ...mediaRoutes, ...seoRoutes,
  ...adminPeopleRoutes, ...adminNewsletterRoutes, ...invoiceRoutes, ...adminDiscountRoutes, ...adminOrderRoutes, ...adminOrderNumberRoutes, ...adminReturnRoutes, ...courierRoutes, ...adminCourierRoutes,
} as const;
export type RouteName = keyof typeof routes;
