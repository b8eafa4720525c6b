// Drawings that a page repeats (the carousels' arrows) are defined once per document, in
// the sprite the root layout renders, and drawn with `<use>`: a page of carousels carries a short
// reference per copy instead of the whole drawing.

export type IconName = 'arrow-previous' | 'arrow-next';

/** The shared drawings; rendered once, hidden, at the top of every page's body. */
export function IconSprite() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      <symbol
        id="i-arrow-previous"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M15 6l-6 6 6 6" />
      </symbol>
      <symbol id="i-arrow-next" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M9 6l6 6-6 6" />
      </symbol>
      {/* The brand's mark (brand-mark.tsx), in the colours its class sets. */}
      <symbol id="i-mark">
        <path d="M32 3C47 12 56 25 54 39c-2 13-12 21-22 22C22 60 12 52 10 39 8 25 17 12 32 3z" fill="var(--mark-leaf)" />
        <g fill="none" stroke="var(--mark-vein)" strokeLinecap="round">
          <path d="M32 10v46" strokeWidth="2.4" />
          <path d="M32 19l-9-5M32 19l9-5M32 28l-13-6M32 28l13-6" strokeWidth="1.8" />
          <path d="M22 41c3 5 7 7 10 7s7-2 10-7M26 38c2 3 4 4 6 4s4-1 6-4" strokeWidth="1.6" />
        </g>
      </symbol>
    </svg>
  );
}

/** A decorative icon from the sprite; its colour is the text colour. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden className={className}>
      <use href={`#i-${name}`} />
    </svg>
  );
}
