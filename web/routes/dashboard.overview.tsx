import { redirect } from 'react-router';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad } from '../features/admin/admin.server';
import { Overview } from '../features/admin/overview';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.overview';

export const handle: SectionHandle = { title: 'Overview' };

// The panel's addresses before each section had its own (`/dashboard?section=orders&order=12`), for old bookmarks.
const OLD_SECTIONS: Record<string, string> = {
  orders: 'orders',
  messages: 'messages',
  catalog: 'products',
  blogs: 'blogs',
  banner: 'banner',
  testimonials: 'testimonials',
  video: 'video',
  promos: 'promos',
};

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const old = OLD_SECTIONS[params.get('section') ?? ''];
  if (old) {
    requireSuperuser(request, context);
    const order = Number(params.get('order'));
    throw redirect(old === 'orders' && Number.isInteger(order) && order > 0 ? `/dashboard/orders/${order}` : `/dashboard/${old}`);
  }
  return adminLoad(request, context, 'overview', async () => {
    const [overview, afterSale, quotes, lastBackup] = await Promise.all([
      context.services.admin.overview(),
      context.services.afterSale.counts(),
      context.services.quotes.waiting(),
      context.services.backups.lastGood(),
    ]);
    // A night's backup missed (or none ever made) is shown as needing attention.
    const stale = !lastBackup || Date.now() - new Date(lastBackup.at).getTime() > 36 * 3600 * 1000;
    return { ...overview, after_sale: afterSale, quotes, backup: { last: lastBackup && { at: lastBackup.at, archive: lastBackup.archive }, stale } };
  });
}

export default function OverviewRoute({ loaderData }: Route.ComponentProps) {
  return <Overview overview={loaderData} afterSale={loaderData.after_sale} quotes={loaderData.quotes} backup={loaderData.backup} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the overview." />;
}
