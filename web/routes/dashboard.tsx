import { RequireSuperuser, SessionProvider, useSession } from '../features/accounts/session';
import { AdminPanel } from '../features/admin/admin-panel';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel | Teakwood Studio' }, { name: 'robots', content: 'noindex' }];

function Panel() {
  const session = useSession();
  // RequireSuperuser renders this only once the session holds a superuser.
  if (!session.user) return null;
  return <AdminPanel user={session.user} onLogout={() => void session.logout()} />;
}

/**
 * The admin panel sits outside the main layout, so it brings its own session. The server renders the
 * guard's neutral "Loading…" shell: who is logged in is known only in the browser (tokens in local storage).
 */
export default function DashboardRoute() {
  return (
    <SessionProvider>
      <RequireSuperuser>
        <Panel />
      </RequireSuperuser>
    </SessionProvider>
  );
}
