import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { Answer } from '../../lib/answer';

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
 * The heart on a card or a product page: a form posted to the saved page's action (without scripts the browser
 * lands on the saved page), shown neutral until the shopper's saved pieces are known, then filled or empty.
 */
export function SaveHeart({ slug, finish = '', name, label = false }: { slug: string; finish?: string; name: string; label?: boolean }) {
  const { slugs, want } = useContext(SavedSlugs);
  useEffect(want, [want]);
  const fetcher = useFetcher<Answer>();
  const justSaved = fetcher.data?.ok === true;
  const saved = justSaved || slugs?.has(slug);
  const known = justSaved || slugs !== undefined;
  return (
    <fetcher.Form method="post" action="/saved" className={label ? 'flex flex-wrap items-center gap-3' : 'heart-on-card'}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="product" value={slug} />
      <input type="hidden" name="finish" value={finish} />
      <button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        data-saved={known ? String(!!saved) : 'unknown'}
        aria-pressed={known ? !!saved : undefined}
        aria-label={saved ? `${name} is saved` : `Save ${name}${finish ? ` in ${finish}` : ''} for later`}
        className={label ? 'heart heart-labelled' : 'heart'}
      >
        <svg aria-hidden viewBox="0 0 24 24" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8">
          <path d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z" />
        </svg>
        {label ? (saved ? 'Saved' : 'Save') : null}
      </button>
      {fetcher.data && !fetcher.data.ok && fetcher.data.message ? (
        <p role="alert" className="text-sm text-red-800">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
