import { redirect } from 'react-router';
import type { Route } from './+types/logout';

/**
 * Log-out: ends this browser's session only (other devices stay signed in) and clears its cookie, then goes
 * home (the spec), never to a `/login?next=` of the page left behind.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await context.services.browserSessions.end(request.headers.get('cookie'));
  return redirect('/', { headers: { 'set-cookie': cookie } });
}

/** A log-out is a POST; a visit to /logout (a bookmark, a prefetch) changes nothing. */
export function loader() {
  return redirect('/');
}
