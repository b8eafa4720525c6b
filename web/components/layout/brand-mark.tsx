import { Link } from 'react-router';
import { useDiscover } from '../../lib/use-hydrated';

/**
 * The brand's mark: a teak leaf (broad, with its midrib and paired veins) whose lower half turns into the
 * growth rings of the wood it gives. Drawn from the page's sprite, so it costs no request; the favicon is the same drawing.
 */
export function BrandMark({ className = 'h-9 w-9', tone = 'teak' }: { className?: string; tone?: 'teak' | 'light' }) {
  // The drawing is the sprite's (icon.tsx); its two colours come from the class (app.css: mark-teak, mark-light).
  return (
    <svg aria-hidden viewBox="0 0 64 64" className={`${className} ${tone === 'teak' ? 'mark-teak' : 'mark-light'}`} focusable="false">
      <use href="#i-mark" />
    </svg>
  );
}

/** The mark with the wordmark, linking home. */
export function Logo({ tone = 'teak' }: { tone?: 'teak' | 'light' }) {
  return (
    <Link to="/" className="flex items-center gap-2" discover={useDiscover()} aria-label="Teakwood Studio, home">
      <BrandMark tone={tone} />
      <span className={`font-display text-xl font-semibold tracking-tight ${tone === 'teak' ? 'text-teak-900' : 'text-white'}`}>Teakwood Studio</span>
    </Link>
  );
}
