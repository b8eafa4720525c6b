import { useFetcher, useRevalidator } from 'react-router';
import type { Profile } from '../../contract/accounts';
import { usePersonal } from './personal';

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
 * Who is signed in, as the server read it from the session cookie (the root loader, or the personal answer of
 * a page served from a shopper's shell, web/lib/personal.ts): no page waits for a token in the browser.
 */
export function useSession(): Session {
  const { user } = usePersonal();
  const fetcher = useFetcher({ key: 'logout' });
  const revalidator = useRevalidator();
  return {
    status: user ? 'authenticated' : 'anonymous',
    user,
    logout: () => fetcher.submit(null, { method: 'post', action: '/logout' }),
    reload: () => revalidator.revalidate(),
  };
}
