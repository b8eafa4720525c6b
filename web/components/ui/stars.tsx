/**
 * Star rating with half stars, announced as text. The stars are drawn by the stylesheet (`stars` in app.css):
 * one element per rating, its class the rating in half stars.
 */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const halves = Math.round(rating * 2);
  return <span className={`stars stars-${halves} ${className}`} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} />;
}
