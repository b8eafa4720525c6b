import { Link } from 'react-router';
import { formatRupees } from '../../contract/format';
import { siteImageUrl } from '../../contract/site-images';
import { PageBanner } from '../components/ui/page-banner';
import { Picture } from '../components/ui/picture';
import { COLLECTIONS } from '../features/catalog/catalog-constants';
import { loadSection } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/collections';

export async function loader({ context }: Route.LoaderArgs) {
  // Without them the collections are shown without their start prices.
  const prices = await loadSection(context, 'products', () => context.services.catalog.collectionStartPrices());
  return { startPrices: prices.ok ? prices.data : {} };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Collections',
    description: 'Four collections of solid teak furniture: Significant Essence, Elegant Reflections, Modern Minimalist and Vintage Charm.',
    path: '/collections',
    publicUrl: publicUrlOf(matches),
  });

export default function CollectionsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Collections" eyebrow="Curated" image={siteImageUrl('hero3')} crumbs={[{ name: 'Home', to: '/' }]} />
      <ul className="container-page mt-12 grid gap-6 md:grid-cols-2">
        {COLLECTIONS.map((c) => (
          <li key={c.id}>
            <Link to={`/collect?collection=${c.id}`} className="group block overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-teak-200/60">
              <Picture
                src={siteImageUrl(c.image)}
                alt=""
                sizes="(min-width: 768px) 50vw, 100vw"
                className="aspect-[16/10] w-full object-cover transition duration-500 group-hover:scale-105"
              />
              <div className="p-6">
                <h2 className="font-display text-2xl text-teak-900">{c.title}</h2>
                <p className="mt-1 text-teak-800">{c.tagline}</p>
                {loaderData.startPrices[c.id] !== undefined ? (
                  <p className="mt-2 text-sm font-semibold text-teak-700">Starts from {formatRupees(loaderData.startPrices[c.id]!)}</p>
                ) : null}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
