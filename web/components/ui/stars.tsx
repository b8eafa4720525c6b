import { STAR_STEP } from './icon';

/**
 * Star rating with half stars, announced as text. The five stars are the sprite's one drawing (icon.tsx),
 * drawn pale, then gold in a box cut at the rating.
 */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const rounded = Math.round(rating * 2) / 2;
  const gold = Math.floor(rounded) * STAR_STEP + (rounded % 1 ? 10 : 0);
  return (
    <span className={`inline-flex items-center ${className}`} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      <svg viewBox="0 0 108 20" className="h-4 w-[5.4rem]" aria-hidden>
        <use href="#i-stars" width="108" height="20" fill="#e7d3b6" />
        <svg width={gold} height="20">
          <use href="#i-stars" width="108" height="20" fill="#c08a4d" />
        </svg>
      </svg>
    </span>
  );
}
