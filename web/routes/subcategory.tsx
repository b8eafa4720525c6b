import { data, useSearchParams } from 'react-router';
import { LoadError, PageLoadError } from '../components/ui/load-error';
import { metaWithoutData } from '../components/ui/not-found';
import { ProductGrid, toCard } from '../features/catalog/product-card';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadSection, pageData } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/subcategory';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

/** The heading's name: the subcategory's own, else its address read as words (also when the list failed). */
function nameOf(slug: string | null, subcategories: { slug: string; name: string }[]): string | null {
  return subcategories.find((s) => s.slug === slug)?.name ?? (slug ? slug.replace(/-/g, ' ') : null);
}

export const loader = keptLoader(async ({ request, context }: Kept<Route.LoaderArgs>) => {
  const { catalog } = context.services;
  const slug = new URL(request.url).searchParams.get('subcategory')?.trim() || null;
  const [subcategories, products] = await Promise.all([
    loadSection(context, 'products', () => catalog.listSubcategories()),
    loadSection(context, 'products', () => catalog.listProducts(slug ? { subcategory: slug } : {}).then((l) => l.map(toCard))),
  ]);
  // A subcategory the shop does not have is Page Not Found (404), not an empty list under a made-up heading.
  if (slug && subcategories.ok && !subcategories.data.some((s) => s.slug === slug)) throw data(null, { status: 404 });
  return pageData({ slug, name: nameOf(slug, subcategories.ok ? subcategories.data : []), products }, [products]);
});

export const meta: Route.MetaFunction = ({ data: d, matches, error }) =>
  !d
    ? metaWithoutData(error)
    : [
        ...seo({
          title: d?.name ? `${d.name} Products` : 'All Products',
          description: d?.name ? `Solid teak ${d.name.toLowerCase()}, made to order in Chennai.` : 'Every piece we make in solid teak.',
          path: d?.slug ? `/Subcategory?subcategory=${d.slug}` : '/Subcategory',
          publicUrl: publicUrlOf(matches),
        }),
        FORM_PAGE_REFERRER,
      ];

export default function SubcategoryPage({ loaderData }: Route.ComponentProps) {
  const { name, products } = loaderData;
  return (
    <section className="container-page py-12">
      <h1 className="text-4xl text-teak-900 capitalize sm:text-5xl">{name ? `${name} Products` : 'All Products'}</h1>
      <div className="mt-8">
        {!products.ok ? (
          <LoadError message={products.message} />
        ) : products.data.length === 0 ? (
          <p>No products found in this subcategory.</p>
        ) : (
          <ProductGrid products={products.data} />
        )}
      </div>
    </section>
  );
}

/** A client-side visit whose load failed: the heading the address names and the spec's message, in the layout. */
export function ErrorBoundary() {
  const [params] = useSearchParams();
  const name = nameOf(params.get('subcategory')?.trim() || null, []);
  return <PageLoadError title={name ? `${name} Products` : 'All Products'} message={LOAD_FAILURE.products} />;
}
