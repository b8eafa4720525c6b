import { data } from 'react-router';
import type { SectionHandle } from '../features/admin/admin-panel';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.not-found';

export const handle: SectionHandle = { title: 'Page Not Found' };

/** An address under /dashboard that is no section: a 404 inside the panel's frame (for superusers only). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireSuperuser(request, context);
  return data(null, { status: 404 });
}

export default function DashboardNotFound() {
  return <p className="text-teak-800">There is no such section of the admin panel. Choose one from the list.</p>;
}
