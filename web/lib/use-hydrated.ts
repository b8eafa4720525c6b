import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False during the server render and while React takes over the server's HTML; true once the page is live
 * (at once in a component first drawn in the browser). Controls that need the page's scripts keep disabled
 * until then (the scripts start after the first paint, decision 0009): forms that hold passwords, so a quick
 * tap cannot send them as a plain GET, and ADD TO CART, which would otherwise ignore the tap. The browser's
 * answer differs from the server's, so React draws the component again right after taking over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Set once the page's first render in the browser is done: components drawn after that start live. */
let pageLive = false;

/**
 * False on the server and while React takes over the server's HTML; true right after, and at once in a
 * component first drawn in the browser (a client navigation). For markup that only the live page needs: the
 * server's HTML goes without it, the browser adds it. The update after hydration is a transition, so React
 * draws it in short slices and the phone's main thread is never held for long.
 */
export function useLive(): boolean {
  const [live, setLive] = useState(pageLive);
  useEffect(() => {
    if (live) return;
    pageLive = true;
    startTransition(() => setLive(true));
  }, [live]);
  return live;
}

/**
 * React Router's `discover` for a link repeated many times on a page (cards, the header's and footer's links):
 * the server's HTML leaves out its `data-discover` attribute, the live page adds it, and React Router then
 * learns the link's route ahead of a click as before.
 */
export function useDiscover(): 'render' | 'none' {
  return useLive() ? 'render' : 'none';
}
