import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, outcome } from '../features/admin/admin.server';
import { HomeBannerSection } from '../features/admin/home-media-sections';
import { isNotFound } from '../lib/load.server';
import { dispatch, type IntentArgs } from '../lib/form.server';
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
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context }: IntentArgs<Route.ActionArgs>) {
  return outcome('delete', () => context.services.releasing(() => context.services.content.deleteHomeBanner()), 'Home banner deleted successfully');
}

export default function HomeBannerRoute({ loaderData }: Route.ComponentProps) {
  return <HomeBannerSection banner={loaderData.banner} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error fetching banner." />;
}
