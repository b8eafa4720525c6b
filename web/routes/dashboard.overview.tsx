import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad } from '../features/admin/admin.server';
import { Overview } from '../features/admin/overview';
import type { Route } from './+types/dashboard.overview';

export const handle: SectionHandle = { title: 'Overview' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'overview', () => context.services.admin.overview());
}

export default function OverviewRoute({ loaderData }: Route.ComponentProps) {
  return <Overview overview={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the overview." />;
}
