import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, intentOf, outcome, unknownIntent } from '../features/admin/admin.server';
import { HomeBannerSection } from '../features/admin/home-media-sections';
import { isNotFound } from '../lib/load.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.banner';

export const handle: SectionHandle = { title: 'Home banner' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'banner', async () => {
    try {
      return { banner: await context.services.content.homeBanner() };
    } catch (err) {
      if (isNotFound(err)) return { banner: null };
      throw err;
    }
  });
}

/** Deletes the newest banner (the one before it shows again); an upload goes to the admin API for its progress bar. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  if (intentOf(await request.formData()) !== 'delete') return unknownIntent();
  return outcome(() => context.services.releasing(() => context.services.content.deleteHomeBanner()), 'Home banner deleted successfully');
}

export default function HomeBannerRoute({ loaderData }: Route.ComponentProps) {
  return <HomeBannerSection banner={loaderData.banner} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error fetching banner." />;
}
