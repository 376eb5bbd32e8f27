import { z } from 'zod';
import * as c from '../schemas.ts';
import * as a from '../admin-catalog.ts';
import * as im from '../admin-import.ts';
import * as o from '../admin-orders.ts';
import * as r from '../admin-returns.ts';
import * as ac from '../admin-content.ts';
import * as pe from '../admin-people.ts';
import * as tx from '../admin-tax.ts';
import { withSchemas } from './endpoint.ts';
import { routes } from './routes.ts';

/**
 * The endpoint table: every call of routes.ts with its schemas. The server registers its routes
 * from it, the OpenAPI document (/api/openapi.json) is generated from it, and the typed client is
 * typed by it (`Endpoints`).
 */
const RefParams = z.object({ id: c.IdOrUrl });
const OrderParams = z.object({ orderId: z.coerce.number().int().positive().max(c.MAX_ID) });
const PayPageQuery = z.object({ token: z.string().max(200).optional() });

/** Statuses every call may answer: a bad body (422), an unknown store (404), too many calls (429). */
const common = [404, 422, 429] as const;
const signedIn = [401, 404, 422, 429] as const;
/** A staff call with a capability: also 403 for a role without it. */
const staffOnly = [401, 403, 404, 422, 429] as const;
/** A staff write that can clash with what is stored (a friendly url in use, a stone its order holds): also 409. */
const staffCall = [...staffOnly, 409] as const;

export const endpoints = withSchemas(routes, {
  storeProfile: { response: c.StoreProfileResponse, errors: common },
  checkDomain: { params: z.object({ domain: z.string().max(253) }), response: c.CheckDomainResponse, errors: common },

  rootCategories: { response: c.CategoriesResponse, errors: common },
  categories: { params: RefParams, response: c.CategoriesResponse, errors: common },
  products: { response: c.ProductsResponse, errors: common },
  productAttributes: { params: RefParams, response: c.ProductAttributesResponse, errors: common },
  rattis: { response: c.RattisResponse, errors: common },
  productItemsOf: { params: RefParams, query: c.PageQuery, response: c.ListingResponse, errors: common },
  productItems: { query: c.PageQuery, body: c.ListingFilterBody, response: c.ListingResponse, errors: common },
  itemsByFilter: { body: c.ItemsByFilterBody, response: c.ListingResponse, errors: common },
  itemDetails: { params: RefParams, response: c.ItemDetailResponse, errors: common },
  itemRelated: { params: RefParams, response: c.RelatedItemsResponse, errors: common },
  stoneCounts: { body: c.StoneSearchBody, response: c.StoneCountsResponse, errors: common },
  search: { query: c.PageQuery, body: c.StoneSearchBody, response: c.ListingResponse, errors: common },
  searchSuggestions: { query: c.SuggestionsQuery, response: c.SuggestionsResponse, errors: common },

  pageCategories: { response: c.PageCategoriesResponse, errors: common },
  policyPages: { response: c.PagesResponse, errors: common },
  knowUsPages: { response: c.PagesResponse, errors: common },
  page: { params: RefParams, response: c.PageResponse, errors: common },
  posts: { query: c.PageQuery, response: c.PostsResponse, errors: common },
  postsByCategory: { params: RefParams, query: c.PageQuery, response: c.PostsResponse, errors: common },
  postCategories: { response: c.PostCategoriesResponse, errors: common },
  post: { params: z.object({ url: c.IdOrUrl }), response: c.PostResponse, errors: common },

  authUser: { response: c.AuthUserResponse, errors: signedIn },
  logout: { response: c.MessageResponse, errors: signedIn },
  login: { body: c.LoginBody, response: c.LoginResponse, errors: common },
  loginPasswordSubmit: { body: c.LoginPasswordSubmitBody, response: c.LoginPasswordSubmitResponse, errors: common },
  loginWithPassword: { body: c.LoginPasswordSubmitBody, response: c.LoginPasswordSubmitResponse, errors: common },
  loginSendOtp: { body: c.LoginSendOtpBody, response: c.OtpSentResponse, errors: common },
  loginOtpVerify: { body: c.LoginOtpVerifyBody, response: c.TokenResponse, errors: common },
  loginResendOtp: { body: c.OtpResendBody, response: c.OtpSentResponse, errors: common },
  loginVoiceOtp: { body: c.OtpResendBody, response: c.OtpSentResponse, errors: common },
  register: { body: c.RegisterBody, response: c.RegisterResponse, errors: common },
  userRegister: { body: c.RegisterBody, response: c.RegisterResponse, errors: common },
  registerOtpVerify: { body: c.RegisterOtpVerifyBody, response: c.TokenResponse, errors: common },
  userVerifyOtp: { body: c.RegisterOtpVerifyBody, response: c.TokenResponse, errors: common },
  registerResendOtp: { body: c.OtpResendBody, response: c.OtpSentResponse, errors: common },
  registerVoiceOtp: { body: c.OtpResendBody, response: c.OtpSentResponse, errors: common },
  forgotPasswordSendOtp: { body: c.ForgotPasswordSendOtpBody, response: c.ForgotPasswordSendOtpResponse, errors: common },
  forgotPassword: { body: c.ForgotPasswordBody, response: c.ForgotPasswordSendOtpResponse, errors: common },
  forgotPasswordOtpSubmit: { body: c.ForgotPasswordOtpSubmitBody, response: c.ForgotPasswordOtpSubmitResponse, errors: common },
  forgotPasswordResendOtp: { body: c.OtpResendBody, response: c.OtpSentResponse, errors: common },
  forgotPasswordVoiceOtp: { body: c.OtpResendBody, response: c.OtpSentResponse, errors: common },
  submitNewPassword: { body: c.SubmitNewPasswordBody, response: c.MessageResponse, errors: common },

  countryCodes: { response: c.CountryCodesResponse, errors: common },
  updateProfile: { body: c.UpdateProfileBody, response: c.ProfileResponse, errors: signedIn },
  userUpdate: { body: c.UserUpdateBody, response: c.ProfileResponse, errors: signedIn },
  verifyProfileIdentifier: { body: c.VerifyProfileIdentifierBody, response: c.ProfileResponse, errors: signedIn },
  profileResendOtp: { body: c.ProfileCodeResendBody, response: c.OtpSentResponse, errors: signedIn },
  profileVoiceOtp: { body: c.ProfileCodeResendBody, response: c.OtpSentResponse, errors: signedIn },
  customerUpdatePassword: { body: c.CustomerUpdatePasswordBody, response: c.MessageResponse, errors: signedIn },

  addresses: { response: c.AddressesResponse, errors: signedIn },
  countries: { response: c.CountriesResponse, errors: common },
  states: { params: c.StatesParams, response: c.StatesResponse, errors: common },
  cities: { params: c.CitiesParams, response: c.CitiesResponse, errors: common },
  addressSave: { body: c.AddressSaveBody, response: c.AddressResponse, errors: signedIn },
  addressUpdate: { body: c.AddressUpdateBody, response: c.AddressResponse, errors: signedIn },
  addressEdit: { body: c.AddressIdBody, response: c.AddressEditResponse, errors: signedIn },
  addressDelete: { body: c.AddressIdBody, response: c.OkResponse, errors: signedIn },
  addressSetPrimary: { body: c.AddressIdBody, response: c.OkResponse, errors: signedIn },

  cartAll: { response: c.CartAllResponse, errors: signedIn },
  cartSave: { body: c.CartSaveBody, response: c.CartSaveResponse, errors: [...signedIn, 409] },
  cartDelete: { body: c.CartDeleteBody, response: c.OkResponse, errors: signedIn },
  wishlist: { response: c.WishlistResponse, errors: signedIn },
  wishlistSave: { body: c.WishlistBody, response: c.WishlistSaveResponse, errors: signedIn },
  wishlistDelete: { body: c.WishlistBody, response: c.OkResponse, errors: signedIn },
  itemsByIds: { body: c.ItemsByIdsBody, response: c.ItemsByIdsResponse, errors: common },

  paymentMethods: { response: c.PaymentMethodsResponse, errors: signedIn },
  placeOrder: { body: c.PlaceOrderBody, response: c.PlaceOrderResponse, errors: [...signedIn, 409] },
  orders: { response: c.OrdersResponse, errors: signedIn },
  order: { body: c.OrderIdBody, response: c.OrderResponse, errors: signedIn },
  retryPay: { body: c.OrderIdBody, response: c.PayQuery, errors: [...signedIn, 409, 502, 503] },

  returnRequestCreate: { body: { multipart: true, fields: c.ReturnCreateFields }, response: c.ReturnCreateResponse, errors: signedIn },
  returnPhoto: {
    params: z.object({ imageId: z.coerce.number().int().min(1).max(c.MAX_ID) }),
    query: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
    response: 'file', errors: [403, 404],
  },
  returnTracking: { body: c.ReturnTrackingBody, response: c.ReturnTrackingResponse, errors: [...signedIn, 409] },

  enquiry: { body: c.EnquiryBody, response: c.EnquiryResponse, errors: common },
  newsletterSubscribe: { body: c.NewsletterSubscribeBody, response: c.MessageResponse, errors: common },
  newsletterConfirm: { body: c.NewsletterConfirmBody, response: c.MessageResponse, errors: common },
  newsletterUnsubscribe: { body: c.NewsletterUnsubscribeBody, response: c.MessageResponse, errors: common },
  adminNewsletter: { query: c.AdminNewsletterQuery, response: c.AdminNewsletterResponse, errors: staffOnly },
  adminNewsletterExport: { query: c.AdminNewsletterQuery.pick({ q: true }), response: 'file', fileType: 'text/csv', errors: staffOnly },

  razorpayWebhook: { body: z.record(z.string(), z.unknown()), response: z.object({ message: z.string(), outcome: z.string().optional() }), errors: [400, 503] },
  sandboxPage: { params: OrderParams, query: PayPageQuery, response: 'html', errors: [403, 404] },
  razorpayPage: { params: OrderParams, query: PayPageQuery, response: 'html', errors: [403, 404] },
  paymentCallback: { params: OrderParams, body: z.record(z.string(), z.string()), response: 'redirect', errors: [400] },

  adminCatalog: { response: a.AdminCatalogResponse, errors: staffCall },
  adminCreateCategory: { body: a.AdminCategoryBody, response: z.object({ category: a.AdminCategory }), errors: staffCall },
  adminUpdateCategory: { params: a.AdminIdParams, body: a.AdminCategoryBody, response: z.object({ category: a.AdminCategory }), errors: staffCall },
  adminDeleteCategory: { params: a.AdminIdParams, response: a.AdminDeletedResponse, errors: staffCall },
  adminCreateProduct: { body: a.AdminProductBody, response: z.object({ product: a.AdminProduct }), errors: staffCall },
  adminUpdateProduct: { params: a.AdminIdParams, body: a.AdminProductBody, response: z.object({ product: a.AdminProduct }), errors: staffCall },
  adminDeleteProduct: { params: a.AdminIdParams, response: a.AdminDeletedResponse, errors: staffCall },
  adminCreateAttributeValue: { params: a.AdminAttributeParams, body: a.AdminAttributeValueBody, response: z.object({ value: a.AdminAttributeValue }), errors: staffCall },
  adminUpdateAttributeValue: { params: a.AdminAttributeValueParams, body: a.AdminAttributeValueBody, response: z.object({ value: a.AdminAttributeValue }), errors: staffCall },
  adminDeleteAttributeValue: { params: a.AdminAttributeValueParams, response: a.AdminDeletedResponse, errors: staffCall },
  adminStones: { query: a.AdminStonesQuery, response: c.AdminStonesResponse, errors: staffCall },
  adminStone: { params: a.AdminIdParams, response: c.AdminStoneResponse, errors: staffCall },
  adminCreateStone: { body: c.AdminStoneBody, response: c.AdminStoneResponse, errors: staffCall },
  adminUpdateStone: { params: a.AdminIdParams, body: c.AdminStoneBody, response: c.AdminStoneResponse, errors: staffCall },
  adminBulkStones: { body: a.AdminBulkStonesBody, response: a.AdminBulkStonesResponse, errors: staffCall },
  adminStonesExport: { query: im.AdminStonesExportQuery, response: 'file', fileType: 'text/csv', errors: staffOnly },
  adminImportUpload: { body: { multipart: true, fields: im.ImportUploadFields }, response: im.ImportUploadResponse, errors: [...staffOnly, 413] },
  adminImportJobs: { response: im.ImportJobsResponse, errors: staffOnly },
  adminImportJob: { params: im.ImportJobParams, response: im.ImportJobResponse, errors: staffOnly },
  adminPosts: { query: ac.AdminPostsQuery, response: ac.AdminPostsResponse, errors: staffCall },
  adminPost: { params: a.AdminIdParams, response: ac.AdminPostResponse, errors: staffCall },
  adminCreatePost: { body: ac.AdminPostBody, response: ac.AdminPostResponse, errors: staffCall },
  adminUpdatePost: { params: a.AdminIdParams, body: ac.AdminPostBody, response: ac.AdminPostResponse, errors: staffCall },
  adminDeletePost: { params: a.AdminIdParams, response: a.AdminDeletedResponse, errors: staffCall },
  adminPostCategories: { response: ac.AdminPostCategoriesResponse, errors: staffCall },
  adminCreatePostCategory: { body: ac.AdminPostCategoryBody, response: ac.AdminPostCategoryResponse, errors: staffCall },
  adminUpdatePostCategory: { params: a.AdminIdParams, body: ac.AdminPostCategoryBody, response: ac.AdminPostCategoryResponse, errors: staffCall },
  adminDeletePostCategory: { params: a.AdminIdParams, response: a.AdminDeletedResponse, errors: staffCall },
  adminPages: { response: ac.AdminPagesResponse, errors: staffCall },
  adminPage: { params: a.AdminIdParams, response: ac.AdminPageResponse, errors: staffCall },
  adminCreatePage: { body: ac.AdminPageBody, response: ac.AdminPageResponse, errors: staffCall },
  adminUpdatePage: { params: a.AdminIdParams, body: ac.AdminPageBody, response: ac.AdminPageResponse, errors: staffCall },
  adminDeletePage: { params: a.AdminIdParams, response: a.AdminDeletedResponse, errors: staffCall },
  adminCreatePageCategory: { body: ac.AdminPageCategoryBody, response: ac.AdminPageCategoryResponse, errors: staffCall },
  adminUpdatePageCategory: { params: a.AdminIdParams, body: ac.AdminPageCategoryBody, response: ac.AdminPageCategoryResponse, errors: staffCall },
  adminDeletePageCategory: { params: a.AdminIdParams, response: a.AdminDeletedResponse, errors: staffCall },
  adminHome: { response: ac.AdminHomeResponse, errors: staffCall },
  adminUpdateHome: { body: ac.AdminHome, response: ac.AdminHomeResponse, errors: staffCall },
  adminStoreProfile: { response: ac.AdminStoreProfileResponse, errors: staffCall },
  adminUpdateStoreProfile: { body: ac.AdminStoreProfile, response: ac.AdminStoreProfileResponse, errors: staffCall },
  adminPaymentSettings: { response: ac.AdminPaymentSettingsResponse, errors: staffCall },
  adminUpdatePaymentSettings: { body: ac.AdminPaymentSettings, response: ac.AdminPaymentSettingsResponse, errors: staffCall },
  adminUploadImage: { body: { multipart: true, fields: z.object({}) }, response: c.MediaUploadResponse, errors: [...staffOnly, 413] },
  robots: { response: 'text' },
  sitemap: { response: 'xml' },
  sitemapFile: { params: z.object({ file: z.string().regex(/^\d{1,6}\.xml$/) }), response: 'xml', errors: [404] },
  ogImage: { params: z.object({ '*': z.string().max(500) }), response: 'file', errors: [404] },

  health: { response: c.HealthResponse, errors: [503] },
  healthLive: { response: c.HealthResponse },
  healthReady: { response: c.HealthReadyResponse, errors: [503] },
  openApi: { response: z.record(z.string(), z.unknown()) },
  apiReference: { response: 'html' },
  outbox: { query: c.OutboxQuery, response: c.OutboxResponse },

  adminLogin: { body: c.AdminLoginBody, response: c.AdminLoginResponse, errors: [...common, 401] },
  adminLoginTotp: { body: c.AdminLoginTotpBody, response: c.StaffSignedIn, errors: [...common, 401] },
  adminInvitation: { body: c.InvitationBody, response: c.InvitationResponse, errors: [...common, 401] },
  adminInvitationAccept: { body: c.AcceptInvitationBody, response: c.StaffSignedIn, errors: [...common, 401] },
  adminLoginEmail: { body: c.AdminLoginEmailBody, response: c.AdminLoginChallenge, errors: [...common, 401] },
  adminLoginEmailVerify: { body: c.AdminLoginEmailVerifyBody, response: c.AdminLoginResponse, errors: [...common, 401] },
  adminLogout: { response: c.MessageResponse, errors: signedIn },
  adminPassword: { body: c.ChangePasswordBody, response: c.MessageResponse, errors: signedIn },
  adminSessions: { response: c.StaffSessionsResponse, errors: signedIn },
  adminSessionEnd: { params: c.SessionIdParams, response: c.EndedSessionsResponse, errors: signedIn },
  adminSessionsEndOthers: { response: c.EndedSessionsResponse, errors: signedIn },
  adminStaffSessions: { params: c.StaffIdParams, response: c.StaffSessionsResponse, errors: staffOnly },
  adminStaffSessionEnd: { params: c.StaffSessionParams, response: c.EndedSessionsResponse, errors: staffOnly },
  adminStaffSessionsEnd: { params: c.StaffIdParams, response: c.EndedSessionsResponse, errors: staffOnly },
  adminStaffSignInAlerts: { response: c.SignInAlertsResponse, errors: staffOnly },
  adminMe: { response: c.AdminMeResponse, errors: signedIn },
  adminTotpStart: { response: c.TotpEnrolmentResponse, errors: [...signedIn, 403, 409] },
  adminTotpConfirm: { body: c.TotpCodeBody, response: c.RecoveryCodesResponse, errors: [...signedIn, 403, 409] },
  adminTotpDisable: { body: c.TotpDisableBody, response: c.MessageResponse, errors: [...signedIn, 409] },
  adminStaffList: { response: c.StaffListResponse, errors: staffOnly },
  adminStaffInvite: { body: c.StaffInviteBody, response: c.StaffInviteResponse, errors: [...staffOnly, 409] },
  adminStaffRole: { params: c.StaffIdParams, body: c.StaffRoleBody, response: c.StaffEntryResponse, errors: [...staffOnly, 409] },
  adminStaffRemove: { params: c.StaffIdParams, response: c.MessageResponse, errors: [...staffOnly, 409] },
  adminSecurity: { response: c.SecuritySettings, errors: staffOnly },
  adminSecurityUpdate: { body: c.SecuritySettings, response: c.SecuritySettings, errors: staffOnly },
  adminAudit: { query: c.AuditQuery, response: c.AuditResponse, errors: staffOnly },

  adminOrders: { query: o.AdminOrdersQuery, response: o.AdminOrdersResponse, errors: staffOnly },
  adminOrdersExport: { query: o.AdminOrdersExportQuery, response: 'file', fileType: 'text/csv', errors: staffOnly },
  adminOrder: { params: o.AdminOrderParams, response: o.AdminOrderResponse, errors: staffOnly },
  adminOrderDispatch: { params: o.AdminOrderParams, body: o.AdminDispatchBody, response: o.AdminOrderResponse, errors: staffCall },
  adminOrderDeliver: { params: o.AdminOrderParams, response: o.AdminOrderResponse, errors: staffCall },
  adminOrderCancel: { params: o.AdminOrderParams, body: o.AdminCancelBody, response: o.AdminOrderResponse, errors: staffCall },
  adminOrderNote: { params: o.AdminOrderParams, body: o.AdminNoteBody, response: o.AdminOrderResponse, errors: staffCall },
  adminOrderRefund: { params: o.AdminOrderParams, body: o.AdminRefundBody, response: o.AdminRefundResponse, errors: [...staffCall, 502, 503] },
  adminRefunds: { response: r.AdminRefundsResponse, errors: staffOnly },
  adminOrderNumbering: { response: o.AdminOrderNumberingResponse, errors: staffOnly },
  adminUpdateOrderNumbering: { body: o.AdminOrderNumbering, response: o.AdminOrderNumberingResponse, errors: staffCall },
  adminStoneOrders: { params: o.AdminOrderParams, response: o.AdminStoneOrdersResponse, errors: staffOnly },
  adminReturns: { query: r.AdminReturnsQuery, response: r.AdminReturnsResponse, errors: staffOnly },
  adminReturn: { params: r.AdminReturnParams, response: r.AdminReturnResponse, errors: staffOnly },
  adminReturnStatus: { params: r.AdminReturnParams, body: r.AdminReturnStatusBody, response: r.AdminReturnResponse, errors: [...staffCall, 502, 503] },
  adminEnquiries: { query: pe.AdminEnquiriesQuery, response: pe.AdminEnquiriesResponse, errors: staffOnly },
  adminEnquiry: { params: pe.AdminPeopleIdParams, response: pe.AdminEnquiryResponse, errors: staffOnly },
  adminEnquiryReply: { params: pe.AdminPeopleIdParams, body: pe.AdminEnquiryReplyBody, response: pe.AdminEnquiryResponse, errors: [...staffOnly, 503] },
  adminEnquiryHandled: { params: pe.AdminPeopleIdParams, body: pe.AdminEnquiryHandledBody, response: pe.AdminEnquiryResponse, errors: staffOnly },
  adminCustomers: { query: pe.AdminCustomersQuery, response: pe.AdminCustomersResponse, errors: staffOnly },
  adminCustomer: { params: pe.AdminPeopleIdParams, response: pe.AdminCustomerResponse, errors: staffOnly },
  adminCustomerBlock: { params: pe.AdminPeopleIdParams, body: pe.AdminCustomerBlockBody, response: pe.AdminCustomerResponse, errors: staffOnly },
  adminDashboard: { response: pe.AdminDashboardResponse, errors: staffOnly },
  adminCustomerUnblock: { params: pe.AdminPeopleIdParams, response: pe.AdminCustomerResponse, errors: staffOnly },
  orderInvoice: { params: tx.CustomerInvoiceParams, response: 'file', fileType: 'application/pdf', errors: [...signedIn, 409] },
  adminOrderInvoice: { params: tx.InvoiceOrderParams, response: 'file', fileType: 'application/pdf', errors: [...staffOnly, 409] },
  adminTaxSettings: { response: tx.TaxSettings, errors: staffOnly },
  adminTaxSettingsUpdate: { body: tx.TaxSettingsBody, response: tx.TaxSettings, errors: staffOnly },
});

export type Endpoints = typeof endpoints;
