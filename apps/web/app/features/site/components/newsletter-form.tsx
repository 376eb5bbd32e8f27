import { useId, type FormEvent } from 'react';
import { ApiError } from '@gemstore/contracts/client';
import { useNewsletterSubscribe } from '../api/newsletter.ts';

/** The footer's newsletter sign-up: an email address, then a link to confirm it arrives by email. */
export function NewsletterForm({ storeName }: { storeName: string }) {
  const id = useId();
  const mutation = useNewsletterSubscribe();
  const fieldError = mutation.error instanceof ApiError ? mutation.error.errors.email?.[0] : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!form.reportValidity()) return;
    const email = String(new FormData(form).get('email') ?? '').trim();
    mutation.mutate({ email }, { onSuccess: () => form.reset() });
  };

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <div className="container newsletter__inner">
        <div>
          <h2 className="footer__heading" id={`${id}-title`}>The {storeName} newsletter</h2>
          <p className="newsletter__lead">New stones as they arrive, and what to look for in a certificate. No more than twice a month.</p>
        </div>
        <form className="newsletter__form" onSubmit={onSubmit} noValidate data-testid="newsletter-form">
          <label className="visually-hidden" htmlFor={`${id}-email`}>Your email</label>
          <input id={`${id}-email`} name="email" type="email" required maxLength={254} autoComplete="email" placeholder="Your email"
            aria-invalid={fieldError ? true : undefined} aria-describedby={`${id}-status`} />
          <button type="submit" className="button button--accent" disabled={mutation.isPending}>
            {mutation.isPending ? 'Signing up…' : 'Subscribe'}
          </button>
        </form>
        <p className="newsletter__status" id={`${id}-status`} role="status" aria-live="polite" data-testid="newsletter-status">
          {mutation.isSuccess && mutation.data.message}
          {mutation.isError && <span className="enquiry__error">{fieldError ?? mutation.error.message}</span>}
        </p>
      </div>
    </section>
  );
}
