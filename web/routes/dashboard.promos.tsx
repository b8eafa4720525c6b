import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, intentOf, outcome, unknownIntent } from '../features/admin/admin.server';
import { PromoBannersSection } from '../features/admin/promo-banners-section';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.promos';

export const handle: SectionHandle = { title: 'Promo banners' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'promos', () => context.services.content.promoBanners());
}

/** Deletes a promo banner (adding and editing, with their image, go to the admin API for the upload's progress). */
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const formData = await request.formData();
  const id = idOf(formData);
  if (intentOf(formData) !== 'delete' || id === null) return unknownIntent();
  return outcome(() => context.services.releasing(() => context.services.content.deletePromoBanner(id)), 'Promo banner deleted successfully');
}

export default function PromoBannersRoute({ loaderData }: Route.ComponentProps) {
  return <PromoBannersSection banners={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading promo banners." />;
}
