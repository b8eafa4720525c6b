import { Outlet, type ShouldRevalidateFunction } from 'react-router';
import { AdminFrame, SectionError } from '../features/admin/admin-panel';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel | Teakwood Studio' }, { name: 'robots', content: 'noindex' }];

/**
 * The admin panel's frame, for superusers only, decided on the server: visitors log in first, customers go to
 * the shop's home. Each section below is a route of its own, with its own loader, action and error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireSuperuser(request, context);
  // The sections' badges: what waits for the owner, in one statement, kept until one of its tables changes
  // (decision 0058). A failed count shows no badge; it never takes the panel down.
  const counts = await context.services.panelWaiting.current().catch(() => null);
  const waiting: Record<string, number> = {};
  if (counts) {
    waiting['/dashboard/returns'] = counts.cancellation_requests + counts.returns_open;
    waiting['/dashboard/quotes'] = counts.to_price + counts.changes_asked;
  }
  return { username: user.username, waiting };
}

/**
 * A section's own filters and pages (a search typed in the product list, its next page) reload that section
 * alone: the frame's badges are counted again on the way to another section, after a change and on a reload,
 * not on every search (decision 0058). The sections' loaders check the superuser
 * themselves.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame username={loaderData.username} waiting={loaderData.waiting}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary() {
  return <SectionError message="The admin panel could not be loaded. Please try again in a moment." />;
}
