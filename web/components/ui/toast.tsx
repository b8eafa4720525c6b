import { useSyncExternalStore } from 'react';

/** The spec's notifications: top-right, gone after 3 seconds. */
export const TOAST_MS = 3000;
/** The spec's admin success messages stay 5 seconds: the owner reads what was saved before moving on. */
export const ADMIN_SUCCESS_MS = 5000;

/** How long a notification stays: an admin page's success messages longer, everything else the spec's 3 s. */
function lifetime(tone: ToastTone): number {
  const admin = typeof window !== 'undefined' && /^\/dashboard(\/|$)/.test(window.location.pathname);
  return admin && tone === 'success' ? ADMIN_SUCCESS_MS : TOAST_MS;
}

export type ToastTone = 'success' | 'error';
interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

// One list for the whole page: any component (an action's answer, a fetcher, the cart) can announce, and the
// one <Toaster /> of the page shows it.
// The empty list is one array, the same as the server's: a page that hydrates with nothing to show is not
// drawn again at once (React re-renders synchronously when the browser's snapshot differs from the server's).
const NONE: ToastItem[] = [];
let items: ToastItem[] = NONE;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Shows a notification; it goes away by itself (see lifetime), or at once with its close button. */
export function toast(message: string, tone: ToastTone = 'success'): void {
  const id = nextId++;
  // The newest three at most: a burst of changes never fills the screen.
  items = [...items.slice(-2), { id, message, tone }];
  emit();
  setTimeout(() => dismiss(id), lifetime(tone));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => items;
const serverSnapshot = (): ToastItem[] => NONE;

/** The page's one place for notifications: a live region, so screen readers announce each as it arrives. */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return (
    <div aria-live="polite" className="toast-region">
      {list.map((t) => (
        <div
          key={t.id}
          role={t.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl px-4 py-3 text-sm font-medium shadow-lg ring-1 ${
            t.tone === 'success' ? 'bg-white text-teak-900 ring-teak-200' : 'bg-red-50 text-red-800 ring-red-200'
          }`}
        >
          <span className="flex-1">{t.message}</span>
          <button type="button" onClick={() => dismiss(t.id)} aria-label="Dismiss notification" className="-m-1 rounded-full p-1 hover:bg-black/5">
            <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
