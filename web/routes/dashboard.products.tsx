import { productQuerySchema } from '../../contract/catalog';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { toProductRow } from '../features/admin/product-rows';
import { ProductsPanel } from '../features/admin/products-panel';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.products';

export const handle: SectionHandle = { title: 'Products' };

/** Products a page of the list shows: a catalogue of any size is read and drawn a page at a time (decision 0041). */
export const ADMIN_PRODUCTS_PAGE = 50;

/**
 * A page of the products matching the address's search and category (the next one after `after`, the last id
 * of the page before; a search shows its best matches), with every category and subcategory for the form.
 * Each product comes as its row (what the list shows); the editor reads the whole product when Edit is pressed.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'products', async () => {
    const params = new URL(request.url).searchParams;
    const search = params.get('search') ?? '';
    const parsed = productQuerySchema.safeParse({
      search,
      category: params.get('category') ?? '',
      // One more than a page: whether there is a next one.
      limit: String(ADMIN_PRODUCTS_PAGE + 1),
      after: search ? '' : (params.get('after') ?? ''),
    });
    const { catalog } = context.services;
    const [found, categories, subcategories, collections] = await Promise.all([
      catalog.listProducts(parsed.success ? parsed.data : { limit: ADMIN_PRODUCTS_PAGE + 1 }),
      catalog.listCategories(),
      catalog.listSubcategories(),
      context.services.rooms.listCollections(),
    ]);
    const page = found.slice(0, ADMIN_PRODUCTS_PAGE);
    return {
      products: page.map(toProductRow),
      nextAfter: !search && found.length > ADMIN_PRODUCTS_PAGE ? page.at(-1)!.id : null,
      paged: parsed.success && parsed.data.after !== undefined,
      // What the form's selects offer, no more.
      categories: categories.map(({ slug, name }) => ({ slug, name })),
      subcategories: subcategories.map(({ slug, name, category }) => ({ slug, name, category: { slug: category.slug } })),
      collections: collections.map(({ id, title }) => ({ id, title })),
    };
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
      nextAfter={loaderData.nextAfter}
      paged={loaderData.paged}
      categories={loaderData.categories}
      subcategories={loaderData.subcategories}
      collections={loaderData.collections}
    />
  );
}

export function ErrorBoundary() {
  return <SectionError message="Error loading products" />;
}
