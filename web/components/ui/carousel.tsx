import { Children, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLive } from '../../lib/use-hydrated';
import { DeferPictures } from './deferred-pictures';
import { Icon } from './icon';

/** Viewport widths (px) from which a number of slides shows; 0 is every width. */
export type Breakpoint = 0 | 640 | 641 | 768 | 769 | 1024 | 1025 | 1280;
type Count = 1 | 2 | 3 | 4 | 5;
/** Slides shown side by side from each breakpoint up, e.g. `{ 0: 1, 768: 2, 1025: 3 }`. */
export type PerView = { 0: Count } & Partial<Record<Exclude<Breakpoint, 0>, Count>>;

/*
 * The widths are the track's classes for its children (`*:`), so a carousel of twelve slides names them once.
 * Every class below is written out in full so Tailwind finds it, and every breakpoint is in pixels: Tailwind
 * orders its rem breakpoints (md, lg) and pixel ones (min-[1025px]) separately, so mixing them in one slide
 * width let `md:basis-1/2` win over `min-[1025px]:basis-1/3` at every width.
 */
const BASIS: Record<Breakpoint, Record<Count, string>> = {
  0: { 1: '*:basis-full', 2: '*:basis-1/2', 3: '*:basis-1/3', 4: '*:basis-1/4', 5: '*:basis-1/5' },
  640: {
    1: 'min-[640px]:*:basis-full',
    2: 'min-[640px]:*:basis-1/2',
    3: 'min-[640px]:*:basis-1/3',
    4: 'min-[640px]:*:basis-1/4',
    5: 'min-[640px]:*:basis-1/5',
  },
  641: {
    1: 'min-[641px]:*:basis-full',
    2: 'min-[641px]:*:basis-1/2',
    3: 'min-[641px]:*:basis-1/3',
    4: 'min-[641px]:*:basis-1/4',
    5: 'min-[641px]:*:basis-1/5',
  },
  768: {
    1: 'min-[768px]:*:basis-full',
    2: 'min-[768px]:*:basis-1/2',
    3: 'min-[768px]:*:basis-1/3',
    4: 'min-[768px]:*:basis-1/4',
    5: 'min-[768px]:*:basis-1/5',
  },
  769: {
    1: 'min-[769px]:*:basis-full',
    2: 'min-[769px]:*:basis-1/2',
    3: 'min-[769px]:*:basis-1/3',
    4: 'min-[769px]:*:basis-1/4',
    5: 'min-[769px]:*:basis-1/5',
  },
  1024: {
    1: 'min-[1024px]:*:basis-full',
    2: 'min-[1024px]:*:basis-1/2',
    3: 'min-[1024px]:*:basis-1/3',
    4: 'min-[1024px]:*:basis-1/4',
    5: 'min-[1024px]:*:basis-1/5',
  },
  1025: {
    1: 'min-[1025px]:*:basis-full',
    2: 'min-[1025px]:*:basis-1/2',
    3: 'min-[1025px]:*:basis-1/3',
    4: 'min-[1025px]:*:basis-1/4',
    5: 'min-[1025px]:*:basis-1/5',
  },
  1280: {
    1: 'min-[1280px]:*:basis-full',
    2: 'min-[1280px]:*:basis-1/2',
    3: 'min-[1280px]:*:basis-1/3',
    4: 'min-[1280px]:*:basis-1/4',
    5: 'min-[1280px]:*:basis-1/5',
  },
};
/** The arrows show only where some slides are out of view. */
const ARROWS: Record<Breakpoint, { show: string; hide: string }> = {
  0: { show: 'flex', hide: 'hidden' },
  640: { show: 'min-[640px]:flex', hide: 'min-[640px]:hidden' },
  641: { show: 'min-[641px]:flex', hide: 'min-[641px]:hidden' },
  768: { show: 'min-[768px]:flex', hide: 'min-[768px]:hidden' },
  769: { show: 'min-[769px]:flex', hide: 'min-[769px]:hidden' },
  1024: { show: 'min-[1024px]:flex', hide: 'min-[1024px]:hidden' },
  1025: { show: 'min-[1025px]:flex', hide: 'min-[1025px]:hidden' },
  1280: { show: 'min-[1280px]:flex', hide: 'min-[1280px]:hidden' },
};

function layoutOf(perView: PerView, slides: number): { slide: string; arrows: string } {
  const steps = (Object.keys(perView).map(Number) as Breakpoint[]).sort((a, b) => a - b);
  // A breakpoint that shows or hides the arrows as the one before it says nothing: it is left out.
  const shown = steps.map((bp) => slides > perView[bp]!);
  return {
    slide: steps.map((bp) => BASIS[bp][perView[bp]!]).join(' '),
    arrows: steps
      .filter((_, i) => i === 0 || shown[i] !== shown[i - 1])
      .map((bp) => (slides > perView[bp]! ? ARROWS[bp].show : ARROWS[bp].hide))
      .join(' '),
  };
}

/**
 * A previous/next arrow: a round 44×44 px button (the smallest comfortable tap target), shared by the
 * carousels and the product page's finish chooser.
 */
export function ArrowButton({
  direction,
  label,
  onClick,
  disabled,
  className = '',
}: {
  direction: 'previous' | 'next';
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button type="button" aria-label={label} onClick={onClick} disabled={disabled} className={className || 'arrow-button'}>
      <Icon name={direction === 'previous' ? 'arrow-previous' : 'arrow-next'} />
    </button>
  );
}

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** Slides side by side per breakpoint (preferred: the arrows then show only where slides are out of view). */
  perView?: PerView;
  /** Tailwind width classes of one slide per breakpoint, e.g. "basis-1/2 lg:basis-1/4" (one unit of breakpoints only). */
  slideClass?: string;
  /** Milliseconds between automatic moves; off when unset. */
  autoplay?: number;
  /** Arrows appear only with at least this many slides (the spec: 4). */
  minForArrows?: number;
  /** Back to the first slide after the last one. */
  loop?: boolean;
  /** More classes for the carousel's box (its margin). */
  className?: string;
}

/**
 * A small accessible carousel: native horizontal scrolling with scroll-snap (so touch swipe works
 * without script), arrow buttons labelled 'Previous Slide' / 'Next Slide', the Left and Right keys
 * while focus is inside, and an optional autoplay that pauses on hover, on focus, while off screen
 * or in a background tab, and for visitors who prefer reduced motion.
 */
export function Carousel({ label, children, perView, slideClass = '', autoplay, minForArrows = 4, loop = true, className }: CarouselProps) {
  const root = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [visible, setVisible] = useState(false);
  const slides = Children.toArray(children);
  const live = useLive();
  const showArrows = slides.length >= minForArrows;
  // With `perView` the slides' widths are set once on the track (`*:` classes for its children), not per slide.
  const layout = perView ? layoutOf(perView, slides.length) : { slide: '', arrows: 'flex' };
  // The slides that no screen shows at first; their pictures come once the page is live.
  const inView = perView ? Math.max(...Object.values(perView)) : slides.length;

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

  // Autoplay runs only while the carousel is in view: watched from the moment it is laid out (a ref callback with
  // its cleanup, React 19), not from an effect.
  const rootRef = useCallback(
    (el: HTMLDivElement | null) => {
      root.current = el;
      if (!autoplay || !el) return;
      const observer = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)));
      observer.observe(el);
      return () => observer.disconnect();
    },
    [autoplay],
  );

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

  // On a phone the arrows sit in a row under the slides, off the text and pictures; from 640 px, beside the
  // slides at the height of the pictures (not over the titles and prices below them): `carousel-arrow`.
  return (
    <div
      ref={rootRef}
      className={className ? `relative ${className}` : 'relative'}
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
      {/* The slides are a list: a screen reader tells the visitor which of how many each is. */}
      <ul ref={track} className={layout.slide ? `carousel-track ${layout.slide}` : 'carousel-track'}>
        {slides.map((slide, i) => (
          <li key={i} className={slideClass || undefined}>
            {i < inView ? slide : <DeferPictures.Provider value>{slide}</DeferPictures.Provider>}
          </li>
        ))}
      </ul>
      {/* The arrows need the page's scripts: the server's HTML keeps only their row's room on a phone. */}
      {showArrows && live ? (
        <div className={`carousel-arrows ${layout.arrows}`}>
          <ArrowButton direction="previous" label="Previous Slide" onClick={() => move(-1)} className="carousel-previous" />
          <ArrowButton direction="next" label="Next Slide" onClick={() => move(1)} className="carousel-next" />
        </div>
      ) : showArrows ? (
        <div className={`carousel-arrows max-sm:h-11 ${layout.arrows}`} />
      ) : null}
    </div>
  );
}
