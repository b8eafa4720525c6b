import { productQuerySchema } from '../../contract/catalog';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { ProductsPanel } from '../features/admin/products-panel';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.products';

export const handle: SectionHandle = { title: 'Products' };

const LIST_LIMIT = 500;

/** The products matching the address's search and category, with every category and subcategory for the form. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'products', async () => {
    const params = new URL(request.url).searchParams;
    const parsed = productQuerySchema.safeParse({
      search: params.get('search') ?? '',
      category: params.get('category') ?? '',
      limit: String(LIST_LIMIT),
    });
    const { catalog } = context.services;
    const [products, categories, subcategories, collections] = await Promise.all([
      catalog.listProducts(parsed.success ? parsed.data : { limit: LIST_LIMIT }),
      catalog.listCategories(),
      catalog.listSubcategories(),
      context.services.rooms.listCollections(),
    ]);
    return { products, categories, subcategories, collections: collections.map(({ id, title }) => ({ id, title })) };
  });
}

/** Deletes a product (orders keep their copy); adding and editing, with images, go to the admin API for the upload's progress bar. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const slug = textOf(formData, 'slug');
  if (!slug) return missingItem('delete');
  return outcome(
    'delete',
    () => context.services.releasing(() => context.services.catalog.deleteProduct(slug)),
    'Product deleted successfully',
    'Failed to delete product',
  );
}

export default function ProductsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ProductsPanel
      products={loaderData.products}
      categories={loaderData.categories}
      subcategories={loaderData.subcategories}
      collections={loaderData.collections}
    />
  );
}

export function ErrorBoundary() {
  return <SectionError message="Error loading products" />;
}
