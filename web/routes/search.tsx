import { Form } from 'react-router';
import { LoadError } from '../components/ui/load-error';
import { ProductGrid, toCard } from '../features/catalog/product-card';
import { loadSection, pageData } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/search';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const loader = keptLoader(async ({ request, context }: Kept<Route.LoaderArgs>) => {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const products = await loadSection(context, 'products', async () =>
    q ? (await context.services.catalog.listProducts({ search: q, limit: 60 })).map(toCard) : [],
  );
  return pageData({ q, products }, [products]);
});

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  ...seo({
    title: d?.q ? `Search: ${d.q}` : 'Search',
    description: 'Search our solid teak furniture.',
    path: '/search',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, products } = loaderData;
  return (
    <section className="container-page py-12">
      <h1 className="text-4xl text-teak-900">{q ? `Results for “${q}”` : 'Search'}</h1>
      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search for your product
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search for your product"
          className="min-w-0 flex-1 rounded-full border border-teak-200 bg-white px-5 py-3"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      <div className="mt-8">
        {!q ? null : !products.ok ? (
          <LoadError message={products.message} />
        ) : products.data.length ? (
          <>
            <p className="mb-4 text-sm text-teak-700">
              {products.data.length} {products.data.length === 1 ? 'result' : 'results'}
            </p>
            <ProductGrid products={products.data} />
          </>
        ) : (
          <p>Nothing matched “{q}”. Try another word, or browse the shop.</p>
        )}
      </div>
    </section>
  );
}
