import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LOAD_FAILURE } from '../../lib/load-failure';
import { NotFoundMessage } from './not-found';

/** A section's text when its data could not be loaded (the spec's message, from the loader). */
export function LoadError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-red-800 ring-1 ring-red-200">
      {message}
    </p>
  );
}

/** Whether a route error is the browser failing to reach the shop (a client-side visit while offline). */
function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && /fetch|network/i.test(error.message));
}

/**
 * A page's error boundary content: Page Not Found for a 404, otherwise the page's heading with the spec's
 * message for its main section. It renders inside the shop's layout, so the header and footer stay.
 */
export function PageLoadError({ title, message }: { title: string; message: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  return (
    <section className="container-page py-12">
      <h1 className="text-4xl text-teak-900 capitalize sm:text-5xl">{title}</h1>
      <div className="mt-8 space-y-3">
        <LoadError message={message} />
        {isUnreachable(error) ? <p className="text-teak-800">{LOAD_FAILURE.unreachable}</p> : null}
      </div>
    </section>
  );
}

/**
 * What the layout's and the root's error boundaries show, inside the shop's frame: Page Not Found, the
 * shop being out of reach, or a failure whose details stay in the server's log.
 */
export function SiteErrorMessage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-4xl">Something went wrong</h1>
      <p role="alert" className="mx-auto mt-4 max-w-md text-teak-800">
        {isUnreachable(error) ? LOAD_FAILURE.unreachable : LOAD_FAILURE.page}
      </p>
      <a className="btn-primary mt-8" href="/">
        Go back home
      </a>
    </section>
  );
}
