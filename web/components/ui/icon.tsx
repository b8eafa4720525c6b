// Drawings that a page repeats (the carousels' arrows, the rating stars) are defined once per document, in
// the sprite the root layout renders, and drawn with `<use>`: a page of carousels and reviews carries a short
// reference per copy instead of the whole drawing.

// One star's outline (20 × 20), as its ten corners; five are drawn side by side, 22 units apart.
const CORNERS = [
  [10, 1.5],
  [12.6, 6.8],
  [18.5, 7.7],
  [14.2, 11.8],
  [15.2, 17.6],
  [10, 14.9],
  [4.8, 17.6],
  [5.8, 11.8],
  [1.5, 7.7],
  [7.4, 6.8],
] as const;
/** The horizontal distance between two stars of the row, in the drawing's units. */
export const STAR_STEP = 22;
const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => `M${CORNERS.map(([x, y]) => `${+(x + i * STAR_STEP).toFixed(1)} ${y}`).join('L')}Z`).join('');

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
      <symbol id="i-stars">
        <path d={FIVE_STARS} />
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
