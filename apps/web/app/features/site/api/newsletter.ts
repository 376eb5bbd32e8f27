import { useMutation } from '@tanstack/react-query';
import type { NewsletterConfirmBody, NewsletterSubscribeBody, NewsletterUnsubscribeBody } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/newsletter-subscribe: a confirmation link goes to the address (double opt-in). */
export function useNewsletterSubscribe() {
  return useMutation({ mutationKey: ['newsletter-subscribe'], mutationFn: (body: NewsletterSubscribeBody) => api.newsletterSubscribe({ body }) });
}

/** POST /api/newsletter-confirm: the emailed link's token confirms the sign-up. */
export function useNewsletterConfirm() {
  return useMutation({ mutationKey: ['newsletter-confirm'], mutationFn: (body: NewsletterConfirmBody) => api.newsletterConfirm({ body }) });
}

/** POST /api/newsletter-unsubscribe: the signed link in every newsletter email takes the address off the list. */
export function useNewsletterUnsubscribe() {
  return useMutation({ mutationKey: ['newsletter-unsubscribe'], mutationFn: (body: NewsletterUnsubscribeBody) => api.newsletterUnsubscribe({ body }) });
}
