import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Picture } from './picture';

interface PageBannerProps {
  title: string;
  eyebrow?: string;
  image?: string | null;
  crumbs?: { name: string; to: string }[];
  children?: ReactNode;
}

/** The banner at the top of listing pages: picture, title, breadcrumbs. */
export function PageBanner({ title, eyebrow, image, crumbs = [], children }: PageBannerProps) {
  return (
    <section className="relative isolate overflow-hidden bg-teak-900">
      {image ? <Picture src={image} alt="" sizes="100vw" priority className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60" /> : null}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-teak-900/90 to-teak-900/30" />
      <div className="container-page py-14 sm:py-20">
        {crumbs.length ? (
          <nav aria-label="Breadcrumb" className="mb-4 text-sm text-teak-200">
            <ol className="flex flex-wrap gap-2">
              {crumbs.map((c, i) => (
                <li key={c.to} className="flex items-center gap-2">
                  {i > 0 ? <span aria-hidden>/</span> : null}
                  <Link to={c.to} className="hover:text-white">
                    {c.name}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {eyebrow ? <p className="text-xs font-semibold tracking-[0.3em] text-teak-200 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl text-white sm:text-5xl">{title}</h1>
        {children}
      </div>
    </section>
  );
}
