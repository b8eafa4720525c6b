import type { ReactNode } from 'react';
import { Link, useFetcher, useRouteLoaderData } from 'react-router';
import type { Answer } from '../../lib/answer';
import { useLive } from '../../lib/use-hydrated';

// The marks a product carries on its cards and its page: its buyers' stars and the shopper's heart. One module
// (one chunk of the route manifest the home page carries, decision 0050), drawn by the stylesheet (app.css).

/**
 * Star rating with half stars, announced as text. The stars are drawn by the stylesheet (`stars` in app.css):
 * one element per rating, its class the rating in half stars.
 */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const halves = Math.round(rating * 2);
  return <span className={`stars stars-${halves} ${className}`} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} />;
}

/**
 * The pieces this shopper has saved, by slug: the root loader's, in the first HTML (a fact of the kept pages,
 * decision 0050), read again after every action (a save, a log-in). Null when they could not be read.
 */
function useSavedSlugs(): readonly string[] | null {
  return useRouteLoaderData<{ savedSlugs?: string[] | null }>('root')?.savedSlugs ?? null;
}

/**
 * The heart on a card or a product page: a form posted to the saved page's action without scripts (the browser
 * lands on the saved page), and with them to the hearts' own route (web/routes/saved-slugs.ts), whose code the
 * live page has fetched already (`HeartsRoute`), so a press while the shop is out of reach is answered beside the
 * heart. Filled or empty in the first HTML, from her saved pieces (the page's facts); drawn
 * neutral (no `data-saved`, not pressed) only when they could not be read. A filled heart pressed again lets the
 * piece go (in every finish it was kept in). What she just asked for shows at once, until the saved pieces are
 * read again with the answer. On a card (`children`: the card's link) the form wraps the card and the heart sits
 * on its picture: a form cannot be inside a link, and a card of a kept page stays a few dozen bytes longer, not a
 * few hundred.
 * `late` (the home page's cards, whose HTML is held under 60 KB; sixteen hearts would take 3.5 KB): in the first
 * HTML only when she has saved a piece (a heart there may be filled), otherwise drawn once the page is live, all
 * empty; never neutral, never empty first.
 */
export function SaveHeart({
  slug,
  finish = '',
  name,
  children,
  late = false,
}: {
  slug: string;
  finish?: string;
  name: string;
  children?: ReactNode;
  late?: boolean;
}) {
  const slugs = useSavedSlugs();
  const live = useLive();
  const fetcher = useFetcher<Answer>();
  const asked = fetcher.formData ? fetcher.formData.get('intent') !== 'unsave' : undefined;
  const saved = asked ?? slugs?.includes(slug);
  const known = saved !== undefined;
  const onCard = children !== undefined || late;
  if (late && (!known || (!live && !slugs?.length))) return null;
  return (
    <form
      method="post"
      action="/saved"
      onSubmit={(event) => {
        event.preventDefault();
        const button = event.nativeEvent.submitter;
        void fetcher.submit(button instanceof HTMLButtonElement ? button : event.currentTarget, { method: 'post', action: '/saved/slugs' });
      }}
      className={late ? undefined : onCard ? 'hearted' : 'flex flex-wrap items-center gap-3'}
    >
      {children}
      {saved ? <input type="hidden" name="intent" value="unsave" /> : null}
      {finish ? <input type="hidden" name="finish" value={finish} /> : null}
      <button
        name="product"
        value={slug}
        disabled={fetcher.state !== 'idle'}
        data-saved={known ? String(saved) : undefined}
        aria-pressed={known ? saved : undefined}
        aria-label={saved ? `${name} is saved` : `Save ${name}${finish ? ` in ${finish}` : ''} for later`}
        className={onCard ? 'heart' : 'heart heart-labelled'}
      >
        {onCard ? null : saved ? 'Saved' : 'Save'}
      </button>
      {fetcher.data && !fetcher.data.ok && fetcher.data.message ? (
        <p role="alert" className="text-sm text-red-800">
          {fetcher.data.message}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Fetches the hearts' route's code (web/routes/saved-slugs.ts, a few hundred bytes, then in the browser's cache)
 * once a storefront page is live, by React Router's own prefetching of a link no one sees: a heart pressed later,
 * even with the shop out of reach, finds its client action in the browser.
 */
export function HeartsRoute() {
  return <Link to="/saved/slugs" prefetch="render" hidden tabIndex={-1} aria-hidden="true" />;
}
