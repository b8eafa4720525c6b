import type { Profile } from '../../../contract/accounts';

/**
 * The page to return to after logging in: only a path on this site (a `next` of `//evil.example` or
 * `https://...` would send a fresh log-in elsewhere).
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/login') || next.startsWith('/signup')) return null;
  return next;
}

/** The spec's landing page after a log-in: where the user was going, else the dashboard for superusers, else home. */
export function landingAfterLogin(user: Pick<Profile, 'is_superuser'>, next: string | null | undefined): string {
  return safeNext(next) ?? (user.is_superuser ? '/dashboard' : '/');
}
