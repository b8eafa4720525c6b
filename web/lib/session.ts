import { useFetcher, useRevalidator, useRouteLoaderData } from 'react-router';
import type { Profile } from '../../contract/accounts';

export type SessionUser = Profile;

export interface Session {
  status: 'anonymous' | 'authenticated';
  user: SessionUser | null;
  /** Ends this browser's session (POST /logout); the server sends the user home. */
  logout(): Promise<void>;
  /** Reads the signed-in user again (after a profile change). */
  reload(): Promise<void>;
}

/**
 * Who is signed in, as the server read it from the session cookie for this page (the root loader): the
 * first HTML already shows 'Hi {username}' or the log-in link, and no page waits for a token in the browser.
 */
export function useSession(): Session {
  const data = useRouteLoaderData<{ user?: SessionUser | null }>('root');
  const user = data?.user ?? null;
  const fetcher = useFetcher({ key: 'logout' });
  const revalidator = useRevalidator();
  return {
    status: user ? 'authenticated' : 'anonymous',
    user,
    logout: () => fetcher.submit(null, { method: 'post', action: '/logout' }),
    reload: () => revalidator.revalidate(),
  };
}
