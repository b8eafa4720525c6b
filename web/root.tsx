import { Links, Meta, Outlet, Scripts, type LinksFunction, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import favicon from './assets/favicon.svg?url';
import { SiteShell } from './components/layout/site-shell';
import { IconSprite } from './components/ui/icon';
import { SiteErrorMessage } from './components/ui/load-error';
import { Toaster } from './components/ui/toast';
import { cartCount as readCartCount } from './lib/cart.server';
import { useNonce } from './lib/nonce';
import { PageScroll } from './lib/page-scroll';
import { savedSlugsOf } from './lib/saved.server';
import { FONT_FILES } from './lib/web-fonts';
import { changedNothing } from './lib/unchanged';
import './load-context';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicUrl, social, mediaBaseUrl } = context.services.config;
  // A page kept for every shopper with the same facts (web/lib/shell.ts): the host's facts, never a cookie.
  if (context.shell) {
    const { user, cartCount, savedSlugs } = context.shell;
    return { publicUrl, social, user, cartCount, savedSlugs, mediaBaseUrl };
  }
  // Who is signed in, read by the host from the session cookie: the profile's public fields only.
  const user = context.user ? context.services.accounts.profile(context.user) : null;
  // The header's cart badge and the hearts of the pieces she saved, right in the first HTML; every action (a save,
  // a log-in) makes this loader run again.
  const [cartCount, savedSlugs] = await Promise.all([readCartCount(request, context), savedSlugsOf(request, context)]);
  return { publicUrl, social, user, cartCount, savedSlugs, mediaBaseUrl };
}

/** After an action that changed nothing (a refused ADD TO CART, the shop out of reach) nothing is read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  changedNothing(actionResult) ? false : defaultShouldRevalidate;

export const links: LinksFunction = () => [{ rel: 'icon', href: favicon, type: 'image/svg+xml' }];

/** Marks the document once React has taken over the server's HTML (scripts start after the first paint). */
function markHydrated(html: HTMLHtmlElement | null) {
  if (html) html.dataset.hydrated = '';
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
