import { Link } from 'react-router';
import { SHOP } from '../../lib/shop-info';
import { useSocialLinks } from '../../lib/social';
import { useDiscover } from '../../lib/use-hydrated';
import { Logo } from './brand-mark';

const INFO_LINKS = [
  { target: 'store', label: 'Find a Store' },
  { target: 'feedback', label: 'Feedback' },
  { target: 'aboutus', label: 'About Us' },
  { target: 'news', label: 'News' },
  { target: 'sustainability', label: 'Sustainability' },
];

export function SiteFooter() {
  const social = useSocialLinks();
  const discover = useDiscover();
  return (
    <footer className="mt-24 bg-teak-900 text-teak-100">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo tone="light" />
          <p className="mt-3 text-sm leading-relaxed text-teak-200">
            Made-to-order furniture in the finest teak, crafted by seasoned artisans in our Chennai workshop.
          </p>
        </div>
        <nav aria-label="About the shop">
          <h2 className="footer-heading">Discover</h2>
          <ul className="footer-links">
            {INFO_LINKS.map((l) => (
              <li key={l.target}>
                <Link discover={discover} to={`/page#${l.target}`} state={{ scrollTo: l.target }}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2 className="footer-heading">Help</h2>
          <ul className="footer-links">
            <li>
              <Link discover={discover} to="/shipping-delivery">
                Shipping &amp; Delivery
              </Link>
            </li>
            <li>
              <Link discover={discover} to="/terms">
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link discover={discover} to="/orderstatus">
                Order Status
              </Link>
            </li>
            <li>
              <Link discover={discover} to="/faq">
                FAQ
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Talk to us</h2>
          <ul className="footer-links">
            <li>
              <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
            </li>
            <li>
              <a href={`tel:${SHOP.phoneHref}`}>{SHOP.phone}</a>
            </li>
          </ul>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link discover={discover} to="/book-consultation" className="btn-light px-4 py-2 text-xs">
              Book a consultation
            </Link>
            <Link discover={discover} to="/design_solution" className="btn px-4 py-2 text-xs text-white ring-1 ring-white/40 hover:bg-white/10">
              Design services
            </Link>
          </div>
          {social.length > 0 ? (
            <ul className="mt-5 flex flex-wrap gap-4 text-sm [&_a:hover]:text-white" aria-label="Teakwood Studio on social networks">
              {social.map((s) => (
                <li key={s.name}>
                  <a href={s.href} rel="noopener me">
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="border-t border-teak-800">
        <p className="container-page py-5 text-xs text-teak-300">
          © {new Date().getFullYear()} Teakwood Studio, Chennai. Prices in Indian rupees, inclusive of GST.
        </p>
      </div>
    </footer>
  );
}
