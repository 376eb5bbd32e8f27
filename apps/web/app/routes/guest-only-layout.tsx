import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/guest-only-layout';
import { mediaUrl } from '../lib/media.ts';
import { loadSite } from '../lib/server-api.ts';
import { rememberRedirect, takeRefreshFlag, useSession, type SessionStatus } from '../lib/session.tsx';
import { StoreProvider } from '../lib/store-context.tsx';
import accountCss from '../styles/account.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [accountCss] };

/** The store's name and logo for the centred layout (and isFromIndia for the register form). */
export async function loader({ context }: Route.LoaderArgs) {
  const { profile } = await loadSite(context);
  return { profile, origin: profile.site_url };
}

// The store does not change between the sign-in screens.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

/**
 * Guest-only routes (login, register, forgot password) in a centred layout with the store logo:
 * a signed-in customer is sent to Dashboard. A `redirect` query parameter is remembered so
 * sign-in can return there.
 */
export default function GuestOnlyLayout({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const { status } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { pathname } = useLocation();
  // A guest who signs in on these screens is sent on by the screen itself (to the remembered path),
  // so the guard turns away a customer who arrives signed in, or who moves to another guest screen.
  const seen = useRef<SessionStatus>(status);
  const signedInOn = useRef<string | null>(null);

  // Layout pages reload once if the one-time refresh flag was stored.
  useEffect(() => {
    if (takeRefreshFlag()) window.location.reload();
  }, []);

  useEffect(() => {
    if (redirect) rememberRedirect(redirect);
  }, [redirect]);

  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (status !== 'signed-in') {
      signedInOn.current = null;
    } else if (before === 'guest' && signedInOn.current === null) {
      signedInOn.current = pathname;
    } else if (signedInOn.current !== pathname) {
      navigate('/dashboard', { replace: true });
    }
  }, [status, pathname, navigate]);

  return (
    <StoreProvider profile={profile}>
      <div className="auth-shell">
        <a className="skip-link" href="#main">Skip to content</a>
        <header className="auth-shell__header">
          <Link to="/home" className="logo" data-testid="logo">
            {profile.primary_logo.path
              ? <img src={mediaUrl(profile.primary_logo.path)} alt={profile.name} className="logo__image" width={300} height={80} />
              : <span className="logo__name">{profile.name}</span>}
          </Link>
        </header>
        <main id="main" className="auth-card" tabIndex={-1}>
          <Outlet />
        </main>
        <footer className="auth-shell__footer">
          <Link to="/home">Back to the shop</Link>
        </footer>
      </div>
    </StoreProvider>
  );
}
