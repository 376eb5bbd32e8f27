import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/newsletter-unsubscribe';
import { useNewsletterUnsubscribe } from '../features/site/api/newsletter.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';
import accountCss from '../styles/account.css?url';

/** An account page: its look comes from account.css, whichever page the visitor came from. */
export const handle: RouteHandle = { stylesheets: [accountCss] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Unsubscribe from the newsletter', matches);

/**
 * /newsletter/unsubscribe?email=&token=: the link in every newsletter email. Leaving takes a click,
 * not the page's opening, so a mail scanner that opens every link takes nobody off the list.
 */
export default function NewsletterUnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const confirm = useNewsletterUnsubscribe();

  return (
    <div className="container account-page account-page--narrow" data-testid="newsletter-unsubscribe">
      <h1 className="page-title">Unsubscribe from the newsletter</h1>
      {confirm.isSuccess ? (
        <>
          <p className="form-notice" role="status" data-testid="newsletter-unsubscribed">{confirm.data.message}</p>
          <p><Link to="/home" className="button button--ghost">Continue shopping</Link></p>
        </>
      ) : (
        <>
          <p>{email ? `${email} will receive no more newsletters from us.` : 'This address will receive no more newsletters from us.'}</p>
          {confirm.isError && <p className="form-alert" role="alert" data-testid="newsletter-unsubscribe-error">{confirm.error.message}</p>}
          <button type="button" className="button button--primary" disabled={!token || !email || confirm.isPending}
            onClick={() => confirm.mutate({ email, token })}>
            {confirm.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </>
      )}
    </div>
  );
}
