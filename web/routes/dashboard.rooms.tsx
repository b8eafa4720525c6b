import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { RoomsPanel } from '../features/admin/rooms-section';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.rooms';

export const handle: SectionHandle = { title: 'Rooms' };

/** Every room with all its hotspots; the pickers find the products to add as the owner types (dashboard.product-choices). */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'rooms', async () => ({ rooms: await context.services.rooms.adminRooms() }));
}

/** Deletes a room; adding and editing, with the image, go to the admin API for the upload's progress bar. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const slug = textOf(formData, 'slug');
  if (!slug) return missingItem('delete');
  return outcome('delete', () => context.services.releasing(() => context.services.rooms.deleteRoom(slug)), 'Room deleted successfully');
}

export default function RoomsRoute({ loaderData }: Route.ComponentProps) {
  return <RoomsPanel rooms={loaderData.rooms} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading rooms." />;
}
