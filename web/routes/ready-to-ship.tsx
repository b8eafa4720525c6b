import { Link, data } from 'react-router';
import { siteImageUrl } from '../../contract/site-images';
import { PageLoadError } from '../components/ui/load-error';
import { PageBanner } from '../components/ui/page-banner';
import { ProductGrid, toCard } from '../features/catalog/product-card';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadSection } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/ready-to-ship';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

const PAGE_SIZE = 10;

export const loader = keptLoader(async ({ request, context }: Kept<Route.LoaderArgs>) => {
  const raw = new URL(request.url).searchParams.get('page');
  const page = raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  // A page past the end is not found; a failed load is the page's error state.
  const loaded = await loadSection(context, 'products', () => context.services.catalog.readyToShipPage(page, PAGE_SIZE), { notFound: '404' });
  if (!loaded.ok) throw data(null, { status: 503 });
  const { count, results, nextPage, previousPage } = loaded.data;
  return {
    page,
    count,
    nextPage,
    previousPage,
    mostSold: results.filter((r) => r.MostSold).map((r) => toCard(r.product)),
    newArrivals: results.filter((r) => r.NewArrival).map((r) => toCard(r.product)),
  };
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Ready to Ship',
    description: 'Solid teak pieces finished and waiting in our workshop, delivered in 7 to 10 days.',
    path: '/RDship',
    publicUrl: publicUrlOf(matches),
  }),
  FORM_PAGE_REFERRER,
];

export default function ReadyToShipPage({ loaderData }: Route.ComponentProps) {
  const { page, count, mostSold, newArrivals, nextPage, previousPage } = loaderData;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  return (
    <>
      <PageBanner title="Ready to Ship" eyebrow="Delivered in 7 to 10 days" image={siteImageUrl('hero4')} crumbs={[{ name: 'Home', to: '/' }]}>
        <p className="mt-4 max-w-xl text-teak-100">Finished pieces waiting in our Chennai workshop, ready for your home.</p>
      </PageBanner>
      <section className="container-page mt-12" aria-labelledby="most-sold">
        <h2 id="most-sold" className="text-3xl text-teak-900">
          Most Sold Products
        </h2>
        <div className="mt-6">{mostSold.length ? <ProductGrid products={mostSold} /> : <p>No Most Sold Products Found</p>}</div>
      </section>
      <section className="container-page mt-14" aria-labelledby="new-arrivals">
        <h2 id="new-arrivals" className="text-3xl text-teak-900">
          New Arrivals
        </h2>
        <div className="mt-6">{newArrivals.length ? <ProductGrid products={newArrivals} /> : <p>No New Arrivals Found</p>}</div>
      </section>
      <nav aria-label="Pages" className="container-page mt-12 flex items-center justify-center gap-4">
        {previousPage ? (
          <Link to={`/RDship?page=${previousPage}`} className="btn-light ring-1 ring-teak-200">
            Prev
          </Link>
        ) : (
          <span className="btn-light opacity-50 ring-1 ring-teak-200" aria-disabled="true">
            Prev
          </span>
        )}
        <span className="text-sm text-teak-800">
          Page {page} of {pages} · {count} pieces
        </span>
        {nextPage ? (
          <Link to={`/RDship?page=${nextPage}`} className="btn-light ring-1 ring-teak-200">
            Next
          </Link>
        ) : (
          <span className="btn-light opacity-50 ring-1 ring-teak-200" aria-disabled="true">
            Next
          </span>
        )}
      </nav>
    </>
  );
}

/** A page of the range that could not be loaded: the spec's message, in the layout. */
export function ErrorBoundary() {
  return <PageLoadError title="Ready to Ship" message={LOAD_FAILURE.products} />;
}
