import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, intentOf, outcome, textOf, unknownIntent } from '../features/admin/admin.server';
import { RoomsPanel } from '../features/admin/rooms-section';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.rooms';

export const handle: SectionHandle = { title: 'Rooms' };

/** Every room with all its hotspots; the pickers find the products to add as the owner types (dashboard.product-choices). */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'rooms', async () => ({ rooms: await context.services.rooms.adminRooms() }));
}

/** Deletes a room; adding and editing, with the image, go to the admin API for the upload's progress bar. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const formData = await request.formData();
  const slug = textOf(formData, 'slug');
  if (intentOf(formData) !== 'delete' || !slug) return unknownIntent();
  return outcome(() => context.services.releasing(() => context.services.rooms.deleteRoom(slug)), 'Room deleted successfully');
}

export default function RoomsRoute({ loaderData }: Route.ComponentProps) {
  return <RoomsPanel rooms={loaderData.rooms} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading rooms." />;
}
