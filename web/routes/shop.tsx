import { Form, useSubmit } from 'react-router';
import { productQuerySchema } from '../../contract/catalog';
import { PRODUCT_ORDERINGS } from '../../contract/catalog-values';
import { siteImageUrl } from '../../contract/site-images';
import { PageBanner } from '../components/ui/page-banner';
import { LoadError } from '../components/ui/load-error';
import { LOADING_PRODUCTS, ProductGrid, toCard, useProductsLoading } from '../features/catalog/product-card';
import { loadSection, pageData } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/shop';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

const ORDER_LABELS: Record<(typeof PRODUCT_ORDERINGS)[number], string> = {
  '-created_at': 'Newest first',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name',
  '-ratings': 'Best rated',
  ratings: 'Lowest rated',
};

export const loader = keptLoader(async ({ request, context }: Kept<Route.LoaderArgs>) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = productQuerySchema.safeParse({ category: params.category, ordering: params.ordering, in_stock: params.in_stock });
  const query = parsed.success ? parsed.data : {};
  const { catalog } = context.services;
  const [categories, products] = await Promise.all([
    loadSection(context, 'categories', () => catalog.listCategories()),
    loadSection(context, 'products', () => catalog.listProducts(query).then((l) => l.map(toCard))),
  ]);
  // Without the categories the filter offers only 'All categories'. The filter needs their slugs and names only.
  return pageData({ categories: categories.ok ? categories.data.map(({ slug, name }) => ({ slug, name })) : [], products, query }, [products]);
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Shop all teak furniture',
    description: 'Every piece we make in solid teak: beds, sofas, dining, storage, pooja units, wall panels and art.',
    path: '/shop',
    publicUrl: publicUrlOf(matches),
  }),
  FORM_PAGE_REFERRER,
];

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { categories, products, query } = loaderData;
  const submit = useSubmit();
  const loading = useProductsLoading();
  return (
    <>
      <PageBanner title="Shop" eyebrow="Solid teak, made to order" image={siteImageUrl('hero2')} crumbs={[{ name: 'Home', to: '/' }]} />
      <section className="container-page mt-10">
        <Form method="get" className="flex flex-wrap items-end gap-4" onChange={(e) => void submit(e.currentTarget)}>
          <label className="flex flex-col gap-1 text-sm font-medium text-teak-900">
            Category
            <select name="category" defaultValue={query.category ?? ''} className="rounded-xl border border-teak-200 bg-white px-3 py-2">
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-teak-900">
            Sort by
            <select name="ordering" defaultValue={query.ordering ?? '-created_at'} className="rounded-xl border border-teak-200 bg-white px-3 py-2">
              {PRODUCT_ORDERINGS.map((o) => (
                <option key={o} value={o}>
                  {ORDER_LABELS[o]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 pb-2 text-sm font-medium text-teak-900">
            <input type="checkbox" name="in_stock" value="true" defaultChecked={query.in_stock === true} className="h-4 w-4 accent-teak-600" />
            In stock only
          </label>
          <noscript>
            <button type="submit" className="btn-primary">
              Apply
            </button>
          </noscript>
        </Form>
        {products.ok ? (
          <>
            <p className="mt-6 text-sm text-teak-700" role="status">
              {loading ? LOADING_PRODUCTS : `${products.data.length} ${products.data.length === 1 ? 'piece' : 'pieces'}`}
            </p>
            {/* The previous list stays, dimmed, until the new one is read. */}
            <div className={`mt-4 transition-opacity ${loading ? 'opacity-50' : ''}`} aria-busy={loading || undefined}>
              {products.data.length ? <ProductGrid products={products.data} /> : <p>No products match these filters.</p>}
            </div>
          </>
        ) : (
          <div className="mt-6">
            <LoadError message={products.message} />
          </div>
        )}
      </section>
    </>
  );
}
