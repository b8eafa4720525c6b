import { useSession } from '../lib/session';
import { AdminPanel } from '../features/admin/admin-panel';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel | Teakwood Studio' }, { name: 'robots', content: 'noindex' }];

/** Superusers only, decided on the server: visitors log in first, customers go to the shop's home. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireSuperuser(request, context);
  return null;
}

export default function DashboardRoute() {
  const session = useSession();
  if (!session.user) return null;
  return <AdminPanel user={session.user} onLogout={() => void session.logout()} />;
}
