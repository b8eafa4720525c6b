import { ProductGrid, toCard } from '../features/catalog/product-card';
import { collectionTitle } from '../features/catalog/catalog-constants';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/collect';

export async function loader({ request, context }: Route.LoaderArgs) {
  const collection = new URL(request.url).searchParams.get('collection')?.trim() || null;
  try {
    const products = await context.services.catalog.listProducts(collection ? { collection } : {});
    return { collection, products: products.map(toCard), error: null };
  } catch (err) {
    return { collection, products: [], error: err instanceof Error ? err.message : 'Failed to fetch products' };
  }
}

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  seo({
    title: collectionTitle(d?.collection ?? null),
    description: 'A collection of solid teak furniture, made to order by our Chennai artisans.',
    path: d?.collection ? `/collect?collection=${d.collection}` : '/collect',
    publicUrl: publicUrlOf(matches),
  });

export default function CollectPage({ loaderData }: Route.ComponentProps) {
  const { collection, products, error } = loaderData;
  return (
    <section className="container-page py-12">
      <p className="text-xs font-semibold tracking-[0.3em] text-teak-700 uppercase">Collection</p>
      <h1 className="mt-2 text-4xl text-teak-900 capitalize sm:text-5xl">{collectionTitle(collection)}</h1>
      <div className="mt-8">
        {error ? (
          <p role="alert">Error: {error}</p>
        ) : products.length === 0 ? (
          <p>No products found in this collection.</p>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
    </section>
  );
}
