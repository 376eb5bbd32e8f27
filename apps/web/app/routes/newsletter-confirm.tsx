import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { useNewsletterConfirm } from '../features/site/api/newsletter.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';
import accountCss from '../styles/account.css?url';

/** An account page: its look comes from account.css, whichever page the visitor came from. */
export const handle: RouteHandle = { stylesheets: [accountCss] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Confirm your subscription', matches);

/**
 * /newsletter/confirm?token=: the link of the confirmation email. Confirming takes a click, not the
 * page's opening, so a mail scanner that opens every link subscribes nobody.
 */
export default function NewsletterConfirmRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useNewsletterConfirm();

  return (
    <div className="container account-page account-page--narrow" data-testid="newsletter-confirm">
      <h1 className="page-title">Confirm your subscription</h1>
      {confirm.isSuccess ? (
        <>
          <p className="form-notice" role="status" data-testid="newsletter-confirmed">{confirm.data.message}</p>
          <p><Link to="/home" className="button button--ghost">Continue shopping</Link></p>
        </>
      ) : (
        <>
          <p>One click and you will receive our newsletter: new stones as they arrive.</p>
          {confirm.isError && <p className="form-alert" role="alert" data-testid="newsletter-confirm-error">{confirm.error.message}</p>}
          <button type="button" className="button button--primary" disabled={!token || confirm.isPending}
            onClick={() => confirm.mutate({ token })}>
            {confirm.isPending ? 'Confirming…' : 'Confirm my subscription'}
          </button>
        </>
      )}
    </div>
  );
}
