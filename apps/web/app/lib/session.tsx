import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '@gemstore/contracts';
import { isErrorOf } from '@gemstore/contracts/client';
import { AUTH_TOKEN_KEY, api, getAuthToken } from './api.ts';

/**
 * The signed-in customer: the bearer token and the
 * user object in browser storage; signed in means a token is stored. On load the profile is
 * checked with auth-user; a failure is retried once after 5 s, then the customer is signed out.
 * Account pages render on the client only, since the server never sees the token.
 */

const USER_KEY = 'gemstore.user';
/** The path a guest wanted before being sent to Login, remembered for after sign-in. */
const REDIRECT_KEY = 'gemstore.redirect';
/** A one-time page refresh is set after sign-in; layout pages reload once when they find it. */
const REFRESH_KEY = 'gemstore.refresh';
export const SESSION_RETRY_MS = 5000;

export type SessionStatus = 'unknown' | 'guest' | 'signed-in';

export interface Session {
  /** 'unknown' until the browser has read storage (always during the server render). */
  status: SessionStatus;
  user: User | null;
  /** Stores the token and user, sets the one-time refresh flag; returns where to go next (the remembered path, else /dashboard). */
  signIn(token: string, user: User): string;
  /**
   * Ends the session: the stored token at once, on the server with a request that outlives the page,
   * then (after `leave`, say a navigation away from a sign-in-only page) the signed-in state.
   */
  signOut(leave?: () => unknown): Promise<void>;
  /** Replaces the stored user (after a profile update). */
  setUser(user: User): void;
}

const SessionContext = createContext<Session | null>(null);

function readStorage(key: string): string | null {
  try { return window.localStorage.getItem(key); } catch { return null; }
}
function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch { /* storage unavailable: the session lasts for this page only */ }
}
function readUser(): User | null {
  const raw = readStorage(USER_KEY);
  if (!raw) return null;
  try { return JSON.parse(raw) as User; } catch { return null; }
}

/** A same-site path, or null: a `redirect` must never lead off the shop (`//host` and `/\\host` would). */
export function safeLocalPath(value: string | null | undefined): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

/** Remembers where a guest wanted to go (only same-site paths are kept). */
export function rememberRedirect(path: string) {
  const safe = safeLocalPath(path);
  if (safe) writeStorage(REDIRECT_KEY, safe);
}

/** The remembered path, cleared once read. */
export function takeRedirect(): string | null {
  const path = readStorage(REDIRECT_KEY);
  writeStorage(REDIRECT_KEY, null);
  return safeLocalPath(path);
}

/** Set once the customer logs out in this document: a login-required page left behind sends them Home, not to Login. */
let loggedOut = false;

/** Whether the customer logged out in this document (and has not signed in since). */
export function loggedOutHere(): boolean {
  return loggedOut;
}

/** Set in this document once a layout took the flag to reload it: the reload is under way. */
let reloadUnderway = false;

/**
 * Whether this document is about to be replaced by the reload a sign-in asked for: the flag is
 * still stored, or a layout took it and is reloading (the app keeps running until the page unloads).
 */
export function refreshPending(): boolean {
  return reloadUnderway || readStorage(REFRESH_KEY) === '1';
}

/** True once: when a sign-in asked layout pages to reload (the caller reloads). */
export function takeRefreshFlag(): boolean {
  const set = readStorage(REFRESH_KEY) === '1';
  if (set) {
    writeStorage(REFRESH_KEY, null);
    reloadUnderway = true;
  }
  return set;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('unknown');
  const [user, setUserState] = useState<User | null>(null);
  const checked = useRef(false);

  const clearLocal = useCallback(() => {
    writeStorage(AUTH_TOKEN_KEY, null);
    writeStorage(USER_KEY, null);
    setUserState(null);
    setStatus('guest');
  }, []);

  useEffect(() => {
    const token = getAuthToken();
    setUserState(readUser());
    setStatus(token ? 'signed-in' : 'guest');
    if (!token || checked.current) return;
    checked.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (attempt: number) => {
      try {
        const { user: fresh } = await api.authUser();
        writeStorage(USER_KEY, JSON.stringify(fresh));
        setUserState(fresh);
      } catch (error) {
        // A rejected token needs no retry; anything else is tried once more after 5 s.
        if (attempt === 0 && !isErrorOf('authUser', error, 'unauthenticated')) {
          timer = setTimeout(() => void check(1), SESSION_RETRY_MS);
        } else if (getAuthToken() === token) {
          clearLocal();
        }
      }
    };
    void check(0);
    return () => clearTimeout(timer);
  }, [clearLocal]);

  const signIn = useCallback((token: string, next: User) => {
    loggedOut = false;
    writeStorage(AUTH_TOKEN_KEY, token);
    writeStorage(USER_KEY, JSON.stringify(next));
    writeStorage(REFRESH_KEY, '1');
    setUserState(next);
    setStatus('signed-in');
    return takeRedirect() ?? '/dashboard';
  }, []);

  const signOut = useCallback(async (leave?: () => unknown) => {
    // Storage first and the server call started before any await: the reload a sign-in asks for can
    // land at any moment, and a page reloaded mid-logout must come back signed out, its token revoked.
    const token = getAuthToken();
    loggedOut = true;
    writeStorage(AUTH_TOKEN_KEY, null);
    writeStorage(USER_KEY, null);
    const revoked = token
      ? api.logout(undefined, { keepalive: true, headers: { authorization: `Bearer ${token}` } }).catch(() => { /* the local session ends regardless */ })
      : undefined;
    await leave?.();
    clearLocal();
    await revoked;
  }, [clearLocal]);

  const setUser = useCallback((next: User) => {
    writeStorage(USER_KEY, JSON.stringify(next));
    setUserState(next);
  }, []);

  const value = useMemo<Session>(() => ({ status, user, signIn, signOut, setUser }), [status, user, signIn, signOut, setUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs the SessionProvider (root.tsx).');
  return session;
}
