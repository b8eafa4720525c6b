import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Picture } from './picture';

const ZOOM_MAX = 4;
const ZOOM_STEP = 1.5;

interface View {
  scale: number;
  x: number;
  y: number;
}
const WHOLE: View = { scale: 1, x: 0, y: 0 };

const clampScale = (s: number) => Math.min(ZOOM_MAX, Math.max(1, s));

/** Keeps a zoomed picture covering its frame: it can be moved only as far as its enlarged edges. */
function clampView(v: View, w: number, h: number): View {
  const scale = clampScale(v.scale);
  const mx = ((scale - 1) * w) / 2;
  const my = ((scale - 1) * h) / 2;
  return { scale, x: Math.min(mx, Math.max(-mx, v.x)), y: Math.min(my, Math.max(-my, v.y)) };
}

export interface ZoomPicture {
  src: string;
  alt: string;
}

/**
 * Pictures enlarged in a modal dialog (the product gallery's and the reviews' photos): one at a time, the
 * others by the arrows (buttons or keys, cycling around); zoomed by pinch, tap or click, the +/− buttons or the
 * keys +, − and 0; a zoomed picture is moved by dragging. Escape, the Close button or the browser's back gesture
 * on the dialog close it. Zooming only transforms the picture inside a frame of fixed size, so nothing moves.
 * Rendered only while open: a closed viewer would be markup and work on every load.
 */
export function ZoomViewer({
  pictures,
  index,
  onIndex,
  onClose,
  label,
}: {
  pictures: ZoomPicture[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  label: string;
}) {
  const [view, setView] = useState<View>(WHOLE);
  const [viewOf, setViewOf] = useState(index);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; view: View; mid: { x: number; y: number } } | null>(null);
  const pan = useRef<{ x: number; y: number; view: View } | null>(null);
  const count = pictures.length;

  // Another picture is shown whole.
  if (viewOf !== index) {
    setViewOf(index);
    setView(WHOLE);
  }

  const go = (delta: number) => onIndex((index + delta + count) % count);
  /**
   * Opens the dialog as a modal once it is in the page, with the focus on its Close button (a button rendered
   * in the browser has no `autofocus` attribute for the dialog to find).
   */
  const showDialog = useCallback((element: HTMLDialogElement | null) => {
    dialog.current = element;
    if (!element || element.open) return;
    element.showModal();
    closeButton.current?.focus();
  }, []);
  const size = () => {
    const r = frame.current?.getBoundingClientRect();
    return { w: r?.width ?? 1, h: r?.height ?? 1, left: r?.left ?? 0, top: r?.top ?? 0 };
  };
  /** Zooms by a factor around a point of the frame (its centre by default). */
  const zoomBy = (factor: number, at?: { x: number; y: number }) => {
    const { w, h } = size();
    setView((v) => {
      const scale = clampScale(v.scale * factor);
      const px = at ? at.x - w / 2 : 0;
      const py = at ? at.y - h / 2 : 0;
      const k = scale / v.scale;
      return clampView({ scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k }, w, h);
    });
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' && count > 1) go(1);
    else if (e.key === 'ArrowLeft' && count > 1) go(-1);
    else if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
    else if (e.key === '-') zoomBy(1 / ZOOM_STEP);
    else if (e.key === '0') setView(WHOLE);
    else return;
    e.preventDefault();
  };

  const local = (e: PointerEvent) => {
    const { left, top } = size();
    return { x: e.clientX - left, y: e.clientY - top };
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, local(e));
    const pts = [...pointers.current.values()];
    if (pts.length === 2) {
      const [a, b] = pts as [{ x: number; y: number }, { x: number; y: number }];
      pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, view, mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
      pan.current = null;
    } else if (pts.length === 1) {
      pan.current = { ...local(e), view };
    }
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, local(e));
    const { w, h } = size();
    const pts = [...pointers.current.values()];
    if (pinch.current && pts.length >= 2) {
      const [a, b] = pts as [{ x: number; y: number }, { x: number; y: number }];
      const start = pinch.current;
      const scale = clampScale((start.view.scale * Math.hypot(a.x - b.x, a.y - b.y)) / start.distance);
      const px = start.mid.x - w / 2;
      const py = start.mid.y - h / 2;
      const k = scale / start.view.scale;
      setView(clampView({ scale, x: px - (px - start.view.x) * k, y: py - (py - start.view.y) * k }, w, h));
    } else if (pan.current && view.scale > 1) {
      const p = local(e);
      const start = pan.current;
      setView(clampView({ ...start.view, x: start.view.x + p.x - start.x, y: start.view.y + p.y - start.y }, w, h));
    }
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    const wasPan = pan.current;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) {
      pan.current = null;
      // A click or tap that did not move the picture zooms in there, or back out to the whole picture.
      const p = local(e);
      if (wasPan && Math.hypot(p.x - wasPan.x, p.y - wasPan.y) < 6) {
        if (view.scale > 1) setView(WHOLE);
        else zoomBy(2.5, p);
      }
    }
  };

  const picture = pictures[index];
  if (!picture) return null;
  const zoomed = view.scale > 1;
  return (
    <dialog
      ref={showDialog}
      aria-label={label}
      onKeyDown={onKey}
      onClose={onClose}
      className="m-0 h-full max-h-none w-full max-w-none bg-ink/95 p-0 backdrop:bg-ink/60"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 p-3 text-white">
          <p aria-live="polite" className="text-sm">
            Picture {index + 1} of {count}
            {zoomed ? `, zoomed ${Math.round(view.scale * 100)}%` : ''}
          </p>
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => zoomBy(1 / ZOOM_STEP)}
              disabled={!zoomed}
              aria-label="Zoom out"
              className="grid h-11 w-11 place-items-center rounded-full bg-white/90 text-xl text-ink disabled:opacity-40"
            >
              −
            </button>
            <button
              type="button"
              onClick={() => zoomBy(ZOOM_STEP)}
              disabled={view.scale >= ZOOM_MAX}
              aria-label="Zoom in"
              className="grid h-11 w-11 place-items-center rounded-full bg-white/90 text-xl text-ink disabled:opacity-40"
            >
              +
            </button>
            <button
              type="button"
              ref={closeButton}
              onClick={() => dialog.current?.close()}
              className="min-h-11 rounded-full bg-white px-4 text-sm font-semibold text-ink"
            >
              Close
            </button>
          </div>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4">
          <div
            ref={frame}
            data-zoom={view.scale.toFixed(2)}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={onUp}
            className={`relative aspect-[4/3] max-h-full w-full max-w-[min(100%,calc((100dvh-7rem)*4/3))] touch-none overflow-hidden rounded-xl bg-white select-none ${zoomed ? 'cursor-grab' : 'cursor-zoom-in'}`}
          >
            <Picture
              src={picture.src}
              alt={picture.alt}
              sizes="100vw"
              className="pointer-events-none h-full w-full object-contain"
              style={zoomed ? { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transformOrigin: 'center' } : undefined}
            />
          </div>
          {count > 1 ? (
            <>
              <button
                type="button"
                aria-label="Previous picture"
                onClick={() => go(-1)}
                className="absolute left-3 min-h-11 rounded-full bg-white/90 px-4"
              >
                ‹
              </button>
              <button
                type="button"
                aria-label="Next picture"
                onClick={() => go(1)}
                className="absolute right-3 min-h-11 rounded-full bg-white/90 px-4"
              >
                ›
              </button>
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
