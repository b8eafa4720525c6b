import { adminLoad } from '../features/admin/admin.server';
import type { ProductChoice } from '../features/admin/product-picker';
import type { Route } from './+types/dashboard.product-choices';

/** How many products a picker's list offers at once: enough to choose from, short enough to read on a phone. */
const CHOICES = 8;

/**
 * The admin's product pickers ask here as the owner types (a fetcher, `?q=`): the catalogue's own search,
 * by name and typo tolerant, answering what a picker shows of each product. Sold-out products are offered
 * too (a room may show them again once they are back); the picker says so. Superusers only.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'product-choices', async () => {
    const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
    if (!query) return { query, products: [] as ProductChoice[], failed: false };
    try {
      const found = await context.services.catalog.listProducts({ search: query, limit: CHOICES });
      const products: ProductChoice[] = found.map(({ slug, name, price, in_stock, image }) => ({ slug, name, price, in_stock, image }));
      return { query, products, failed: false };
    } catch (err) {
      // The picker says the search failed and the owner types again; the section around it stays.
      context.log.error({ err }, 'the admin product search failed');
      return { query, products: [] as ProductChoice[], failed: true };
    }
  });
}
