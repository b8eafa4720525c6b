import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link, useLocation, useRouteLoaderData } from 'react-router';
import { useSession } from '../../lib/session';
import { useDiscover } from '../../lib/use-hydrated';
import { Logo } from './brand-mark';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/RDship', label: 'Ready to Ship' },
  { to: '/design_solution', label: 'Design Solution' },
  { to: '/Bfurniture', label: 'Bespoke Furniture' },
];

/**
 * Whether a header link names the page shown, as React Router's NavLink decides it (any case; Home only itself,
 * another link its pages too), by comparing two paths: NavLink resolved each of the header's fifteen links against
 * the route's matches and the location again on every render (decision 0065).
 */
export function isActiveLink(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (path === target) return true;
  return target !== '/' && path.startsWith(target) && path.charAt(target.length) === '/';
}

/** A header link to one of the shop's pages, marked (class `active`, `aria-current`) when it names the page shown. */
function HeaderLink({ to, className, onClick, children }: { to: string; className: string; onClick?: () => void; children: ReactNode }) {
  const discover = useDiscover();
  const active = isActiveLink(useLocation().pathname, to);
  return (
    <Link
      discover={discover}
      to={to}
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={active ? `${className} active` : className}
    >
      {children}
    </Link>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.7">
      <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="10" cy="20" r="1.3" />
      <circle cx="17" cy="20" r="1.3" />
    </svg>
  );
}

/** The number of pieces in the visitor's cart, read by the root loader from the server's cart (0 without one). */
function useCartCount(): number {
  const data = useRouteLoaderData<{ cartCount?: number }>('root');
  return data?.cartCount ?? 0;
}

function CartLink({ count, onNavigate, className = '' }: { count: number; onNavigate?: () => void; className?: string }) {
  const discover = useDiscover();
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <Link discover={discover} to="/cart" className={`relative text-ink hover:text-teak-600 ${className}`} aria-label={label} onClick={onNavigate}>
      <CartIcon />
      {count > 0 ? (
        <span
          aria-hidden
          data-testid="cart-badge"
          className="absolute -top-2 -right-2.5 grid h-5 min-w-5 place-items-center rounded-full bg-teak-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-sand"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

export function SiteHeader() {
  const session = useSession();
  const count = useCartCount();
  const location = useLocation();
  const user = session.status === 'authenticated' ? session.user : null;
  const discover = useDiscover();
  // The menu belongs to the page it was opened on, so any page change (a link, the back button) closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const open = menuPath === location.pathname;
  const setOpen = (value: boolean) => setMenuPath(value ? location.pathname : null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuPath(null);
    };
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open]);

  const closeMenu = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-teak-200/70">
      {/* The frosted background is a layer of its own: a backdrop-filter on the header would make the header the
          containing block of the fixed menu below, squeezing the menu into the header's 64 px. */}
      <div aria-hidden className="absolute inset-0 -z-10 bg-sand/95 backdrop-blur" />
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-7 lg:flex">
          {NAV.map((item) => (
            <HeaderLink key={item.to} to={item.to} className="nav-link">
              {item.label}
            </HeaderLink>
          ))}
        </nav>
        <div className="flex items-center gap-3 sm:gap-4">
          {user ? (
            <div className="hidden items-center gap-4 sm:flex">
              {user.is_superuser ? (
                <Link
                  discover={discover}
                  to="/dashboard"
                  className="rounded-full bg-teak-900 px-4 py-1.5 text-xs font-semibold tracking-wide text-teak-50 hover:bg-teak-700"
                >
                  Admin Panel
                </Link>
              ) : null}
              <HeaderLink to="/profile" className="nav-link">
                Hi {user.username}
              </HeaderLink>
              {/* Saved pieces (decision 0050), by the account's links; a visitor reaches hers from the Save button. */}
              <HeaderLink to="/saved" className="nav-link">
                Saved
              </HeaderLink>
              <Form method="post" action="/logout" onSubmit={closeMenu}>
                <button type="submit" className="text-sm font-medium text-ink transition-colors hover:text-teak-600">
                  Logout
                </button>
              </Form>
            </div>
          ) : (
            <HeaderLink to="/login" className="nav-link hidden sm:inline">
              Login
            </HeaderLink>
          )}
          {/* On a phone the account links live in the menu; this icon is the one-tap way in. */}
          <Link
            discover={discover}
            to={user ? '/profile' : '/login'}
            aria-label={user ? 'My Profile' : 'Login'}
            className="text-ink hover:text-teak-600 sm:hidden"
          >
            <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.7">
              <circle cx="12" cy="8" r="3.6" />
              <path d="M4.5 20c1.2-3.6 4-5.4 7.5-5.4s6.3 1.8 7.5 5.4" strokeLinecap="round" />
            </svg>
          </Link>
          <CartLink count={count} />
          {/* A disclosure: it opens without JavaScript; with it, the page keeps the state (Escape, page changes). */}
          <details className="group/menu lg:hidden" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
            <summary role="button" aria-expanded={open} aria-controls="mobile-menu" className="menu-button">
              <span className="sr-only group-open/menu:hidden">Open menu</span>
              <span className="sr-only hidden group-open/menu:inline">Close menu</span>
              <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6 group-open/menu:hidden" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
              </svg>
              <svg
                aria-hidden
                viewBox="0 0 24 24"
                className="hidden h-6 w-6 group-open/menu:block"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              >
                <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </summary>
            <div className="fixed inset-0 z-50 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu" id="mobile-menu">
              <div aria-hidden className="absolute inset-0 bg-ink/40" onClick={() => setOpen(false)} />
              <nav aria-label="Mobile" className="menu-panel">
                {user ? <p className="mb-2 border-b border-teak-200 px-3 pb-4 font-display text-xl text-teak-900">Hi {user.username}</p> : null}
                {user?.is_superuser ? (
                  <Link
                    discover={discover}
                    to="/dashboard"
                    onClick={() => setOpen(false)}
                    className="mb-2 rounded-full bg-teak-900 px-4 py-3 text-center text-sm font-semibold tracking-wide text-teak-50 hover:bg-teak-700"
                  >
                    Admin Panel
                  </Link>
                ) : null}
                {[
                  ...NAV,
                  ...(user
                    ? [
                        { to: '/profile', label: 'My Profile' },
                        { to: '/saved', label: 'Saved' },
                      ]
                    : [{ to: '/login', label: 'Login' }]),
                  { to: '/cart', label: count > 0 ? `Cart (${count})` : 'Cart' },
                ].map((item) => (
                  <HeaderLink key={item.to} to={item.to} onClick={() => setOpen(false)} className="menu-link">
                    {item.label}
                  </HeaderLink>
                ))}
                {user ? (
                  <Form method="post" action="/logout" onSubmit={closeMenu} className="mt-2">
                    <button type="submit" className="w-full rounded-lg px-3 py-3 text-left text-base font-medium text-red-800 hover:bg-red-50">
                      Logout
                    </button>
                  </Form>
                ) : null}
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
