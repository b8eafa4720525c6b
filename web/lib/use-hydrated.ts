import { useEffect, useState } from 'react';

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
