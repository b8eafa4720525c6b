import { Link } from 'react-router';
import { youtubeId } from '../../contract/content';
import { formatRupees } from '../../contract/format';
import { siteImageUrl, type SiteImageKey } from '../../contract/site-images';
import { Carousel, type PerView } from '../components/ui/carousel';
import { Picture, preloadImage } from '../components/ui/picture';
import { CATEGORY_ICONS } from '../features/catalog/catalog-constants';
import { Counter } from '../features/catalog/counter';
import { HERO_SIZES, Hero } from '../features/catalog/hero';
import { ProductCard, toCard, type CardProduct } from '../features/catalog/product-card';
import { SearchBox } from '../features/catalog/search-box';
import { HomeBannerSection, PromoBannerSection } from '../features/content/banners';
import { BlogCarousel } from '../features/content/blog-cards';
import { Testimonials } from '../features/content/testimonials';
import { VideoSection } from '../features/content/video-section';
import { isNotFound, loadSection, type Loaded } from '../lib/load.server';
import { useDiscover } from '../lib/use-hydrated';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/home';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

/** A missing banner is a normal state ('No banner available'), not an error. */
function orNone<T>(load: () => Promise<T>): () => Promise<T | null> {
  return async () => {
    try {
      return await load();
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };
}

export const loader = keptLoader(async ({ context }: Kept<Route.LoaderArgs>) => {
  const { catalog, content, rooms } = context.services;
  // Every section is in the first response: streamed (deferred) data reaches the page only through a script,
  // so a visitor without JavaScript would see the product rows as skeletons for ever.
  // Eight pieces per product carousel: two screens on a laptop, four on a phone; each card more is a
  // kilobyte of HTML and its data on every visit.
  const [newIn, bestSellers, categories, roomList, collectionList, homeBanner, promoBanner, video, testimonials, blogs] = await Promise.all([
    loadSection(context, 'products', () => catalog.listProducts({ newin: true, limit: 8 }).then((l) => l.map(toCard))),
    loadSection(context, 'products', () => catalog.listProducts({ topselling: true, limit: 8 }).then((l) => l.map(toCard))),
    loadSection(context, 'categories', () => catalog.listCategories()),
    loadSection(context, 'products', () => rooms.listRooms()),
    loadSection(context, 'products', () => rooms.listCollections()),
    loadSection(
      context,
      'page',
      orNone(() => content.homeBanner()),
    ),
    loadSection(
      context,
      'page',
      orNone(() => content.latestPromoBanner()),
    ),
    loadSection(context, 'page', () => content.latestVideo()),
    loadSection(context, 'page', () => content.testimonials()),
    loadSection(context, 'page', () => content.blogs()),
  ]);
  const images: Record<string, string | null> = {};
  if (categories.ok) for (const c of categories.data) images[c.slug] = c.image;
  const p = promoBanner.ok ? promoBanner.data : null;
  const promo = p
    ? { title: p.title, description: p.description, price_text: p.price_text, image_left: p.image_left, image_right: p.image_right }
    : null;
  return {
    categoryImages: images,
    categoriesOk: categories.ok,
    newIn,
    bestSellers,
    // Only what the cards show (no hotspots, no product lists): the home page stays small.
    rooms: roomList.ok ? roomList.data.filter((r) => r.on_home).map(({ slug, name, image }) => ({ slug, name, image })) : [],
    collections: collectionList.ok ? collectionList.data.map(({ id, title, image, starts_from }) => ({ id, title, image, starts_from })) : [],
    // The banners' pictures and texts only (no ids, no dates).
    homeBanner: homeBanner.ok && homeBanner.data ? { ok: true as const, data: { image: homeBanner.data.image } } : homeBanner,
    promoBanner: promo ? { ok: true as const, data: promo } : promoBanner,
    // The id is worked out here so the browser bundle does not carry the content schemas.
    video: video.ok ? { id: youtubeId(video.data.youtube_url), failed: false } : { id: null, failed: true },
    testimonials: testimonials.ok ? testimonials.data : null,
    // Cards show 15 words: one more tells them the text goes on. The date is not shown.
    blogs: blogs.ok
      ? blogs.data.map((b) => ({ id: b.id, title: b.title, image: b.image, content: b.content.trim().split(/\s+/).slice(0, 16).join(' ') }))
      : null,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => [
  // The first screen's largest picture, on a phone as on a laptop: the hero's first (the video's cover and the
  // home banner above or beside it are smaller, and fetched at low priority).
  ...preloadImage(siteImageUrl('hero1'), HERO_SIZES).map((l) => ({ tagName: 'link', ...l })),
  ...seo({
    title: 'Teakwood Studio | Made-to-order teak furniture in India',
    description:
      'Beds, sofas, dining sets, pooja units and more in solid teak, made to order by seasoned artisans in Chennai and delivered across India.',
    path: '/',
    publicUrl: publicUrlOf(matches),
    image: siteImageUrl('hero1'),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FurnitureStore',
        name: 'Teakwood Studio',
        address: { '@type': 'PostalAddress', addressLocality: 'Chennai', addressRegion: 'Tamil Nadu', addressCountry: 'IN' },
        priceRange: '₹₹₹',
        currenciesAccepted: 'INR',
      },
    ],
  }),
];

const FEATURES: { slug: string; title: string; lines: string[]; price: string; image: SiteImageKey }[] = [
  { slug: 'beds', title: 'BEDS', lines: ['THE MODERN LIFE'], price: 'Bed sets start from Rs. 49,999', image: 'featureBeds' },
  {
    slug: 'sofas',
    title: 'SOFAS',
    lines: ['TRANSFORMING SPACES', 'FOR MODERN LIFE'],
    price: 'Single Chair Sofa starts from Rs. 8,999',
    image: 'featureSofas',
  },
  { slug: 'dinning', title: 'DINNING', lines: ['THE ART OF DINNING'], price: 'Dining Table sets start from Rs. 49,999', image: 'featureDinning' },
];

const SERVICES = [
  { title: 'Bespoke Design', text: 'A design expert turns your ideas and measurements into drawings and a fixed quote.', image: 'design' as const },
  {
    title: 'Handcrafted in Teak',
    text: 'One master craftsman follows your piece from the first cut to the final polish.',
    image: 'workshop2' as const,
  },
  { title: 'White-Glove Delivery', text: 'Our own team delivers across India, assembles and places every piece.', image: 'roomLiving' as const },
];

const BADGES = ['100% Transparent Pricing', 'End-to-End Project Management', '100% Satisfaction', 'Quality Assurance', 'Strong Design Solutions'];

function SectionHeading({ id, eyebrow, title }: { id: string; eyebrow?: string; title: string }) {
  return (
    <>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="section-title">
        {title}
      </h2>
    </>
  );
}

/**
 * The spec's two category carousels: 'Shop by Furniture' shows 5 slides (4 at 1024 px and below, 3 at 768,
 * 2 at 640); the other shows 3, and 2 on smaller screens.
 */
const ICON_SLIDES: Record<'wide' | 'narrow', PerView> = {
  wide: { 0: 2, 641: 3, 769: 4, 1025: 5 },
  narrow: { 0: 2, 768: 3 },
};

function CategoryIcons({
  id,
  title,
  images,
  variant,
}: {
  id: string;
  title: string;
  images: Record<string, string | null>;
  variant: 'wide' | 'narrow';
}) {
  const discover = useDiscover();
  return (
    <section className="band" aria-labelledby={id}>
      <SectionHeading id={id} title={title} />
      <Carousel className="mt-6" label={title} perView={ICON_SLIDES[variant]} autoplay={3000}>
        {CATEGORY_ICONS.map((c) => (
          <Link key={c.slug} to={`/Category/${c.slug}`} className="tile" discover={discover}>
            <Picture src={images[c.slug]} alt="" variant={640} className={variant === 'wide' ? 'tile-photo' : 'card-photo'} />
            <span>{c.title}</span>
          </Link>
        ))}
      </Carousel>
    </section>
  );
}

function ProductCarousel({ id, title, result, empty }: { id: string; title: string; result: Loaded<CardProduct[]>; empty: string }) {
  return (
    <section className="band" aria-labelledby={id}>
      <SectionHeading id={id} title={title} />
      {!result.ok ? (
        <p className="mt-6 text-teak-800">Error loading products</p>
      ) : result.data.length === 0 ? (
        <p className="mt-6 text-teak-800">{empty}</p>
      ) : (
        <Carousel className="mt-6" label={title} perView={{ 0: 2, 1024: 4 }} autoplay={4000}>
          {result.data.map((p) => (
            <ProductCard key={p.slug} product={p} lateHeart />
          ))}
        </Carousel>
      )}
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categoryImages, newIn, bestSellers, rooms, collections, categoriesOk, homeBanner, promoBanner, video, testimonials, blogs } = loaderData;
  const discover = useDiscover();
  return (
    <>
      {/* The first screen opens on the hero: the brand's promise, a piece of furniture and one way into the shop.
          On a phone and a tablet the hero comes first and the video and home banner follow it (side by side from
          640 px); on a laptop they stand left of the hero, as the spec lays them out, all three in the first screen. */}
      <div className="container-page mt-4 grid gap-3 sm:mt-6 sm:gap-4 lg:grid-cols-12 lg:gap-5">
        <div className="lg:col-span-7">
          <Hero />
        </div>
        <div className="grid content-start gap-3 sm:grid-cols-2 sm:gap-4 lg:order-first lg:col-span-5 lg:grid-cols-1 lg:gap-5">
          <VideoSection videoId={video.id} failed={video.failed} className="" />
          <HomeBannerSection banner={homeBanner} className="" />
        </div>
      </div>

      {/* The sections' pictures below offer one width each (`variant`): the one a phone needs at its pixel density
          (its full width, or half for the collections), which is also enough for the third or quarter of a laptop's
          row they fill there; one address in the markup instead of a list of four. */}
      <section className="below-fold container-page mt-14 grid gap-5 md:grid-cols-3" aria-label="Featured furniture">
        {FEATURES.map((f) => (
          <Link key={f.slug} to={`/category/${f.slug}`} className="feature-card" discover={discover}>
            {/* Styled by place (`feature-card` in app.css): the picture, its shade, then the title, lines and price. */}
            <Picture src={siteImageUrl(f.image)} alt="" variant={1024} className="feature-photo" />
            <div />
            <div>
              <p>{f.title}</p>
              {f.lines.map((l) => (
                <p key={l}>{l}</p>
              ))}
              <p>{f.price}</p>
            </div>
          </Link>
        ))}
      </section>

      <section className="container-page mt-14" aria-label="Search">
        <SearchBox />
      </section>

      <PromoBannerSection banner={promoBanner} />

      {categoriesOk ? (
        <>
          <CategoryIcons id="shop-by-furniture" title="Shop by Furniture" images={categoryImages} variant="wide" />
          <CategoryIcons id="our-products" title="Our Products" images={categoryImages} variant="narrow" />
        </>
      ) : (
        <p className="container-page mt-16 text-teak-800">Error loading categories.</p>
      )}

      <section className="band" aria-labelledby="shop-by-room">
        <SectionHeading id="shop-by-room" eyebrow="Inspiration" title="Shop by Room" />
        <Carousel className="mt-6" label="Shop by Room" slideClass="basis-4/5 sm:basis-1/2 lg:basis-1/3">
          {rooms.map((r) => (
            <Link key={r.slug} to={`/room/${r.slug}`} className="room-card" discover={discover}>
              <Picture src={r.image} alt="" variant={1024} className="room-photo" />
              <span className="room-name">{r.name}</span>
            </Link>
          ))}
        </Carousel>
      </section>

      <section className="band" aria-labelledby="shop-by-collection">
        <SectionHeading id="shop-by-collection" eyebrow="Curated" title="Shop by Collection" />
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {collections.map((c) => (
            <li key={c.id}>
              <Link to={`/collect?collection=${c.id}`} className="collection-card" discover={discover}>
                <Picture src={c.image} alt="" variant={640} className="card-photo" />
                <div>
                  <h3>{c.title}</h3>
                  {c.starts_from !== null ? <p>Starts from {formatRupees(c.starts_from)}</p> : null}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <ProductCarousel id="new-in" title="New In" result={newIn} empty="No New In products available." />
      <ProductCarousel id="best-sellers" title="Best Sellers" result={bestSellers} empty="No top-selling products available." />

      <Testimonials items={testimonials} />
      <BlogCarousel blogs={blogs} title="Latest Blog" id="latest-blog" />

      <section className="band" aria-labelledby="services">
        <SectionHeading id="services" eyebrow="From idea to installation" title="Services We Offer" />
        <div className="mt-6">
          {/* The spec: 3 slides, 2 at 1024 px, 1 at 767 px; arrows wherever one is out of view. */}
          <Carousel label="Services We Offer" perView={{ 0: 1, 768: 2, 1025: 3 }} minForArrows={2} autoplay={4000}>
            {SERVICES.map((s) => (
              <article key={s.title} className="service-card">
                <Picture src={siteImageUrl(s.image)} alt="" variant={1024} className="photo-wide" />
                <div>
                  <h3>{s.title}</h3>
                  <p>{s.text}</p>
                </div>
              </article>
            ))}
          </Carousel>
        </div>
      </section>

      <section className="below-fold container-page mt-16 max-w-4xl text-teak-800" aria-labelledby="about-teak">
        <h2 id="about-teak" className="text-2xl text-teak-900 sm:text-3xl">
          Solid teak furniture online, made to order in Chennai
        </h2>
        <p className="mt-4 leading-relaxed">
          Teakwood Studio makes beds, sofas, dining sets, wardrobes, TV units, pooja mandirs and wall panels in solid Grade A teak, to your
          measurements and finish. Every piece is built by one craftsman in our Chennai workshop with traditional joinery, then delivered and
          installed by our own team anywhere in India. Browse ready-to-ship pieces for delivery in 7 to 10 days, or book a free consultation for
          bespoke furniture.
        </p>
      </section>

      <section className="below-fold relative isolate mt-16 overflow-hidden" aria-labelledby="why-us">
        <Picture src={siteImageUrl('workshop')} alt="" sizes="100vw" className="absolute inset-0 -z-10 h-full w-full object-cover" />
        <div className="absolute inset-0 -z-10 bg-teak-900/75" />
        <div className="container-page grid gap-10 py-16 lg:grid-cols-2">
          <div className="text-teak-100">
            <h2 id="why-us" className="text-3xl text-white sm:text-4xl">
              Why Choose us?
            </h2>
            <p className="mt-5 leading-relaxed">
              For twenty-five years our artisans have shaped teak the slow way: seasoned timber, hand-cut joints and finishes rubbed in by hand. We
              make furniture to be lived with and handed down.
            </p>
            <p className="mt-4 leading-relaxed">
              You talk to one design expert from the first sketch to the day of installation, see your piece on the bench, and pay a price agreed in
              writing before work begins.
            </p>
            <p className="mt-4 leading-relaxed">We deliver and install across India with our own team, and we stand behind every joint we cut.</p>
          </div>
          <div>
            <div className="grid grid-cols-2 gap-4">
              <Counter target={4} label="Catering to Cities" />
              <Counter target={20} label="Homes Furnished" />
              <Counter target={25} label="Years of Experience" />
              <Counter target={1000} label="Happy Customers" />
            </div>
            <ul className="mt-4 flex flex-wrap gap-2">
              {BADGES.map((b) => (
                <li key={b} className="badge">
                  {b}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="band" aria-labelledby="cta">
        <div className="rounded-3xl bg-teak-100 px-6 py-12 text-center sm:px-12">
          <h2 id="cta" className="mx-auto max-w-2xl text-3xl text-teak-900 sm:text-4xl">
            Begin The Journey To Your Dream Home Interiors
          </h2>
          <Link to="/book-consultation" className="btn-primary mt-8" discover={discover}>
            SPEAK TO OUR EXPERT
          </Link>
        </div>
      </section>
    </>
  );
}
