import { UNSAFE_useScrollRestoration as useScrollRestoration } from 'react-router';

/** Where React Router keeps each history entry's scroll position (its default key, shared with its hook). */
const STORAGE_KEY = 'react-router-scroll-positions';

/**
 * Puts a page loaded again (reload, or Back to a page the browser no longer holds) where it was scrolled,
 * before the first paint. Only such an entry has a key in its history state: a fresh visit has none, so it
 * reads no storage and writes no history here, work the parser would otherwise do before every first paint
 * (React Router's own script does both on each load). The key a fresh visit needs is given by
 * `keepScrollKey`, before hydration.
 */
export const RESTORE_SCROLL_SCRIPT = `(function (storageKey) {
  var key = history.state && history.state.key;
  if (!key) return;
  try {
    var y = JSON.parse(sessionStorage.getItem(storageKey) || '{}')[key];
    if (typeof y === 'number') scrollTo(0, y);
  } catch (error) {
    sessionStorage.removeItem(storageKey);
  }
})(${JSON.stringify(STORAGE_KEY)})`.replace(/\n\s*/g, '');

/**
 * Gives a freshly visited history entry the key its scroll position is saved under (React Router otherwise
 * names every first entry 'default', so one page's position would be restored on another). Runs before the
 * router starts.
 */
export function keepScrollKey() {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'key' in state && state.key) return;
  window.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), key: Math.random().toString(32).slice(2) }, '');
}

/**
 * React Router's scroll restoration (saved on leaving, restored on Back and on navigation), with the
 * restoring script above in place of its own.
 */
export function PageScroll({ nonce }: { nonce?: string }) {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCROLL_SCRIPT }} />;
}
