import { Links, Meta, Outlet, Scripts, type LinksFunction, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import favicon from './assets/favicon.svg?url';
import { SiteShell } from './components/layout/site-shell';
import { IconSprite } from './components/ui/icon';
import { SiteErrorMessage } from './components/ui/load-error';
import { Toaster } from './components/ui/toast';
import { keptLoader, type Kept } from './lib/kept.server';
import { useNonce } from './lib/nonce';
import { PageScroll } from './lib/page-scroll';
import { FONT_FILES } from './lib/web-fonts';
import { changedNothing } from './lib/unchanged';
import { replayTapsBeforeHydration } from './lib/taps-before-hydration';
import './load-context';

/**
 * The root runs for every page, the kept ones too (decision 0056): it reads the shopper's facts, never her user.
 * In a page kept for every shopper with the same facts they are the host's (web/lib/shell.ts); on any other page
 * they are read for this browser: her profile's public fields, from the session cookie, and the cart's badge.
 */
export const loader = keptLoader(async ({ context }: Kept<Route.LoaderArgs>) => {
  const { publicUrl, social, mediaBaseUrl } = context.services.config;
  // The header's cart badge and the hearts of the pieces she saved, right in the first HTML; every action (a save,
  // a log-in) makes this loader run again.
  const [cartCount, savedSlugs] = await Promise.all([context.shopper.cartCount(), context.shopper.savedSlugs()]);
  return { publicUrl, social, user: context.shopper.profile(), cartCount, savedSlugs, mediaBaseUrl };
});

/** After an action that changed nothing (a refused ADD TO CART, the shop out of reach) nothing is read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  changedNothing(actionResult) ? false : defaultShouldRevalidate;

export const links: LinksFunction = () => [{ rel: 'icon', href: favicon, type: 'image/svg+xml' }];

/**
 * Marks the document once React has taken over the server's HTML (scripts start after the first paint), and
 * answers the taps made on its buttons before then.
 */
function markHydrated(html: HTMLHtmlElement | null) {
  if (!html) return;
  html.dataset.hydrated = '';
  replayTapsBeforeHydration();
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN" ref={markHydrated}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#8a5a2b" />
        {/* With a precedence React sends the stylesheet first in the head. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        {/* The two web fonts, from the shop's own origin, fetched with the stylesheet (web/lib/web-fonts.ts). */}
        {FONT_FILES.map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
        ))}
        <Meta />
        <Links />
      </head>
      <body>
        <IconSprite />
        {children}
        <Toaster />
        <PageScroll nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Errors above the shop's layout (a client-side visit whose route list could not be fetched, because the shop
 * is out of reach) keep the header and footer too.
 */
export function ErrorBoundary() {
  return (
    <SiteShell>
      <SiteErrorMessage />
    </SiteShell>
  );
}
