import { Link } from 'react-router';

export function NotFoundMessage() {
  return (
    <section className="container-page py-24 text-center">
      <p className="text-sm font-semibold tracking-[0.25em] text-teak-700 uppercase">404</p>
      <h1 className="mt-3 text-4xl sm:text-5xl">Page Not Found</h1>
      <p className="mx-auto mt-4 max-w-md text-teak-800">We could not find that page. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className="btn-primary mt-8">
        Back to home
      </Link>
    </section>
  );
}
