import { Link } from 'react-router';
import { formatRupees } from '../../contract/format';
import { siteImageUrl } from '../../contract/site-images';
import { LoadError } from '../components/ui/load-error';
import { PageBanner } from '../components/ui/page-banner';
import { Picture } from '../components/ui/picture';
import { loadSection, pageData } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/collections';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const loader = keptLoader(async ({ context }: Kept<Route.LoaderArgs>) => {
  const list = await loadSection(context, 'collection', () => context.services.rooms.listCollections());
  // Only what the cards show.
  const collections = list.ok ? list.data.map(({ id, title, tagline, image, starts_from }) => ({ id, title, tagline, image, starts_from })) : [];
  return pageData({ collections, failure: list.ok ? null : list.message }, [list]);
});

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  seo({
    title: 'Collections',
    description: d?.collections.length
      ? `Collections of solid teak furniture: ${d.collections.map((c) => c.title).join(', ')}.`
      : 'Collections of solid teak furniture, made to order by our Chennai artisans.',
    path: '/collections',
    publicUrl: publicUrlOf(matches),
  });

export default function CollectionsPage({ loaderData }: Route.ComponentProps) {
  const { collections, failure } = loaderData;
  return (
    <>
      <PageBanner title="Collections" eyebrow="Curated" image={siteImageUrl('hero3')} crumbs={[{ name: 'Home', to: '/' }]} />
      {failure ? (
        <div className="container-page mt-12">
          <LoadError message={failure} />
        </div>
      ) : null}
      <ul className="container-page mt-12 grid gap-6 md:grid-cols-2">
        {collections.map((c) => (
          <li key={c.id}>
            <Link to={`/collect?collection=${c.id}`} className="group block overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-teak-200/60">
              <Picture
                src={c.image}
                alt=""
                sizes="(min-width: 768px) 50vw, 100vw"
                className="aspect-[16/10] w-full object-cover transition duration-500 group-hover:scale-105"
              />
              <div className="p-6">
                <h2 className="font-display text-2xl text-teak-900">{c.title}</h2>
                <p className="mt-1 text-teak-800">{c.tagline}</p>
                {c.starts_from !== null ? (
                  <p className="mt-2 text-sm font-semibold text-teak-700">Starts from {formatRupees(c.starts_from)}</p>
                ) : null}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
