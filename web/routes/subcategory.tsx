import { ProductGrid, toCard } from '../features/catalog/product-card';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/subcategory';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const slug = new URL(request.url).searchParams.get('subcategory')?.trim() || null;
  try {
    const [subcategories, products] = await Promise.all([
      catalog.listSubcategories(),
      catalog.listProducts(slug ? { subcategory: slug } : {}),
    ]);
    const sub = slug ? subcategories.find((s) => s.slug === slug) : undefined;
    return { slug, name: sub?.name ?? (slug ? slug.replace(/-/g, ' ') : null), products: products.map(toCard), error: false };
  } catch {
    return { slug, name: null, products: [], error: true };
  }
}

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  seo({
    title: d?.name ? `${d.name} Products` : 'All Products',
    description: d?.name ? `Solid teak ${d.name.toLowerCase()}, made to order in Chennai.` : 'Every piece we make in solid teak.',
    path: d?.slug ? `/Subcategory?subcategory=${d.slug}` : '/Subcategory',
    publicUrl: publicUrlOf(matches),
  });

export default function SubcategoryPage({ loaderData }: Route.ComponentProps) {
  const { name, products, error } = loaderData;
  return (
    <section className="container-page py-12">
      <h1 className="text-4xl text-teak-900 capitalize sm:text-5xl">{name ? `${name} Products` : 'All Products'}</h1>
      <div className="mt-8">
        {error ? (
          <p role="alert">Error loading products</p>
        ) : products.length === 0 ? (
          <p>No products found in this subcategory.</p>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
    </section>
  );
}
