import { Outlet } from 'react-router';
import { AdminFrame, SectionError } from '../features/admin/admin-panel';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel | Teakwood Studio' }, { name: 'robots', content: 'noindex' }];

/**
 * The admin panel's frame, for superusers only, decided on the server: visitors log in first, customers go to
 * the shop's home. Each section below is a route of its own, with its own loader, action and error page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireSuperuser(request, context);
  return { username: user.username };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame username={loaderData.username}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary() {
  return <SectionError message="The admin panel could not be loaded. Please try again in a moment." />;
}
