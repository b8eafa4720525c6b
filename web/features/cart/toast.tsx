import { useCallback, useEffect, useRef, useState } from 'react';

/** The spec's notifications: top-right, gone after 3 seconds. */
export const TOAST_MS = 3000;

export type ToastTone = 'success' | 'error';
interface ToastState {
  id: number;
  message: string;
  tone: ToastTone;
}

/** One notification at a time; a new one replaces the old and restarts the clock. */
export function useToast(): { toast: React.ReactNode; notify: (message: string, tone?: ToastTone) => void } {
  const [state, setState] = useState<ToastState | null>(null);
  const next = useRef(0);

  useEffect(() => {
    if (!state) return;
    const timer = window.setTimeout(() => setState(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const notify = useCallback((message: string, tone: ToastTone = 'success') => {
    next.current += 1;
    setState({ id: next.current, message, tone });
  }, []);

  const toast = (
    // The live region stays in the page so screen readers announce each message as it arrives.
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed top-20 right-4 z-[60] flex w-[min(22rem,calc(100vw-2rem))] flex-col items-end"
    >
      {state ? (
        <div
          key={state.id}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl px-4 py-3 text-sm font-medium shadow-lg ring-1 ${
            state.tone === 'success' ? 'bg-white text-teak-900 ring-teak-200' : 'bg-red-50 text-red-800 ring-red-200'
          }`}
        >
          <span
            aria-hidden
            className={`mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full text-xs text-white ${state.tone === 'success' ? 'bg-leaf' : 'bg-red-600'}`}
          >
            {state.tone === 'success' ? '✓' : '!'}
          </span>
          <span className="flex-1">{state.message}</span>
          <button
            type="button"
            className="-my-1 -mr-1 rounded-full px-2 py-1 text-teak-600 hover:bg-teak-100"
            aria-label="Dismiss notification"
            onClick={() => setState(null)}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
  return { toast, notify };
}
