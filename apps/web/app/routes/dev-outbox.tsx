import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/dev-outbox';
import { useOutbox } from '../features/outbox/api/get-outbox.ts';
import { ApiError } from '@gemstore/contracts/client';
import accountCss from '../styles/account.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [accountCss] };

export const meta: Route.MetaFunction = () => [
  { title: 'Outbox (development)' },
  { name: 'robots', content: 'noindex' },
];

const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * /dev/outbox: the messages the `outbox` sender stored (one-time codes by SMS, voice and email),
 * newest first, so the demo works without SMS or email. The API has it only outside production.
 */
export default function DevOutboxRoute() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to')?.trim() ?? '';
  const outbox = useOutbox(to);
  const unavailable = outbox.error instanceof ApiError && outbox.error.status === 404;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('to') ?? '').trim();
    setParams(next ? { to: next } : {});
    if (next === to) void outbox.refetch();
  };

  const messages = outbox.data?.messages ?? [];
  return (
    <main id="main" className="container outbox">
      <p className="eyebrow">Development</p>
      <h1 className="page-title">Outbox</h1>
      <p className="outbox__lead">Messages the shop would have sent by SMS, voice call or email, newest first.</p>
      <form className="outbox__form" onSubmit={onSubmit} role="search" data-testid="outbox-form">
        <div className="field">
          <label htmlFor="outbox-to">Recipient (email or mobile number)</label>
          <input id="outbox-to" name="to" type="search" maxLength={128} defaultValue={to} key={to} placeholder="All recipients" />
        </div>
        <button type="submit" className="button button--primary">Show messages</button>
      </form>

      {unavailable ? (
        <p className="empty" data-testid="outbox-unavailable">The outbox is available only outside production.</p>
      ) : outbox.isError ? (
        <p className="form-alert" role="alert">{outbox.error.message}</p>
      ) : outbox.isPending ? (
        <p className="session-wait" role="status">Loading messages…</p>
      ) : messages.length === 0 ? (
        <p className="empty" data-testid="outbox-empty">No messages{to ? ` for ${to}` : ''} yet.</p>
      ) : (
        <div className="outbox__table-wrap">
          <table className="outbox__table" data-testid="outbox-table">
            <caption className="visually-hidden">Messages{to ? ` for ${to}` : ''}, newest first</caption>
            <thead>
              <tr><th scope="col">To</th><th scope="col">Channel</th><th scope="col">Purpose</th><th scope="col">Code</th><th scope="col">Text</th><th scope="col">Time</th></tr>
            </thead>
            <tbody>
              {messages.map((m, i) => (
                <tr key={`${m.created_at}-${i}`} data-testid="outbox-message">
                  <td data-label="To">{m.to}</td>
                  <td data-label="Channel">{m.channel}</td>
                  <td data-label="Purpose">{m.purpose}</td>
                  <td data-label="Code" className="outbox__code">{m.code ?? '—'}</td>
                  <td data-label="Text" className="outbox__text">{m.text}</td>
                  <td data-label="Time"><time dateTime={m.created_at}>{TIME.format(new Date(m.created_at))}</time></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="outbox__back"><Link to="/home">Back to the shop</Link></p>
    </main>
  );
}
