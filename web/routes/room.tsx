import { data, Link, useParams } from 'react-router';
import { formatRupees } from '../../contract/format';
import type { ShowcaseProduct } from '../../contract/rooms';
import { PRODUCT_FALLBACK_IMAGE, siteImageUrl } from '../../contract/site-images';
import { Carousel } from '../components/ui/carousel';
import { LoadError, PageLoadError } from '../components/ui/load-error';
import { Picture } from '../components/ui/picture';
import { ProductCard, toCard } from '../features/catalog/product-card';
import { SaveHeart } from '../components/ui/card-marks';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { HotspotHint, RoomScene } from '../features/rooms/hotspots';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadSection, pageData } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/room';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

const PAGE_TITLE = 'Rooms furnished in teak';

export const loader = keptLoader(async ({ context, params }: Kept<Route.LoaderArgs>) => {
  const { catalog, rooms } = context.services;
  const [all, newIn] = await Promise.all([
    loadSection(context, 'products', () => rooms.listRooms()),
    loadSection(context, 'products', () => catalog.listProducts({ newin: true, limit: 12 }).then((l) => l.map(toCard))),
  ]);
  const list = all.ok ? all.data : [];
  const scenes = list.filter((r) => r.kind === 'room');
  // /room shows the first room; /room/{slug} that room, or the page's 404 when there is no such room.
  const main = params.slug ? list.find((r) => r.slug === params.slug) : scenes[0];
  if (params.slug && all.ok && !main) throw data(null, { status: 404 });
  return pageData(
    {
      main: main ?? null,
      // The collage: five other rooms; the carousel: the bedrooms (each opens its own address).
      collage: scenes.filter((r) => r.slug !== main?.slug).slice(0, 5),
      bedrooms: list.filter((r) => r.kind === 'bedroom').map(({ slug, name, image }) => ({ slug, name, image })),
      roomsFailed: !all.ok,
      newIn,
    },
    [all, newIn],
  );
});

// Its cards' hearts are forms posted without scripts too: the page sends the shop its own origin.
export const meta: Route.MetaFunction = ({ matches, data: d, params }) => [
  ...seo({
    title: params.slug && d?.main ? `${d.main.name} | Shop by Room` : 'Shop by Room',
    description:
      params.slug && d?.main
        ? `The ${d.main.name} furnished in solid teak: see each piece in place and open it.`
        : 'Teak living rooms, bedrooms, dining rooms and studies: see each piece in place and open it.',
    path: params.slug ? `/room/${params.slug}` : '/room',
    publicUrl: publicUrlOf(matches),
    image: d?.main?.image ?? siteImageUrl('roomLiving'),
  }),
  FORM_PAGE_REFERRER,
];

function RoomProducts({ products }: { products: ShowcaseProduct[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((p) => (
        <li key={p.slug}>
          <SaveHeart slug={p.slug} name={p.name}>
            <Link to={`/product/${p.slug}`} className="group block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-teak-200/60">
              <Picture
                src={p.image}
                fallback={siteImageUrl(PRODUCT_FALLBACK_IMAGE)}
                alt=""
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                className="aspect-[4/3] w-full object-cover"
              />
              <span className="block p-3">
                <span className="block font-display text-teak-900">{p.name}</span>
                <span className="mt-1 block font-semibold text-ink">{formatRupees(p.price)}</span>
              </span>
            </Link>
          </SaveHeart>
        </li>
      ))}
    </ul>
  );
}

export default function RoomPage({ loaderData, params }: Route.ComponentProps) {
  const { main, collage, bedrooms, roomsFailed, newIn } = loaderData;
  const own = Boolean(params.slug && main);
  return (
    <>
      <section className="container-page pt-10">
        <p className="text-xs font-semibold tracking-[0.3em] text-teak-700 uppercase">
          {own ? (
            <Link to="/room" className="underline-offset-4 hover:underline">
              Shop by Room
            </Link>
          ) : (
            'Shop by Room'
          )}
        </p>
        <h1 className="mt-2 text-4xl text-teak-900 sm:text-5xl">{own ? main!.name : PAGE_TITLE}</h1>
        <HotspotHint className="mt-3 max-w-2xl text-teak-800" />
        {roomsFailed ? (
          <div className="mt-8">
            <LoadError message={LOAD_FAILURE.products} />
          </div>
        ) : main ? (
          <RoomScene room={main} priority sizes="(min-width: 1280px) 1216px, 100vw" className="mt-8 aspect-[3/2]" />
        ) : null}
      </section>

      {own && main!.products.length ? (
        <section className="container-page mt-12" aria-labelledby="in-this-room">
          <h2 id="in-this-room" className="text-3xl text-teak-900">
            In this room
          </h2>
          <div className="mt-6">
            <RoomProducts products={main!.products} />
          </div>
        </section>
      ) : null}

      {bedrooms.length ? (
        <section className="container-page mt-16" aria-labelledby="featured-bedrooms">
          <h2 id="featured-bedrooms" className="text-3xl text-teak-900">
            Featured Bedrooms
          </h2>
          <div className="mt-6">
            <Carousel label="Featured Bedrooms" slideClass="basis-full sm:basis-1/2 md:basis-1/3 lg:basis-1/4 xl:basis-1/5">
              {bedrooms.map((b) => (
                <Link key={b.slug} to={`/room/${b.slug}`} className="block overflow-hidden rounded-2xl">
                  <Picture
                    src={b.image}
                    alt={b.name}
                    sizes="(min-width: 1280px) 20vw, (min-width: 768px) 33vw, 100vw"
                    className="aspect-[4/3] w-full object-cover"
                  />
                </Link>
              ))}
            </Carousel>
          </div>
        </section>
      ) : roomsFailed ? (
        <section className="container-page mt-16" aria-labelledby="featured-bedrooms">
          <h2 id="featured-bedrooms" className="text-3xl text-teak-900">
            Featured Bedrooms
          </h2>
        </section>
      ) : null}

      {collage.length ? (
        <section className="container-page mt-16" aria-labelledby="dreams">
          <h2 id="dreams" className="text-3xl text-teak-900">
            Make space for dreams
          </h2>
          <div className="mt-6 grid gap-4 md:grid-cols-3 md:grid-rows-2">
            {collage.map((room, i) => (
              <RoomScene
                key={room.slug}
                room={room}
                caption={<Link to={`/room/${room.slug}`}>{room.name}</Link>}
                sizes="(min-width: 768px) 33vw, 100vw"
                className={i === 0 ? 'aspect-[3/2] md:row-span-2 md:aspect-auto' : 'aspect-[3/2]'}
              />
            ))}
          </div>
        </section>
      ) : null}

      <section className="container-page mt-16" aria-labelledby="room-new-in">
        <h2 id="room-new-in" className="text-3xl text-teak-900">
          New In
        </h2>
        <div className="mt-6">
          {!newIn.ok ? (
            <LoadError message={newIn.message} />
          ) : newIn.data.length === 0 ? (
            <p>No New In products available.</p>
          ) : (
            <Carousel label="New In" slideClass="basis-full sm:basis-1/2 lg:basis-1/3 xl:basis-1/4" autoplay={4000}>
              {newIn.data.map((p) => (
                <ProductCard key={p.slug} product={p} />
              ))}
            </Carousel>
          )}
        </div>
      </section>
    </>
  );
}

/** A client-side visit whose load failed: the page's heading and the spec's message, in the layout. */
export function ErrorBoundary() {
  const { slug } = useParams();
  return <PageLoadError title={slug ? 'Shop by Room' : PAGE_TITLE} message={LOAD_FAILURE.products} />;
}
