import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, type LinksFunction } from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import favicon from './assets/favicon.svg?url';
import { useNonce } from './lib/nonce';
import './load-context';

export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, social } = context.services.config;
  return { publicUrl, social };
}

export const links: LinksFunction = () => [{ rel: 'icon', href: favicon, type: 'image/svg+xml' }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has taken over the server's HTML (scripts start after the first paint).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#8a5a2b" />
        {/* With a precedence React sends the stylesheet first in the head. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="container-page py-24 text-center">
      <h1 className="text-4xl">{notFound ? 'Page Not Found' : 'Something went wrong'}</h1>
      <p className="mt-4 text-teak-800">{notFound ? 'The page you are looking for does not exist.' : 'Please try again in a moment.'}</p>
      <a className="btn-primary mt-8" href="/">
        Go back home
      </a>
    </main>
  );
}
