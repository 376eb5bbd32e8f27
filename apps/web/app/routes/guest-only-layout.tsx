import { useEffect } from 'react';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import { rememberRedirect, useSession } from '../lib/session.tsx';

/**
 * Guest-only routes (login, register, forgot password): a signed-in customer is sent to Dashboard.
 * A `redirect` query parameter is remembered so sign-in can return there.
 */
export default function GuestOnlyLayout() {
  const { status } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');

  useEffect(() => {
    if (redirect) rememberRedirect(redirect);
  }, [redirect]);

  useEffect(() => {
    if (status === 'signed-in') navigate('/dashboard', { replace: true });
  }, [status, navigate]);

  return <Outlet />;
}
