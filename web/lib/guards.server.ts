import { redirect, type AppLoadContext } from 'react-router';
import type { AccountUser } from '../../server/services';

/** `/login?next=<this page>`, keeping the path and query the visitor asked for. */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/login?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in user of a page that needs one; a visitor is sent to log in and brought back afterwards. */
export function requireUser(request: Request, context: AppLoadContext): AccountUser {
  if (!context.user) throw redirect(loginPathFor(request));
  return context.user;
}

/** A superuser's page (the dashboard): visitors log in first, other customers go to the shop's home. */
export function requireSuperuser(request: Request, context: AppLoadContext): AccountUser {
  const user = requireUser(request, context);
  if (!user.isSuperuser) throw redirect('/');
  return user;
}
