import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The shop's frame: header, main and footer. Pages and their error states render inside it. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <div className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
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
    </>
  );
}
