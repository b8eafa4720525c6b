import { Link } from 'react-router';
import { siteImageUrl } from '../../contract/site-images';
import { Picture, preloadImage } from '../components/ui/picture';
import type { Route } from './+types/home';

const HERO_SIZES = '100vw';

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await context.services.catalog.listCategories();
  return { categories };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Teakwood Studio | Made-to-order teak furniture in India' },
  {
    name: 'description',
    content: 'Beds, sofas, dining sets and more in solid teak, made to order by seasoned artisans in Chennai and delivered across India.',
  },
];

export const links: Route.LinksFunction = () => preloadImage(siteImageUrl('hero1'), HERO_SIZES);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-teak-900">
        <Picture
          src={siteImageUrl('hero1')}
          alt="A sunlit living room furnished in teak"
          sizes={HERO_SIZES}
          priority
          className="h-[62vh] max-h-[680px] min-h-[380px] w-full object-cover opacity-90"
        />
        <div className="absolute inset-0 bg-gradient-to-r from-teak-900/80 via-teak-900/35 to-transparent" />
        <div className="absolute inset-0 flex items-center">
          <div className="container-page">
            <p className="text-xs font-semibold tracking-[0.3em] text-teak-200 uppercase">Made to order in teak</p>
            <h1 className="mt-4 max-w-xl text-4xl leading-tight text-white sm:text-6xl">Crafted. Curated. Bespoke</h1>
            <p className="mt-5 max-w-md text-base text-teak-100 sm:text-lg">
              Furniture made for meaning over mass production, by artisans who have worked teak for generations.
            </p>
            <Link to="/shop" className="btn-light mt-8">
              Shop Now
            </Link>
          </div>
        </div>
      </section>

      <section className="container-page mt-16" aria-labelledby="shop-by-furniture">
        <div className="flex items-end justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-[0.25em] text-teak-500 uppercase">Collections for every room</p>
            <h2 id="shop-by-furniture" className="mt-2 text-3xl sm:text-4xl">
              Shop by Furniture
            </h2>
          </div>
        </div>
        {categories.length === 0 ? (
          <p className="mt-8 text-teak-800">Our catalogue is being prepared. Please check back soon.</p>
        ) : (
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/Category/${c.slug}`}
                  className="group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-teak-200/60 transition hover:shadow-md"
                >
                  <Picture
                    src={c.image}
                    alt=""
                    sizes="(min-width: 1280px) 16vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                    className="aspect-square w-full object-cover transition duration-500 group-hover:scale-105"
                  />
                  <span className="block px-4 py-3 text-center font-display text-lg text-teak-900">{c.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
