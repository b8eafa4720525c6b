import { Link, data, useParams } from 'react-router';
import { siteImageUrl } from '../../contract/site-images';
import { PageBanner } from '../components/ui/page-banner';
import { LoadError, PageLoadError } from '../components/ui/load-error';
import { metaWithoutData } from '../components/ui/not-found';
import { Picture } from '../components/ui/picture';
import { spacedTitle } from '../features/catalog/catalog-constants';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadSection, pageData } from '../lib/load.server';
import { breadcrumbs, publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/category';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const loader = keptLoader(async ({ params, context }: Kept<Route.LoaderArgs>) => {
  const { catalog } = context.services;
  const slug = params.category.toLowerCase();
  const categories = await loadSection(context, 'subcategories', () => catalog.listCategories());
  const category = categories.ok
    ? categories.data.find((c) => c.slug === slug)
    : // Without the list the page cannot tell whether the category exists: it is named from its address.
      { id: 0, slug, name: slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()), description: '', image: null };
  if (!category) throw data(null, { status: 404 });
  const subcategories = categories.ok ? await loadSection(context, 'subcategories', () => catalog.listSubcategories(slug)) : categories;
  return pageData({ category, subcategories }, [subcategories]);
});

export const meta: Route.MetaFunction = ({ data: d, matches, error }) => {
  if (!d) return metaWithoutData(error);
  const publicUrl = publicUrlOf(matches);
  const path = `/Category/${d.category.slug}`;
  return [
    ...seo({
      title: `${d.category.name}: solid teak, made to order`,
      description: d.category.description || `Teak ${d.category.name.toLowerCase()} made to order in Chennai.`,
      path,
      publicUrl,
      image: d.category.image,
      jsonLd: [
        breadcrumbs(publicUrl, [
          { name: 'Home', path: '/' },
          { name: d.category.name, path },
        ]),
      ],
    }),
    FORM_PAGE_REFERRER,
  ];
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, subcategories } = loaderData;
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
        {!subcategories.ok ? (
          <LoadError message={subcategories.message} />
        ) : (
          <ul className="grid grid-cols-2 gap-5 md:grid-cols-3">
            {subcategories.data.map((s) => (
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

/** A client-side visit whose load failed: the category's heading and the spec's message, in the layout. */
export function ErrorBoundary() {
  const { category = '' } = useParams();
  return <PageLoadError title={spacedTitle(category.replace(/-/g, ' '))} message={LOAD_FAILURE.subcategories} />;
}
