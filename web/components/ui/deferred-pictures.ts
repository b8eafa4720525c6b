import { createContext, useContext } from 'react';
import { useLive } from '../../lib/use-hydrated';

/**
 * True inside a carousel's slides that are out of view on every screen (beyond the widest screen's count):
 * their pictures are drawn once the page is live, not sent in the server's HTML (a dozen pictures' markup less
 * on the home page). Lazy pictures there would not be fetched before a scroll anyway.
 */
export const DeferPictures = createContext(false);

/** Whether this picture waits for the page to be live: false after hydration and on client navigations. */
export function usePictureDeferred(): boolean {
  const deferred = useContext(DeferPictures);
  const live = useLive();
  return deferred && !live;
}
