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
