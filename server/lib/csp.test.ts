import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('the pages’ Content-Security-Policy', () => {
  it('allows only our origin and the nonce when no third party is configured', () => {
    const policy = contentSecurityPolicy('abc');
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc'");
    expect(policy).not.toMatch(/google|razorpay/);
  });

  it('names the inline scripts of a shared page by their hashes, with no nonce and nothing unsafe', () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["'sha256-abc='", "'sha256-def='"] });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc=' 'sha256-def='");
  });

  it('opens Google sign-in and Razorpay checkout only when they are configured', () => {
    const google = contentSecurityPolicy('n', { google: true, razorpay: false });
    expect(directive(google, 'script-src')).toContain('https://accounts.google.com/gsi/client');
    expect(directive(google, 'frame-src')).toContain('https://accounts.google.com/gsi/');
    expect(google).not.toMatch(/razorpay/);
    const razorpay = contentSecurityPolicy('n', { google: false, razorpay: true });
    expect(directive(razorpay, 'script-src')).toContain('https://checkout.razorpay.com');
    expect(directive(razorpay, 'frame-src')).toContain('https://api.razorpay.com');
    expect(razorpay).not.toMatch(/google/);
  });

  it('forbids any <base> element, so an injected one cannot redirect relative script and form addresses', () => {
    for (const thirdParties of [undefined, { google: true, razorpay: true }]) {
      expect(directive(contentSecurityPolicy('n', thirdParties), 'base-uri')).toBe("base-uri 'none'");
    }
  });

  it('lets pages load images from the CDN named by MEDIA_PUBLIC_URL, and from nowhere else', () => {
    const policy = contentSecurityPolicy('n', { google: false, razorpay: false, mediaOrigin: 'https://cdn.example.in' });
    expect(directive(policy, 'img-src')).toContain('https://cdn.example.in');
    expect(directive(contentSecurityPolicy('n'), 'img-src')).not.toContain('cdn.example.in');
  });
});
