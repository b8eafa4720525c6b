import { adminOrderQuerySchema } from '../../contract/orders';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad } from '../features/admin/admin.server';
import { OrdersSection } from '../features/admin/orders-section';
import type { Route } from './+types/dashboard.orders';

export const handle: SectionHandle = { title: 'Orders' };

/** The view, status and search of the list come from the address (?view=pending&status=…&search=…). */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'orders', async () => {
    const url = new URL(request.url);
    const parsed = adminOrderQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    const query = parsed.success ? parsed.data : adminOrderQuerySchema.parse({});
    const { orders } = context.services;
    const [list, counts] = await Promise.all([orders.adminList(query), orders.adminCounts({ search: query.search })]);
    return { orders: list, counts, view: query.view };
  });
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  return <OrdersSection orders={loaderData.orders} counts={loaderData.counts} view={loaderData.view} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading orders." />;
}
