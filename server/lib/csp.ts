/**
 * The pages' Content-Security-Policy. Scripts run only from our origin or with the per-request
 * nonce (a page from the shared page cache names its own inline scripts by their SHA-256 hashes instead,
 * see server/page/kept-pages.ts); third-party hosts are listed here, one place, when a feature needs them.
 */
export interface ThirdParties {
  /** Google sign-in's script, button frame and styles (only when GOOGLE_CLIENT_ID is set). */
  google: boolean;
  /** Razorpay's checkout script and window (only with real Razorpay keys). */
  razorpay: boolean;
  /** The origin of MEDIA_PUBLIC_URL (a CDN for the images), when set. */
  mediaOrigin?: string;
}

export function contentSecurityPolicy(
  nonce: string | { scriptHashes: string[] },
  thirdParties: ThirdParties = { google: false, razorpay: false },
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(typeof nonce === 'string' ? [`'nonce-${nonce}'`] : nonce.scriptHashes)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ['https://www.youtube-nocookie.com'],
    'object-src': ["'none'"],
    // No page sets a <base>: an injected one could not redirect relative script and form URLs.
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const add = (name: string, ...sources: string[]) => directives[name]!.push(...sources);
  if (thirdParties.google) {
    const gsi = 'https://accounts.google.com/gsi/';
    add('script-src', `${gsi}client`);
    add('style-src', `${gsi}style`);
    add('frame-src', gsi);
    add('connect-src', gsi);
  }
  if (thirdParties.mediaOrigin) add('img-src', thirdParties.mediaOrigin);
  if (thirdParties.razorpay) {
    add('script-src', 'https://checkout.razorpay.com');
    add('frame-src', 'https://api.razorpay.com', 'https://checkout.razorpay.com');
    add('img-src', 'https://cdn.razorpay.com');
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
