import { Link } from 'react-router';

/**
 * The brand's mark: a teak leaf (broad, with its midrib and paired veins) whose lower half turns into the
 * growth rings of the wood it gives. Drawn inline, so it costs no request; the favicon is the same drawing.
 */
export function BrandMark({ className = 'h-9 w-9', tone = 'teak' }: { className?: string; tone?: 'teak' | 'light' }) {
  const leaf = tone === 'teak' ? 'var(--color-teak-600)' : 'var(--color-teak-200)';
  const vein = tone === 'teak' ? 'var(--color-teak-50)' : 'var(--color-teak-900)';
  return (
    <svg aria-hidden viewBox="0 0 64 64" className={className} focusable="false">
      <path d="M32 3C47 12 56 25 54 39c-2 13-12 21-22 22C22 60 12 52 10 39 8 25 17 12 32 3z" fill={leaf} />
      <g fill="none" stroke={vein} strokeLinecap="round">
        <path d="M32 10v46" strokeWidth="2.4" />
        <path d="M32 19l-9-5M32 19l9-5M32 28l-13-6M32 28l13-6" strokeWidth="1.8" />
        <path d="M22 41c3 5 7 7 10 7s7-2 10-7M26 38c2 3 4 4 6 4s4-1 6-4" strokeWidth="1.6" />
      </g>
    </svg>
  );
}

/** The mark with the wordmark, linking home. */
export function Logo({ tone = 'teak' }: { tone?: 'teak' | 'light' }) {
  return (
    <Link to="/" className="flex items-center gap-2" aria-label="Teakwood Studio, home">
      <BrandMark tone={tone} />
      <span className={`font-display text-xl font-semibold tracking-tight ${tone === 'teak' ? 'text-teak-900' : 'text-white'}`}>Teakwood Studio</span>
    </Link>
  );
}
