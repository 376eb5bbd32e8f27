import { useId, type FormEvent } from 'react';
import { ApiError } from '@gemstore/contracts/client';
import { useSendEnquiry, type EnquiryInput } from '../api/send-enquiry.ts';

const FIELDS: { name: keyof EnquiryInput; label: string; type: string; max: number; autoComplete: string }[] = [
  { name: 'name', label: 'Name', type: 'text', max: 50, autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', max: 64, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', max: 50, autoComplete: 'tel' },
];

/** Footer enquiry form: every field required; the server's answer is shown as it is. */
export function EnquiryForm() {
  const id = useId();
  const mutation = useSendEnquiry();
  const fieldErrors = mutation.error instanceof ApiError ? mutation.error.errors : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!form.reportValidity()) return;
    const data = new FormData(form);
    const value = (k: keyof EnquiryInput) => String(data.get(k) ?? '').trim();
    mutation.mutate(
      { name: value('name'), email: value('email'), phone: value('phone'), message: value('message') },
      { onSuccess: () => form.reset() },
    );
  };

  const errorOf = (name: string) => fieldErrors[name]?.[0];

  return (
    <form className="enquiry" onSubmit={onSubmit} aria-labelledby={`${id}-title`} data-testid="enquiry-form">
      <h2 id={`${id}-title`} className="footer__heading">Send us an enquiry</h2>
      {FIELDS.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
          <input
            id={`${id}-${f.name}`}
            name={f.name}
            type={f.type}
            required
            maxLength={f.max}
            autoComplete={f.autoComplete}
            aria-invalid={errorOf(f.name) ? true : undefined}
            aria-describedby={errorOf(f.name) ? `${id}-${f.name}-error` : undefined}
          />
          {errorOf(f.name) && <p className="field__error" id={`${id}-${f.name}-error`}>{errorOf(f.name)}</p>}
        </div>
      ))}
      <div className="field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={3}
          maxLength={2000}
          aria-invalid={errorOf('message') ? true : undefined}
          aria-describedby={errorOf('message') ? `${id}-message-error` : undefined}
        />
        {errorOf('message') && <p className="field__error" id={`${id}-message-error`}>{errorOf('message')}</p>}
      </div>
      <button type="submit" className="button button--accent" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : 'Send enquiry'}
      </button>
      <p className="enquiry__status" role="status" aria-live="polite" data-testid="enquiry-status">
        {mutation.isSuccess && (mutation.data?.message ?? 'Thank you. We will get back to you soon.')}
        {mutation.isError && <span className="enquiry__error">{mutation.error.message}</span>}
      </p>
    </form>
  );
}
