import { Link, isRouteErrorResponse, type MetaDescriptor } from 'react-router';

/** The head of every Page Not Found: a title, a description for whoever shows the link, and no indexing. */
export function notFoundMeta(): MetaDescriptor[] {
  return [
    { title: 'Page Not Found | Teakwood Studio' },
    { name: 'description', content: 'This page of Teakwood Studio does not exist. Browse our made-to-order teak furniture from the home page.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The head of a page without data: Page Not Found for a 404, else only the shop's name (a failed load). */
export function metaWithoutData(error: unknown): MetaDescriptor[] {
  return isRouteErrorResponse(error) && error.status === 404
    ? notFoundMeta()
    : [{ title: 'Teakwood Studio' }, { name: 'robots', content: 'noindex' }];
}

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
