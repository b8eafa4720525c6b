import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, isRouteErrorResponse, useLocation, useMatches, useNavigation, useRouteError } from 'react-router';

/** The panel's sections, each at its own address under /dashboard. */
export const SECTIONS = [
  { to: '/dashboard', label: 'Overview' },
  { to: '/dashboard/orders', label: 'Orders' },
  { to: '/dashboard/returns', label: 'Returns' },
  { to: '/dashboard/reviews', label: 'Reviews' },
  { to: '/dashboard/quotes', label: 'Quotes' },
  { to: '/dashboard/messages', label: 'Messages' },
  { to: '/dashboard/consultations', label: 'Consultations' },
  {
    to: '/dashboard/products',
    label: 'Products',
    also: ['/dashboard/categories', '/dashboard/subcategories', '/dashboard/ready-to-ship', '/dashboard/import-export', '/dashboard/search-words'],
  },
  { to: '/dashboard/blogs', label: 'Blogs' },
  { to: '/dashboard/banner', label: 'Home banner' },
  { to: '/dashboard/testimonials', label: 'Testimonials' },
  { to: '/dashboard/video', label: 'Featured video' },
  { to: '/dashboard/promos', label: 'Promo banners' },
  { to: '/dashboard/rooms', label: 'Rooms' },
  { to: '/dashboard/collections', label: 'Collections' },
  { to: '/dashboard/delivery', label: 'Delivery' },
  { to: '/dashboard/tax', label: 'Tax and invoices' },
] as const;

/** The catalogue's pages, shown as a row of links above each of them. */
export const CATALOGUE = [
  { to: '/dashboard/products', label: 'Products' },
  { to: '/dashboard/categories', label: 'Categories' },
  { to: '/dashboard/subcategories', label: 'Subcategories' },
  { to: '/dashboard/ready-to-ship', label: 'Ready to Ship' },
  { to: '/dashboard/import-export', label: 'Import / export' },
  { to: '/dashboard/search-words', label: 'Search words' },
] as const;

/** What a section route declares in its `handle`: the heading of the page. */
export interface SectionHandle {
  title: string;
}

function isSectionHandle(handle: unknown): handle is SectionHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** The heading of the section on screen, from the deepest route that names one. */
function useSectionTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle;
    if (isSectionHandle(handle)) return handle.title;
  }
  return 'Admin panel';
}

function isCurrent(pathname: string, section: (typeof SECTIONS)[number]): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (section.to === '/dashboard') return path === '/dashboard';
  const prefixes = [section.to, ...('also' in section ? section.also : [])];
  return prefixes.some((p) => path === p || path.startsWith(`${p}/`));
}

const navLink = (current: boolean) =>
  `block rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
    current ? 'bg-teak-600 text-white' : 'text-teak-800 hover:bg-teak-100'
  }`;

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout" className="inline">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}

/** The owner's frame around every section: the sections at the side (or on top, on a phone), the section's heading, the section. */
export function AdminFrame({
  username,
  waiting = {},
  children,
}: {
  username: string;
  /** What waits for the owner in a section (its address to a count), shown as a badge beside its name. */
  waiting?: Partial<Record<string, number>>;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const title = useSectionTitle();
  const navigation = useNavigation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the sections scroll sideways: keep the current one in sight.
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <div className="min-h-screen bg-sand lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-teak-200 bg-white/95 backdrop-blur lg:static lg:flex lg:min-h-screen lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 lg:block lg:px-5 lg:py-6">
          <Link to="/dashboard" className="block font-display text-lg leading-tight text-teak-900">
            Teakwood Studio
            <span className="block font-sans text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Admin panel</span>
          </Link>
          <div className="flex items-center gap-2 lg:hidden">
            <a href="/" className="text-sm font-semibold text-teak-700 underline underline-offset-4">
              View shop
            </a>
            <LogoutButton className="rounded-lg px-2 py-1 text-sm font-semibold text-teak-800 ring-1 ring-teak-200" />
          </div>
        </div>
        <nav ref={nav} aria-label="Admin sections" className="overflow-x-auto px-2 pb-2 lg:flex-1 lg:overflow-visible lg:px-3">
          <ul className="flex gap-1 lg:flex-col">
            {SECTIONS.map((s) => {
              const current = isCurrent(pathname, s);
              const count = waiting[s.to] ?? 0;
              return (
                // Positioned, so a badge's words for screen readers (absolutely placed) stay inside the sideways scroller.
                <li key={s.to} className="relative">
                  <Link to={s.to} aria-current={current ? 'page' : undefined} className={navLink(current)}>
                    {s.label}
                    {count > 0 ? (
                      <span className="ml-2 inline-block min-w-5 rounded-full bg-amber-200 px-1.5 text-center text-xs text-amber-950 tabular-nums">
                        {count}
                        <span className="sr-only"> waiting</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="hidden border-t border-teak-100 px-5 py-4 text-sm lg:block">
          <p className="truncate text-teak-800">
            Signed in as <span className="font-semibold">{username}</span>
          </p>
          <div className="mt-3 flex items-center gap-3">
            <a href="/" className="font-semibold text-teak-700 underline underline-offset-4">
              View shop
            </a>
            <LogoutButton className="rounded-lg px-3 py-1 font-semibold text-teak-800 ring-1 ring-teak-200 hover:bg-teak-50" />
          </div>
        </div>
      </header>
      <main id="admin-main" aria-busy={navigation.state === 'loading'} className="min-w-0 px-3 py-5 sm:px-6 lg:px-8 lg:py-8">
        <h1 className="mb-5 font-display text-2xl text-teak-900 sm:text-3xl">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** The catalogue's row of links (Products, Categories, Subcategories, Ready to Ship, Import / export). */
export function CatalogueNav() {
  const path = useLocation().pathname.replace(/\/+$/, '');
  return (
    <nav aria-label="Catalogue" className="mb-5 overflow-x-auto border-b border-teak-200">
      <ul className="flex gap-1">
        {CATALOGUE.map((t) => (
          <li key={t.to}>
            <Link
              to={t.to}
              preventScrollReset
              aria-current={path === t.to ? 'page' : undefined}
              className={`-mb-px block border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${
                path === t.to ? 'border-teak-600 text-teak-900' : 'border-transparent text-teak-700 hover:text-teak-900'
              }`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A section's error page, inside the panel's frame: the spec's sentence for the section (the details went to
 * the server's log), or "not found" for an item that is gone.
 */
export function SectionError({ message }: { message: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-red-800 ring-1 ring-red-200">
      {notFound ? 'We could not find what you asked for. It may have been deleted.' : message}
    </p>
  );
}
