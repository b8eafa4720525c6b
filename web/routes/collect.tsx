import { useSearchParams } from 'react-router';
import { formatRupees } from '../../contract/format';
import { LoadError, PageLoadError } from '../components/ui/load-error';
import { LOADING_PRODUCTS, ProductGrid, toCard, useProductsLoading } from '../features/catalog/product-card';
import { collectionTitle } from '../features/catalog/catalog-constants';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadSection, pageData } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/collect';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const loader = keptLoader(async ({ request, context }: Kept<Route.LoaderArgs>) => {
  const collection = new URL(request.url).searchParams.get('collection')?.trim() || null;
  const [products, collections] = await Promise.all([
    loadSection(context, 'collection', () => context.services.catalog.listProducts(collection ? { collection } : {}).then((l) => l.map(toCard))),
    loadSection(context, 'collection', () => context.services.rooms.listCollections()),
  ]);
  // The heading: the collection's title, else the spec's fallback (hyphens as spaces); under it the tagline and
  // the "starts from" price the collections page shows.
  const found = collections.ok ? collections.data.find((c) => c.id === collection) : undefined;
  const title = found?.title || collectionTitle(collection);
  return pageData({ collection, title, tagline: found?.tagline || null, startsFrom: found?.starts_from ?? null, products }, [products]);
});

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  seo({
    title: d?.title ?? collectionTitle(null),
    description: 'A collection of solid teak furniture, made to order by our Chennai artisans.',
    path: d?.collection ? `/collect?collection=${d.collection}` : '/collect',
    publicUrl: publicUrlOf(matches),
  });

export default function CollectPage({ loaderData }: Route.ComponentProps) {
  const { title, tagline, startsFrom, products } = loaderData;
  const loading = useProductsLoading();
  return (
    <section className="container-page py-12">
      <p className="text-xs font-semibold tracking-[0.3em] text-teak-700 uppercase">Collection</p>
      <h1 className="mt-2 text-4xl text-teak-900 capitalize sm:text-5xl">{title}</h1>
      {tagline ? <p className="mt-3 max-w-2xl text-lg text-teak-800">{tagline}</p> : null}
      {startsFrom !== null ? (
        <p className="mt-2 text-sm font-semibold text-teak-700" data-testid="starts-from">
          Starts from {formatRupees(startsFrom)}
        </p>
      ) : null}
      <div className="mt-8" aria-busy={loading || undefined}>
        {loading ? (
          <p role="status" className="text-teak-700">
            {LOADING_PRODUCTS}
          </p>
        ) : !products.ok ? (
          <LoadError message={products.message} />
        ) : products.data.length === 0 ? (
          <p>No products found in this collection.</p>
        ) : (
          <ProductGrid products={products.data} />
        )}
      </div>
    </section>
  );
}

/** A client-side visit whose load failed: the collection's heading and the spec's message, in the layout. */
export function ErrorBoundary() {
  const [params] = useSearchParams();
  return <PageLoadError title={collectionTitle(params.get('collection')?.trim() || null)} message={LOAD_FAILURE.collection} />;
}
