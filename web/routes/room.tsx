import { Link } from 'react-router';
import { formatRupees } from '../../contract/format';
import { FEATURED_BEDROOMS, siteImageUrl, type SiteImageKey } from '../../contract/site-images';
import { Carousel } from '../components/ui/carousel';
import { LoadError, PageLoadError } from '../components/ui/load-error';
import { Picture } from '../components/ui/picture';
import { ProductCard, toCard, type CardProduct } from '../features/catalog/product-card';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadSection, pageData } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/room';

/**
 * Hotspots sit over the drawn room scenes: the main piece in the centre, a companion on the right
 * and one on the left (see roomSvg), each pointing at a product of that kind.
 */
const SCENES: { key: SiteImageKey; title: string; spots: { category: string; x: number; y: number }[] }[] = [
  {
    key: 'roomLiving',
    title: 'Living room',
    spots: [
      { category: 'sofas', x: 52, y: 56 },
      { category: 'tables', x: 79, y: 62 },
      { category: 'wall-panels', x: 17, y: 45 },
    ],
  },
  {
    key: 'roomBedroom',
    title: 'Bedroom',
    spots: [
      { category: 'beds', x: 52, y: 55 },
      { category: 'wardrobe', x: 79, y: 50 },
    ],
  },
  {
    key: 'roomDining',
    title: 'Dining room',
    spots: [
      { category: 'dinning', x: 52, y: 58 },
      { category: 'cabinet', x: 79, y: 58 },
    ],
  },
  {
    key: 'roomStudy',
    title: 'Study',
    spots: [
      { category: 'book-shelf', x: 52, y: 45 },
      { category: 'tables', x: 79, y: 62 },
      { category: 'paintings', x: 17, y: 40 },
    ],
  },
  {
    key: 'roomTv',
    title: 'TV room',
    spots: [
      { category: 'tv-units', x: 52, y: 60 },
      { category: 'sofas', x: 79, y: 60 },
    ],
  },
  {
    key: 'roomKitchen',
    title: 'Kitchen and bar',
    spots: [
      { category: 'bar', x: 52, y: 55 },
      { category: 'cabinet', x: 79, y: 58 },
    ],
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const categories = [...new Set(SCENES.flatMap((s) => s.spots.map((p) => p.category)))];
  const [picks, newIn] = await Promise.all([
    // Without its picks a scene is shown without hotspots.
    loadSection(context, 'products', () =>
      Promise.all(categories.map((category) => catalog.listProducts({ category, ordering: '-ratings', limit: 1 }))),
    ),
    loadSection(context, 'products', () => catalog.listProducts({ newin: true, limit: 12 }).then((l) => l.map(toCard))),
  ]);
  const byCategory: Record<string, CardProduct | undefined> = {};
  if (picks.ok)
    categories.forEach((c, i) => {
      const pick = picks.data[i]![0];
      byCategory[c] = pick ? toCard(pick) : undefined;
    });
  return pageData({ byCategory, newIn }, [newIn]);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Shop by Room',
    description: 'Teak living rooms, bedrooms, dining rooms and studies: see each piece in place and open it.',
    path: '/room',
    publicUrl: publicUrlOf(matches),
    image: siteImageUrl('roomLiving'),
  });

function Hotspot({ product, x, y }: { product: CardProduct; x: number; y: number }) {
  return (
    <Link
      to={`/product/${product.slug}`}
      className="group absolute -translate-x-1/2 -translate-y-1/2 focus:outline-none"
      style={{ left: `${x}%`, top: `${y}%` }}
    >
      <span className="relative grid h-8 w-8 place-items-center rounded-full bg-white/95 shadow-lg ring-4 ring-white/40 transition group-hover:scale-110 group-focus-visible:ring-teak-400">
        <span className="absolute inset-0 animate-ping rounded-full bg-white/50 motion-reduce:hidden" aria-hidden />
        <span className="h-2.5 w-2.5 rounded-full bg-teak-600" aria-hidden />
      </span>
      <span className="pointer-events-none absolute bottom-10 left-1/2 w-max max-w-56 -translate-x-1/2 rounded-xl bg-white px-3 py-2 text-sm opacity-0 shadow-lg transition group-hover:opacity-100 group-focus-visible:opacity-100">
        <span className="block font-semibold text-teak-900">{product.name}</span>
        <span className="block text-teak-700">{formatRupees(product.price)}</span>
      </span>
    </Link>
  );
}

function Scene({
  scene,
  byCategory,
  sizes,
  className,
}: {
  scene: (typeof SCENES)[number];
  byCategory: Record<string, CardProduct | undefined>;
  sizes: string;
  className?: string;
}) {
  return (
    <figure className={`relative overflow-hidden rounded-3xl ${className ?? ''}`}>
      <Picture src={siteImageUrl(scene.key)} alt={scene.title} sizes={sizes} className="h-full w-full object-cover" />
      {scene.spots.map((s) => {
        const product = byCategory[s.category];
        return product ? <Hotspot key={s.category + s.x} product={product} x={s.x} y={s.y} /> : null;
      })}
      <figcaption className="absolute top-4 left-4 rounded-full bg-white/90 px-4 py-1.5 text-sm font-semibold text-teak-900">
        {scene.title}
      </figcaption>
    </figure>
  );
}

export default function RoomPage({ loaderData }: Route.ComponentProps) {
  const { byCategory, newIn } = loaderData;
  const [main, ...others] = SCENES;
  return (
    <>
      <section className="container-page pt-10">
        <p className="text-xs font-semibold tracking-[0.3em] text-teak-700 uppercase">Shop by Room</p>
        <h1 className="mt-2 text-4xl text-teak-900 sm:text-5xl">Rooms furnished in teak</h1>
        <p className="mt-3 max-w-2xl text-teak-800">Hover or tab to a dot to see the piece and its price; click to open it.</p>
        <Scene scene={main!} byCategory={byCategory} sizes="(min-width: 1280px) 1216px, 100vw" className="mt-8 aspect-[3/2]" />
      </section>

      <section className="container-page mt-16" aria-labelledby="featured-bedrooms">
        <h2 id="featured-bedrooms" className="text-3xl text-teak-900">
          Featured Bedrooms
        </h2>
        <div className="mt-6">
          <Carousel label="Featured Bedrooms" slideClass="basis-full sm:basis-1/2 md:basis-1/3 lg:basis-1/4 xl:basis-1/5">
            {FEATURED_BEDROOMS.map((key) => (
              <Link key={key} to="/room" className="block overflow-hidden rounded-2xl">
                <Picture
                  src={siteImageUrl(key)}
                  alt="A bedroom furnished in teak"
                  sizes="(min-width: 1280px) 20vw, (min-width: 768px) 33vw, 100vw"
                  className="aspect-[4/3] w-full object-cover"
                />
              </Link>
            ))}
          </Carousel>
        </div>
      </section>

      <section className="container-page mt-16" aria-labelledby="dreams">
        <h2 id="dreams" className="text-3xl text-teak-900">
          Make space for dreams
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-3 md:grid-rows-2">
          {others.map((scene, i) => (
            <Scene
              key={scene.key}
              scene={scene}
              byCategory={byCategory}
              sizes="(min-width: 768px) 33vw, 100vw"
              className={i === 0 ? 'aspect-[3/2] md:row-span-2 md:aspect-auto' : 'aspect-[3/2]'}
            />
          ))}
        </div>
      </section>

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
                <ProductCard key={p.id} product={p} />
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
  return <PageLoadError title="Rooms furnished in teak" message={LOAD_FAILURE.products} />;
}
