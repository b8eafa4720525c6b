import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { CollectionsPanel } from '../features/admin/rooms-section';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.collections';

export const handle: SectionHandle = { title: 'Collections' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'collections', () => context.services.rooms.listCollections());
}

/** Deletes a collection (its products stay); adding and editing go to the admin API for the image's progress bar. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = textOf(formData, 'id');
  if (!id) return missingItem('delete');
  return outcome('delete', () => context.services.releasing(() => context.services.rooms.deleteCollection(id)), 'Collection deleted successfully');
}

export default function CollectionsRoute({ loaderData }: Route.ComponentProps) {
  return <CollectionsPanel collections={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading collections." />;
}
