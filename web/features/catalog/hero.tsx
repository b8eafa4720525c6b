import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { siteImageUrl, type SiteImageKey } from '../../../contract/site-images';
import { Picture } from '../../components/ui/picture';
import { useLive } from '../../lib/use-hydrated';

export const HERO_SIZES = '(min-width: 1280px) 710px, (min-width: 1024px) 58vw, 100vw';
const SLIDES: { key: SiteImageKey; alt: string }[] = [
  { key: 'hero1', alt: 'A sunlit living room furnished in teak' },
  { key: 'hero2', alt: 'A calm bedroom with a slatted teak bed' },
  { key: 'hero3', alt: 'A teak dining set laid for a family meal' },
  { key: 'hero4', alt: 'A study with teak bookshelves' },
];
const ROTATE_MS = 5000;

/** The hero: four pictures rotating every 5 seconds with position dots; text only on the first. */
export function Hero() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  // The server sends only the first picture; the other three are fetched once the page is live, so
  // they do not compete with the first screen.
  const later = useLive();
  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const id = window.setInterval(() => setActive((i) => (i + 1) % SLIDES.length), ROTATE_MS);
    return () => window.clearInterval(id);
  }, [paused]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured rooms"
      className="relative isolate h-full min-h-[360px] overflow-hidden rounded-3xl bg-teak-900 lg:min-h-[440px]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {SLIDES.map((slide, i) =>
        i > 0 && !later ? null : (
          <div
            key={slide.key}
            aria-hidden={i !== active}
            className={`absolute inset-0 transition-opacity duration-1000 ${i === active ? 'opacity-100' : 'opacity-0'}`}
          >
            {/* The first picture is on a phone's first screen (its largest element there): fetched at once. */}
            <Picture src={siteImageUrl(slide.key)} alt={slide.alt} sizes={HERO_SIZES} priority={i === 0} className="h-full w-full object-cover" />
          </div>
        ),
      )}
      <div className="absolute inset-0 bg-gradient-to-r from-teak-900/85 via-teak-900/60 to-teak-900/30 sm:via-teak-900/35 sm:to-transparent" />
      {active === 0 ? (
        <div className="absolute inset-0 flex items-start pt-10 lg:items-center lg:pt-0">
          <div className="px-6 sm:px-10">
            <p className="text-xs font-semibold tracking-[0.3em] text-teak-200 uppercase">Made to order in teak</p>
            <h1 className="mt-4 max-w-xl text-4xl leading-tight text-white sm:text-5xl xl:text-6xl">Crafted. Curated. Bespoke</h1>
            <p className="mt-5 max-w-md text-base text-teak-100 sm:text-lg">
              Furniture made for meaning over mass production, by artisans who have worked teak for generations.
            </p>
            <Link to="/shop" className="btn-light mt-6 sm:mt-8">
              Shop Now
            </Link>
          </div>
        </div>
      ) : (
        <h1 className="sr-only">Crafted. Curated. Bespoke</h1>
      )}
      <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            onClick={() => setActive(i)}
            aria-label={`Show picture ${i + 1} of ${SLIDES.length}`}
            aria-current={i === active}
            className="group grid h-8 min-w-8 place-items-center px-1"
          >
            <span
              aria-hidden
              className={`block h-2.5 rounded-full transition-all ${i === active ? 'w-8 bg-white' : 'w-2.5 bg-white/60 group-hover:bg-white'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
