import { siteImageUrl } from '../../../contract/site-images';
import { Picture } from '../../components/ui/picture';

/**
 * The frame of the log-in, sign-up and password pages: the form on a quiet card beside a photograph of the
 * workshop (the photograph only where there is room for it).
 */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div className="container-page py-10 sm:py-16">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-[2rem] bg-white shadow-[0_30px_80px_-40px_rgba(47,31,18,0.45)] ring-1 ring-teak-200/70 lg:grid-cols-[1fr_1.05fr]">
        <div className="relative hidden lg:block">
          <Picture
            src={siteImageUrl('workshop2')}
            alt=""
            sizes="(min-width: 1024px) 480px, 0px"
            className="absolute inset-0 h-full w-full object-cover"
          />
          <div className="absolute inset-0 bg-gradient-to-t from-teak-900/85 via-teak-900/25 to-transparent" />
          <div className="absolute inset-x-0 bottom-0 p-10 text-teak-50">
            <p className="font-display text-3xl leading-snug">Furniture made by hand, one order at a time.</p>
            <p className="mt-3 text-sm text-teak-100/90">Solid teak, seasoned and joined in our Chennai workshop, finished to your measure.</p>
          </div>
        </div>
        <section aria-labelledby="auth-title" className="px-6 py-10 sm:px-12 sm:py-14">
          <p className="text-xs font-semibold tracking-[0.25em] text-teak-600 uppercase">Teakwood Studio</p>
          <h1 id="auth-title" className="mt-3 text-3xl text-teak-900 sm:text-4xl">
            {title}
          </h1>
          {intro ? <div className="mt-3 text-teak-800">{intro}</div> : null}
          <div className="mt-8">{children}</div>
          {footer ? <div className="mt-8 border-t border-teak-100 pt-6 text-sm text-teak-800">{footer}</div> : null}
        </section>
      </div>
    </div>
  );
}

/** "or" between the Google button and the form. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-4 text-xs font-semibold tracking-[0.2em] text-teak-500 uppercase" aria-hidden>
      <span className="h-px flex-1 bg-teak-200" />
      or
      <span className="h-px flex-1 bg-teak-200" />
    </div>
  );
}
