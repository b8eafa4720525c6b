import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome } from '../features/admin/admin.server';
import { PromoBannersSection } from '../features/admin/promo-banners-section';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.promos';

export const handle: SectionHandle = { title: 'Promo banners' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'promos', () => context.services.content.promoBanners());
}

/** Deletes a promo banner (adding and editing, with their image, go to the admin API for the upload's progress). */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (id === null) return missingItem('delete');
  return outcome(
    'delete',
    () => context.services.releasing(() => context.services.content.deletePromoBanner(id)),
    'Promo banner deleted successfully',
  );
}

export default function PromoBannersRoute({ loaderData }: Route.ComponentProps) {
  return <PromoBannersSection banners={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading promo banners." />;
}
