import { Link, data } from 'react-router';
import { siteImageUrl } from '../../contract/site-images';
import { PageBanner } from '../components/ui/page-banner';
import { Picture } from '../components/ui/picture';
import { spacedTitle } from '../features/catalog/catalog-constants';
import { breadcrumbs, publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/category';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const slug = params.category.toLowerCase();
  const category = (await catalog.listCategories()).find((c) => c.slug === slug);
  if (!category) throw data(null, { status: 404 });
  try {
    return { category, subcategories: await catalog.listSubcategories(slug), error: null };
  } catch (err) {
    return { category, subcategories: [], error: err instanceof Error ? err.message : 'Unknown error' };
  }
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found | Teakwood Studio' }];
  const publicUrl = publicUrlOf(matches);
  const path = `/Category/${d.category.slug}`;
  return seo({
    title: `${d.category.name}: solid teak, made to order`,
    description: d.category.description || `Teak ${d.category.name.toLowerCase()} made to order in Chennai.`,
    path,
    publicUrl,
    image: d.category.image,
    jsonLd: [breadcrumbs(publicUrl, [{ name: 'Home', path: '/' }, { name: d.category.name, path }])],
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, subcategories, error } = loaderData;
  return (
    <>
      <PageBanner
        title={spacedTitle(category.name)}
        eyebrow="Category"
        image={category.image}
        crumbs={[
          { name: 'Home', to: '/' },
          { name: 'Shop', to: '/shop' },
        ]}
      >
        <p className="mt-4 max-w-xl text-teak-100">{category.description}</p>
      </PageBanner>
      <section className="container-page mt-12" aria-label={`${category.name} ranges`}>
        {error ? (
          <p role="alert" className="text-red-800">
            Error loading subcategories: {error}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-5 md:grid-cols-3">
            {subcategories.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/Subcategory?subcategory=${s.slug}`}
                  className="group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-teak-200/60 transition hover:shadow-md"
                >
                  <Picture
                    src={s.image}
                    fallback={category.image ?? siteImageUrl('roomLiving')}
                    alt=""
                    sizes="(min-width: 768px) 33vw, 50vw"
                    className="aspect-square w-full object-cover transition duration-500 group-hover:scale-105"
                  />
                  <div className="p-4">
                    <h2 className="font-display text-xl text-teak-900">{s.name}</h2>
                    <p className="mt-1 text-sm text-teak-700">{s.description}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-10 text-center">
          <Link to={`/shop?category=${category.slug}`} className="btn-primary">
            See all {category.name.toLowerCase()}
          </Link>
        </p>
      </section>
    </>
  );
}
