import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * True inside a carousel's slides that are out of view on every screen (beyond the widest screen's count):
 * their pictures are drawn once the page is live, not sent in the server's HTML (a dozen pictures' markup less
 * on the home page). Lazy pictures there would not be fetched before a scroll anyway.
 */
export const DeferPictures = createContext(false);

const never = () => () => {};

/** Whether this picture waits for the page to be live: false after hydration and on client navigations. */
export function usePictureDeferred(): boolean {
  const deferred = useContext(DeferPictures);
  // False on the server and while React takes over its HTML; true from then on (and at once on a client render).
  const live = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return deferred && !live;
}
