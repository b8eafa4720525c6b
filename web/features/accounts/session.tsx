import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { Profile } from '../../../contract/accounts';
import { ACCESS_KEY, api, ApiError, clearTokens, readTokens, REFRESH_KEY, storeTokens, TOKENS_CHANGED_EVENT } from '../../lib/api';

export type SessionUser = Profile;

export interface Session {
  status: 'loading' | 'anonymous' | 'authenticated';
  user: SessionUser | null;
  login(tokens: { access: string; refresh: string }): Promise<SessionUser>;
  logout(): Promise<void>;
  reload(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

interface State {
  status: Session['status'];
  user: SessionUser | null;
  /** Set by a log-out until the next page: the guards then send the page being left home, not to /login. */
  loggedOut?: boolean;
}

/** Tells the guards that the session just ended by the user's own log-out. */
const LoggedOutContext = createContext(false);

/**
 * Holds who is logged in. The server renders every page as a visitor would see it ('loading'), because the
 * tokens live in the browser's local storage; the browser then reads them and fetches the profile.
 */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading', user: null });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The log-out mark belongs to the page it happened on: any later page is guarded as usual.
  const loggedOutOn = useRef<string | null>(null);
  useEffect(() => {
    if (loggedOutOn.current !== null && loggedOutOn.current !== pathname) {
      loggedOutOn.current = null;
      setState((s) => (s.loggedOut ? { ...s, loggedOut: false } : s));
    }
  }, [pathname]);
  // Answers of older profile requests must not overwrite newer ones (log-in racing the first read).
  const generation = useRef(0);

  const fetchProfile = useCallback(async (): Promise<SessionUser | null> => {
    const mine = ++generation.current;
    if (!readTokens().refresh && !readTokens().access) {
      setState({ status: 'anonymous', user: null });
      return null;
    }
    try {
      const user = await api<SessionUser>('/api/profile/');
      if (mine === generation.current) setState({ status: 'authenticated', user });
      return user;
    } catch (err) {
      if (mine !== generation.current) return null;
      if (err instanceof ApiError && err.status === 401) {
        clearTokens();
        setState({ status: 'anonymous', user: null });
        return null;
      }
      // The shop could not be reached: keep the tokens (they may still be good) but show the visitor view.
      setState({ status: 'anonymous', user: null });
      return null;
    }
  }, []);

  useEffect(() => {
    void fetchProfile();
  }, [fetchProfile]);

  useEffect(() => {
    const onTokens = () => {
      const { access, refresh } = readTokens();
      if (!access && !refresh) {
        generation.current++;
        setState((s) => ({ status: 'anonymous', user: null, loggedOut: s.loggedOut }));
      }
    };
    // Another tab logged in or out: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== ACCESS_KEY && event.key !== REFRESH_KEY) return;
      const { access, refresh } = readTokens();
      if (!access && !refresh) onTokens();
      else if (event.key === null || event.key === REFRESH_KEY) void fetchProfile();
    };
    window.addEventListener(TOKENS_CHANGED_EVENT, onTokens);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(TOKENS_CHANGED_EVENT, onTokens);
      window.removeEventListener('storage', onStorage);
    };
  }, [fetchProfile]);

  const login = useCallback(
    async (tokens: { access: string; refresh: string }) => {
      storeTokens(tokens);
      const user = await fetchProfile();
      if (!user) throw new ApiError(401, 'We could not log you in. Please try again.');
      return user;
    },
    [fetchProfile],
  );

  const logout = useCallback(async () => {
    const { refresh } = readTokens();
    if (refresh) {
      try {
        await api('/api/token/logout/', { method: 'POST', json: { refresh } });
      } catch {
        // Logging out locally must work even when the server cannot be reached; the token expires anyway.
      }
    }
    // The session ends at once, marked as a log-out: a guarded page still on screen then sends the user home
    // (the spec: log-out goes to /), never to /login?next=<that page>, which would send the next person to
    // log in on this browser to the previous user's page.
    generation.current++;
    loggedOutOn.current = window.location.pathname;
    setState({ status: 'anonymous', user: null, loggedOut: true });
    clearTokens();
    await navigate('/');
  }, [navigate]);

  const reload = useCallback(async () => {
    await fetchProfile();
  }, [fetchProfile]);

  const { status, user, loggedOut = false } = state;
  const value = useMemo<Session>(() => ({ status, user, login, logout, reload }), [status, user, login, logout, reload]);
  return (
    <SessionContext.Provider value={value}>
      <LoggedOutContext.Provider value={loggedOut}>{children}</LoggedOutContext.Provider>
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it.');
  return session;
}

function SessionLoading() {
  return (
    <div role="status" aria-live="polite" className="container-page flex min-h-[40vh] items-center justify-center py-16 text-teak-800">
      <span className="mr-3 inline-block h-5 w-5 animate-spin rounded-full border-2 border-teak-300 border-t-teak-700" aria-hidden />
      Loading…
    </div>
  );
}

function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * What a guard shows someone who is not logged in: the way to /login?next=<this page>; right after a log-out,
 * nothing but the wait while the log-out takes the user home.
 */
function AnonymousVisitor() {
  const location = useLocation();
  if (useContext(LoggedOutContext)) return <SessionLoading />;
  return <Navigate to={loginPathFor(location)} replace />;
}

/** Renders children only for a logged-in user; sends others to /login?next=<current path+search> (a log-out goes home). */
export function RequireUser({ children }: { children: React.ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'anonymous') return <AnonymousVisitor />;
  return <>{children}</>;
}

/** Renders children only for a superuser; sends visitors to /login?next=..., other users to /. */
export function RequireSuperuser({ children }: { children: React.ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'anonymous') return <AnonymousVisitor />;
  if (!user?.is_superuser) return <Navigate to="/" replace />;
  return <>{children}</>;
}
