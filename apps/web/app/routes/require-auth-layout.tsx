import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loggedOutHere, rememberRedirect, useSession } from '../lib/session.tsx';

/**
 * Login-required routes: a guest is sent to Login and the wanted path is
 * remembered. Nothing of the page renders until the browser knows the customer is signed in.
 */
export default function RequireAuthLayout() {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = location.pathname + location.search;

  useEffect(() => {
    if (status === 'guest') {
      // A logout from this page goes Home (the header's Log out), whichever navigation lands first.
      if (loggedOutHere()) {
        navigate('/home', { replace: true });
        return;
      }
      rememberRedirect(wanted);
      navigate(`/login?redirect=${encodeURIComponent(wanted)}`, { replace: true });
    }
  }, [status, wanted, navigate]);

  if (status !== 'signed-in') {
    return <p className="session-wait" role="status">Checking your session…</p>;
  }
  return <Outlet />;
}
