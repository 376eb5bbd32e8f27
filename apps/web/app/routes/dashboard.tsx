import { useLocation } from 'react-router';
import type { Route } from './+types/dashboard';
import { DashboardTiles } from '../features/accounts/components/dashboard-tiles.tsx';
import { FormNotice } from '../features/accounts/components/field.tsx';
import { accountMeta } from '../features/accounts/meta.ts';
import { useSession } from '../lib/session.tsx';
import accountCss from '../styles/account.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [accountCss] };

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Your account', 'Your orders, login and security, and addresses.', matches);

/** Dashboard: Your Orders, Login & Security, Your Addresses (rendered once the session is known). */
export default function DashboardRoute() {
  const { user } = useSession();
  const location = useLocation();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  return (
    <div className="container account-page">
      <p className="eyebrow">Your account</p>
      <h1 className="page-title" data-testid="dashboard-title">
        {user?.name ? <>Hello, <span data-testid="dashboard-name">{user.name}</span></> : 'Your account'}
      </h1>
      {typeof notice === 'string' && <FormNotice>{notice}</FormNotice>}
      <DashboardTiles />
    </div>
  );
}
