import { z } from 'zod';
import { MAX_ID } from './constants.ts';
import { OrderStage } from './order-states.ts';

/**
 * The back office's people calls (/api/admin/...): the enquiries inbox (the footer form's messages,
 * answered by email) and the store's customers (search, a customer's page, blocking).
 */

const Id = z.coerce.number().int().positive().max(MAX_ID);
const Page = z.coerce.number().int().min(1).max(100_000).default(1);

/** Enquiries and customers per page. */
export const PEOPLE_PAGE_SIZE = 25;

// ---------- Enquiries ----------

/** new: nobody answered yet; replied: answered by email, still open; handled: closed by a member. */
export const ENQUIRY_STATUSES = ['new', 'replied', 'handled'] as const;
export const EnquiryStatus = z.enum(ENQUIRY_STATUSES);

export const AdminEnquiriesQuery = z.object({
  /** open: new and replied (the default); handled; all. */
  status: z.enum(['open', 'handled', 'all']).default('open'),
  page: Page,
});
export type AdminEnquiriesQuery = z.infer<typeof AdminEnquiriesQuery>;

export const AdminEnquirySummary = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The message's first 160 characters. */
  excerpt: z.string(),
  status: EnquiryStatus,
  created_at: z.string(),
});
export type AdminEnquirySummary = z.infer<typeof AdminEnquirySummary>;

export const AdminEnquiriesResponse = z.object({
  enquiries: z.array(AdminEnquirySummary),
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  /** Enquiries not yet handled, whatever the filter. */
  open: z.number(),
});
export type AdminEnquiriesResponse = z.infer<typeof AdminEnquiriesResponse>;

export const AdminEnquiryReply = z.object({
  id: z.number(),
  body: z.string(),
  created_at: z.string(),
  staff: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const AdminEnquiry = AdminEnquirySummary.omit({ excerpt: true }).extend({
  message: z.string(),
  handled_at: z.string().nullable(),
  replies: z.array(AdminEnquiryReply),
});
export type AdminEnquiry = z.infer<typeof AdminEnquiry>;
export const AdminEnquiryResponse = z.object({ enquiry: AdminEnquiry });
export type AdminEnquiryResponse = z.infer<typeof AdminEnquiryResponse>;

export const ENQUIRY_REPLY_MAX = 5000;
export const AdminEnquiryReplyBody = z.object({
  message: z.string({ error: 'Write the reply.' }).trim().min(1, 'Write the reply.').max(ENQUIRY_REPLY_MAX, `At most ${ENQUIRY_REPLY_MAX} characters.`),
});
export type AdminEnquiryReplyBody = z.infer<typeof AdminEnquiryReplyBody>;

export const AdminEnquiryHandledBody = z.object({ handled: z.boolean({ error: 'Say whether it is handled.' }) });
export type AdminEnquiryHandledBody = z.infer<typeof AdminEnquiryHandledBody>;

// ---------- Customers ----------

export const AdminCustomersQuery = z.object({
  /** Part of a name, email or mobile number. */
  q: z.string().trim().max(100, 'At most 100 characters.').default(''),
  blocked: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  page: Page,
});
export type AdminCustomersQuery = z.infer<typeof AdminCustomersQuery>;

export const AdminCustomerSummary = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  blocked: z.boolean(),
});
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummary>;

export const AdminCustomersResponse = z.object({
  customers: z.array(AdminCustomerSummary),
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
});
export type AdminCustomersResponse = z.infer<typeof AdminCustomersResponse>;

export const AdminCustomer = AdminCustomerSummary.extend({
  verified: z.boolean(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string(),
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;

export const AdminCustomerOrder = z.object({
  id: z.number(),
  /** The order's number as people read it (`RG-12`, `#12`). */
  order_number: z.string(),
  placed_on: z.string(),
  status: z.string(),
  status_label: z.string(),
  /** Where the order stands (the same names as the order list's). */
  stage: OrderStage,
  stage_label: z.string(),
  total_qty: z.number(),
  /** Rupees. */
  total_amount: z.number(),
  dispatched: z.boolean(),
  refund_pending: z.boolean(),
});

export const AdminCustomerAddress = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  label: z.string(),
  /** The address in one line: street, locality, city, state, pincode, country. */
  text: z.string(),
  primary: z.boolean(),
});

export const AdminCustomerReturn = z.object({
  id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  placed_on: z.string(),
  status: z.string(),
  reason: z.string(),
});

export const AdminCustomerResponse = z.object({
  customer: AdminCustomer,
  orders: z.array(AdminCustomerOrder),
  addresses: z.array(AdminCustomerAddress),
  returns: z.array(AdminCustomerReturn),
});
export type AdminCustomerResponse = z.infer<typeof AdminCustomerResponse>;

export const AdminCustomerBlockBody = z.object({
  reason: z.string().trim().max(500, 'At most 500 characters.').default(''),
});
export type AdminCustomerBlockBody = z.infer<typeof AdminCustomerBlockBody>;

export const AdminPeopleIdParams = z.object({ id: Id });

// ---------- The shop's numbers (the back office's home page) ----------

/** Days the dashboard's chart covers (today included). */
export const DASHBOARD_DAYS = 30;

/**
 * A period's money, in rupees: `amount` is gross sales (the paid orders placed in the period, at
 * their totals), `refunds` the stones refunded in the period (whenever their order was placed;
 * `refund_count` of them), `net` gross less refunds.
 */
const Sales = z.object({ orders: z.number(), amount: z.number(), refunds: z.number(), refund_count: z.number(), net: z.number() });
export const AdminDashboardResponse = z.object({
  /** The day the figures end, in the store's time zone (`time_zone`). */
  today: z.string(),
  time_zone: z.string(),
  /** Today, the last 7 and the last 30 days (today included): gross sales, refunds and net sales. */
  sales: z.object({ today: Sales, days7: Sales, days30: Sales }),
  /** One entry per day, oldest first, DASHBOARD_DAYS of them. */
  daily: z.array(Sales.extend({ day: z.string() })),
  awaiting_dispatch: z.number(),
  returns_awaiting_decision: z.number(),
  /** Orders flagged for a refund (paid after their reservation lapsed) and received returns not yet refunded. */
  refunds_owed: z.object({ orders: z.number(), returns: z.number(), amount: z.number() }),
  stones: z.array(z.object({ product_id: z.number(), name: z.string(), available: z.number() })),
});
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponse>;
