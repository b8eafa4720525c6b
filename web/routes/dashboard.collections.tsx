import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, intentOf, outcome, textOf, unknownIntent } from '../features/admin/admin.server';
import { CollectionsPanel } from '../features/admin/rooms-section';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.collections';

export const handle: SectionHandle = { title: 'Collections' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'collections', () => context.services.rooms.listCollections());
}

/** Deletes a collection (its products stay); adding and editing go to the admin API for the image's progress bar. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const formData = await request.formData();
  const id = textOf(formData, 'id');
  if (intentOf(formData) !== 'delete' || !id) return unknownIntent();
  return outcome(() => context.services.releasing(() => context.services.rooms.deleteCollection(id)), 'Collection deleted successfully');
}

export default function CollectionsRoute({ loaderData }: Route.ComponentProps) {
  return <CollectionsPanel collections={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading collections." />;
}
