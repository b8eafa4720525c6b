import { Link, useFetcher } from 'react-router';
import type { Answer } from '../../lib/answer';

/**
 * Keeps the piece, in the finish chosen, among the shopper's saved pieces (decision 0050). Posted to the saved
 * page's action: with scripts it stays on this page and says so; without, the browser lands on the saved page.
 */
export function SaveButton({ slug, finish, name }: { slug: string; finish: string; name: string }) {
  const fetcher = useFetcher<Answer>();
  const saved = fetcher.data?.ok === true;
  return (
    <fetcher.Form method="post" action="/saved" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="product" value={slug} />
      <input type="hidden" name="finish" value={finish} />
      <button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        aria-label={saved ? `${name} is saved` : `Save ${name}${finish ? ` in ${finish}` : ''} for later`}
        className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-teak-900 ring-1 ring-teak-300 hover:bg-teak-50 disabled:opacity-60"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8">
          <path d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z" />
        </svg>
        {saved ? 'Saved' : 'Save'}
      </button>
      {saved ? (
        <Link to="/saved" className="text-sm text-teak-700 underline underline-offset-4">
          See your saved pieces
        </Link>
      ) : null}
      {fetcher.data && !fetcher.data.ok && fetcher.data.message ? (
        <p role="alert" className="text-sm text-red-800">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
