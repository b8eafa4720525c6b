import { useCallback, type ReactNode } from 'react';

/**
 * A modal on the browser's own `<dialog>`: focus is kept inside, Escape closes it, the page behind is inert
 * and the top layer draws it above everything, with no script of ours for any of that. Shown while `open`.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className = '',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  // showModal() when the element arrives (React renders it only while open); Escape and the close button
  // come back through onClose.
  const attach = useCallback((dialog: HTMLDialogElement | null) => {
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  if (!open) return null;
  return (
    <dialog
      ref={attach}
      aria-label={title}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[min(32rem,calc(100vw-2rem))] rounded-3xl bg-white p-6 text-ink shadow-2xl ring-1 ring-teak-200 backdrop:bg-teak-900/40 ${className}`}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 className="font-display text-2xl text-teak-900">{title}</h2>
        <button type="button" onClick={onClose} aria-label="Close" className="-m-1 rounded-full p-2 hover:bg-teak-100">
          <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
