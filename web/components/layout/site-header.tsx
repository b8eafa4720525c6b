import { useState } from 'react';
import { Link, NavLink } from 'react-router';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/RDship', label: 'Ready to Ship' },
  { to: '/design_solution', label: 'Design Solution' },
  { to: '/Bfurniture', label: 'Bespoke Furniture' },
];

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2">
      <span aria-hidden className="grid h-9 w-9 place-items-center rounded-xl bg-teak-600 font-display text-lg text-teak-100">
        T
      </span>
      <span className="font-display text-xl font-semibold tracking-tight text-teak-900">Teakwood Studio</span>
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

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `text-sm font-medium transition-colors hover:text-teak-600 ${isActive ? 'text-teak-600' : 'text-ink'}`;
  return (
    <header className="sticky top-0 z-40 border-b border-teak-200/70 bg-sand/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-7 lg:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-4">
          <NavLink to="/login" className={linkClass}>
            Login
          </NavLink>
          <NavLink to="/profile" className={(s) => `hidden sm:inline ${linkClass(s)}`}>
            Profile
          </NavLink>
          <Link to="/cart" className="relative text-ink hover:text-teak-600" aria-label="Cart">
            <CartIcon />
          </Link>
          <button
            type="button"
            className="rounded-md p-2 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen(true)}
          >
            <span className="sr-only">Open menu</span>
            <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      {open ? (
        <div className="fixed inset-0 z-50 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu" id="mobile-menu">
          <button type="button" className="absolute inset-0 bg-ink/40" aria-label="Close menu" onClick={() => setOpen(false)} />
          <nav aria-label="Mobile" className="absolute inset-y-0 right-0 flex w-72 flex-col gap-1 bg-sand p-6 shadow-xl">
            <button type="button" className="mb-4 self-end rounded-md p-2" onClick={() => setOpen(false)}>
              <span className="sr-only">Close menu</span>
              <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </button>
            {[...NAV, { to: '/login', label: 'Login' }, { to: '/profile', label: 'Profile' }, { to: '/cart', label: 'Cart' }].map(
              (item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.to === '/'}
                  onClick={() => setOpen(false)}
                  className="rounded-lg px-3 py-3 text-base font-medium hover:bg-teak-100"
                >
                  {item.label}
                </NavLink>
              ),
            )}
          </nav>
        </div>
      ) : null}
    </header>
  );
}
