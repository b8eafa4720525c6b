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
  // The sections' badges: what waits for the owner. A failed count shows no badge; it never takes the panel down.
  const [afterSale, quotes] = await Promise.all([
    context.services.afterSale.counts().catch(() => null),
    context.services.quotes.waiting().catch(() => null),
  ]);
  const waiting: Record<string, number> = {};
  if (afterSale) waiting['/dashboard/returns'] = afterSale.cancellation_requests + afterSale.returns_open;
  if (quotes) waiting['/dashboard/quotes'] = quotes.to_price + quotes.changes_asked;
  return { username: user.username, waiting };
}

/**
 * A section's own filters and pages (a search typed in the product list, its next page) reload that section
 * alone: the frame's badges are counted again on the way to another section, after a change and on a reload,
 * not on every search (8 count queries each time; decision 0058). The sections' loaders check the superuser
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
