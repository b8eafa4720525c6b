import { Children, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** Tailwind width classes of one slide per breakpoint, e.g. "basis-1/2 lg:basis-1/4". */
  slideClass: string;
  /** Milliseconds between automatic moves; off when unset. */
  autoplay?: number;
  /** Arrows appear only with at least this many slides (the spec: 4). */
  minForArrows?: number;
  /** Back to the first slide after the last one. */
  loop?: boolean;
}

/**
 * A small accessible carousel: native horizontal scrolling with scroll-snap (so touch swipe works
 * without script), arrow buttons labelled 'Previous Slide' / 'Next Slide', the Left and Right keys
 * while focus is inside, and an optional autoplay that pauses on hover, on focus, while off screen
 * or in a background tab, and for visitors who prefer reduced motion.
 */
export function Carousel({ label, children, slideClass, autoplay, minForArrows = 4, loop = true }: CarouselProps) {
  const root = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [visible, setVisible] = useState(false);
  const slides = Children.toArray(children);
  const showArrows = slides.length >= minForArrows;

  const move = useCallback(
    (direction: 1 | -1) => {
      const el = track.current;
      if (!el) return;
      const slide = el.firstElementChild as HTMLElement | null;
      const step = slide ? slide.getBoundingClientRect().width : el.clientWidth;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
      const atStart = el.scrollLeft <= 4;
      if (loop && direction === 1 && atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
      else if (loop && direction === -1 && atStart) el.scrollTo({ left: el.scrollWidth, behavior: 'smooth' });
      else el.scrollBy({ left: direction * step, behavior: 'smooth' });
    },
    [loop],
  );

  useEffect(() => {
    const el = root.current;
    if (!autoplay || !el) return;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [autoplay]);

  const paused = hovered || focused || !visible;
  useEffect(() => {
    if (!autoplay || paused || slides.length < 2) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible') move(1);
    }, autoplay);
    return () => window.clearInterval(id);
  }, [autoplay, paused, move, slides.length]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      move(e.key === 'ArrowRight' ? 1 : -1);
    }
  };

  // Arrows sit at the height of the pictures, not over the titles and prices below them.
  const arrow =
    'absolute top-[35%] z-10 grid h-9 w-9 -translate-y-1/2 place-items-center rounded-full bg-white/95 text-teak-800 shadow-md ring-1 ring-teak-200 hover:bg-teak-50 sm:h-11 sm:w-11';
  return (
    <div
      ref={root}
      className="relative"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <ul
        ref={track}
        className="relative -mx-2 flex snap-x snap-mandatory overflow-x-auto scroll-smooth pb-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, i) => (
          <li
            key={i}
            className={`shrink-0 snap-start px-2 ${slideClass}`}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
          >
            {slide}
          </li>
        ))}
      </ul>
      {showArrows ? (
        <>
          <button type="button" aria-label="Previous Slide" onClick={() => move(-1)} className={`${arrow} -left-2 sm:-left-3`}>
            <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" aria-label="Next Slide" onClick={() => move(1)} className={`${arrow} -right-2 sm:-right-3`}>
            <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M9 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </>
      ) : null}
    </div>
  );
}
