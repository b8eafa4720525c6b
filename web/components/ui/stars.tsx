import { useId } from 'react';

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
const STEP = 22;
const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => `M${CORNERS.map(([x, y]) => `${+(x + i * STEP).toFixed(1)} ${y}`).join('L')}Z`).join('');

/**
 * Star rating with half stars, announced as text. One small drawing for the five stars (the pale row, and
 * the gold row cut at the rating), so a page of reviews stays light to lay out.
 */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const clip = useId();
  const rounded = Math.round(rating * 2) / 2;
  const gold = Math.floor(rounded) * STEP + (rounded % 1 ? 10 : 0);
  return (
    <span className={`inline-flex items-center ${className}`} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      <svg viewBox="0 0 108 20" className="h-4 w-[5.4rem]" aria-hidden>
        <defs>
          <clipPath id={clip}>
            <rect width={gold} height="20" />
          </clipPath>
        </defs>
        <path d={FIVE_STARS} fill="#e7d3b6" />
        <path d={FIVE_STARS} fill="#c08a4d" clipPath={`url(#${clip})`} />
      </svg>
    </span>
  );
}
