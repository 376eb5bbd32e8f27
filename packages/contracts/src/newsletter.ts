import { z } from 'zod';

/** The newsletter sign-up (double opt-in: the emailed link confirms it). */
export const NewsletterSubscribeBody = z.object({
  email: z.string({ error: 'Enter your email.' }).trim().min(1, 'Enter your email.').max(254, 'The email must be at most 254 characters.')
    .pipe(z.email('Enter a valid email address.')),
});
export type NewsletterSubscribeBody = z.infer<typeof NewsletterSubscribeBody>;

/** The token of the link in the confirmation email. */
export const NewsletterConfirmBody = z.object({
  token: z.string({ error: 'The link is incomplete.' }).trim().min(1, 'The link is incomplete.').max(200, 'The link is not valid.'),
});
export type NewsletterConfirmBody = z.infer<typeof NewsletterConfirmBody>;

/** The link in every newsletter email that takes an address off the list: its address and the link's signature. */
export const NewsletterUnsubscribeBody = z.object({
  email: z.string({ error: 'The link is incomplete.' }).trim().min(1, 'The link is incomplete.').max(254, 'The link is not valid.'),
  token: z.string({ error: 'The link is incomplete.' }).trim().min(1, 'The link is incomplete.').max(200, 'The link is not valid.'),
});
export type NewsletterUnsubscribeBody = z.infer<typeof NewsletterUnsubscribeBody>;

// ---------- The back office's list ----------

export const NEWSLETTER_STATUSES = ['confirmed', 'pending', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export const NEWSLETTER_PAGE_SIZE = 50;

export const AdminNewsletterQuery = z.object({
  /** One status, or every address (`all`, the default). */
  status: z.enum(['all', ...NEWSLETTER_STATUSES], { error: 'Choose all, confirmed, pending or unsubscribed.' }).default('all'),
  /** Part of an address. */
  q: z.string().trim().max(100, 'At most 100 characters.').default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminNewsletterQuery = z.infer<typeof AdminNewsletterQuery>;

export const AdminNewsletterSubscriber = z.object({
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  /** When the address was signed up (the first ask). */
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type AdminNewsletterSubscriber = z.infer<typeof AdminNewsletterSubscriber>;

export const AdminNewsletterResponse = z.object({
  subscribers: z.array(AdminNewsletterSubscriber),
  page: z.number(),
  per_page: z.number(),
  /** Addresses matching the filter. */
  total: z.number(),
  /** The whole list by status, whatever the filter. */
  counts: z.object({ confirmed: z.number(), pending: z.number(), unsubscribed: z.number() }),
});
export type AdminNewsletterResponse = z.infer<typeof AdminNewsletterResponse>;

/** The export's columns: confirmed subscribers only (those who may be mailed). */
export const NEWSLETTER_CSV_COLUMNS = ['email', 'subscribed_on', 'confirmed_on'] as const;
