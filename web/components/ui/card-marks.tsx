import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { Answer } from '../../lib/answer';

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

/** The slugs this shopper has saved, once known; `undefined` until then (the hearts stay neutral). */
const SavedSlugs = createContext<{ slugs: ReadonlySet<string> | undefined; want: () => void }>({ slugs: undefined, want: () => {} });

/**
 * Asks once, after hydration and only on a page that shows a heart, which pieces the shopper has saved
 * (`/saved/slugs`). The answer is asked again after any form posted on the site (a save, a log-in), as fetchers are.
 */
export function SavedHeartsProvider({ children }: { children: ReactNode }) {
  const fetcher = useFetcher<{ slugs: string[] }>({ key: 'saved-slugs' });
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  const { load, state, data } = fetcher;
  useEffect(() => {
    if (wanted && state === 'idle' && !data) void load('/saved/slugs');
  }, [wanted, state, data, load]);
  const slugs = data ? new Set(data.slugs) : undefined;
  return <SavedSlugs.Provider value={{ slugs, want }}>{children}</SavedSlugs.Provider>;
}

/**
 * The heart on a card or a product page: a form posted to the saved page's action without scripts (the browser
 * lands on the saved page), and with them to the hearts' own route (web/routes/saved-slugs.ts), whose code is in
 * the browser already, so a press while the shop is out of reach is answered beside the heart. Drawn neutral (no `data-saved`, not pressed) until the shopper's saved pieces are
 * known, then filled or empty; a filled heart pressed again lets the piece go (in every finish it was kept in).
 * On a card (`children`: the card's link) the form wraps the card and the heart sits on its picture: a form
 * cannot be inside a link, and a card of a kept page stays a few dozen bytes longer, not a few hundred.
 * `late`: drawn only once her saved pieces are known (the home page's cards, whose HTML is held under 60 KB):
 * never neutral, never empty first, and absent without scripts.
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
  const { slugs, want } = useContext(SavedSlugs);
  useEffect(want, [want]);
  const fetcher = useFetcher<Answer>();
  // What she just asked for shows at once; then what the shop answered; then what the saved pieces say.
  const asked = fetcher.formData ? fetcher.formData.get('intent') !== 'unsave' : undefined;
  const answered = fetcher.data?.ok ? fetcher.data.intent === 'save' : undefined;
  const saved = asked ?? answered ?? slugs?.has(slug);
  const known = saved !== undefined;
  const onCard = children !== undefined || late;
  if (late && !known) return null;
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
