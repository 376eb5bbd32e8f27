import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMeResponse } from '@gemstore/contracts';
import { createContext, use, type ReactNode } from 'react';
import { api, getStaffToken, isSignedOut, setStaffToken } from './api.ts';
import { setShopTimeZone } from './format.ts';

/** The signed-in member (GET /api/admin/me), or null when signed out. */
interface Session {
  me: AdminMeResponse | null;
  loading: boolean;
  signIn(token: string): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
export const meKey = ['admin', 'me'] as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: meKey,
    queryFn: async () => {
      if (!getStaffToken()) return null;
      try {
        return await api.adminMe();
      } catch (err) {
        if (isSignedOut(err)) {
          setStaffToken(null);
          return null;
        }
        throw err;
      }
    },
  });
  // Another member's (or nobody's) cached answers must not outlive a sign-in or sign-out; the
  // session's own query stays in the cache so the provider's observer keeps following it.
  const forgetOthers = () => queryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== meKey[1] });
  // Dates on every page are written in the shop's time zone.
  if (me.data) setShopTimeZone(me.data.store.time_zone);
  const session: Session = {
    me: me.data ?? null,
    loading: me.isPending,
    async signIn(token) {
      setStaffToken(token);
      forgetOthers();
      queryClient.setQueryData(meKey, await api.adminMe());
    },
    async signOut() {
      try {
        await api.adminLogout();
      } catch {
        // Signed out on the server already, or unreachable: the token is dropped here either way.
      }
      setStaffToken(null);
      forgetOthers();
      queryClient.setQueryData(meKey, null);
    },
  };
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
