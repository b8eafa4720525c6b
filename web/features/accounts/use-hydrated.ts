import { useEffect, useState } from 'react';

/**
 * False during the server render and the first browser render. Forms that hold passwords keep their submit
 * button disabled until then, so a quick tap cannot send them as a plain GET before the page is live.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
