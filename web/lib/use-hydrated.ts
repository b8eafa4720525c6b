import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * False during the server render and the first browser render. Controls that need the page's scripts keep
 * disabled until then (the scripts start after the first paint, decision 0009): forms that hold passwords, so
 * a quick tap cannot send them as a plain GET, and ADD TO CART, which would otherwise ignore the tap.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const unsubscribe = () => {};
const subscribe = () => unsubscribe;

/**
 * False on the server and while React takes over the server's HTML; true right after (one more render), and at
 * once in a component first drawn in the browser (a client navigation). For markup that only the live page
 * needs: the server's HTML goes without it, the browser adds it.
 */
export function useLive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * React Router's `discover` for a link repeated many times on a page (cards, the header's and footer's links):
 * the server's HTML leaves out its `data-discover` attribute, the live page adds it, and React Router then
 * learns the link's route ahead of a click as before.
 */
export function useDiscover(): 'render' | 'none' {
  return useLive() ? 'render' : 'none';
}
