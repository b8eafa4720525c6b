import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { NotFoundMessage } from '../components/ui/not-found';
import { SessionProvider } from '../features/accounts/session';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <SessionProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <SiteHeader />
        {/* At least a screen tall: while a page fills in what only the browser knows (the cart, the account),
            the footer stays below the fold instead of jumping down past the visitor's eyes. */}
        <main id="main" className="min-h-svh flex-1">
          {children}
        </main>
        <SiteFooter />
      </div>
    </SessionProvider>
  );
}

export default function MainLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** Errors of the pages inside the layout keep the header and footer around them. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Shell>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundMessage />
      ) : (
        <section className="container-page py-24 text-center">
          <h1 className="text-4xl">Something went wrong</h1>
          <p className="mt-4 text-teak-800">Please try again in a moment.</p>
        </section>
      )}
    </Shell>
  );
}
