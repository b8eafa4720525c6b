import { useState } from 'react';
import { Picture } from '../../components/ui/picture';
import { ZoomViewer } from '../../components/ui/zoom-viewer';

const THUMBNAILS = 8;
export const MAIN_SIZES = '(min-width: 1024px) 55vw, 100vw';
const HOVER_ZOOM = 2;

/**
 * A product's pictures: the main picture (magnified under the mouse on a desktop), thumbnails (the first 8,
 * then a '+N' tile), an index that cycles around, and the enlarged view (`ZoomViewer`, shared with the
 * reviews' photos) that zooms by pinch, double tap, click, the +/− buttons or the keyboard.
 */
export function ProductGallery({ images, name, caption }: { images: string[]; name: string; caption?: string }) {
  const [index, setIndex] = useState(0);
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const [shownFirst, setShownFirst] = useState(images[0]);
  // The enlarged view exists only while it is open: a closed one would be markup and work on every load.
  const [enlarged, setEnlarged] = useState(false);
  const count = images.length;

  // A new first picture (another finish chosen) is shown at once.
  if (shownFirst !== images[0]) {
    setShownFirst(images[0]);
    setIndex(0);
  }

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const open = (i: number) => {
    setIndex(i);
    setEnlarged(true);
  };

  if (count === 0) {
    return <div className="grid aspect-[4/3] place-items-center rounded-3xl bg-teak-100 text-teak-700">No picture yet</div>;
  }
  const extra = count - THUMBNAILS;
  const alt = (i: number) => `${name}${i === 0 && caption ? `, ${caption}` : ''}, picture ${i + 1} of ${count}`;
  return (
    <div>
      <div className="relative overflow-hidden rounded-3xl bg-white ring-1 ring-teak-200/60">
        <button
          type="button"
          onClick={() => open(index)}
          onPointerMove={(e) => {
            if (e.pointerType !== 'mouse') return;
            const r = e.currentTarget.getBoundingClientRect();
            setLens({ x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 });
          }}
          onPointerLeave={() => setLens(null)}
          className="block w-full cursor-zoom-in overflow-hidden"
          aria-label={`Enlarge picture ${index + 1} of ${count}`}
          aria-haspopup="dialog"
        >
          <Picture
            src={images[index]}
            alt={alt(index)}
            sizes={MAIN_SIZES}
            priority
            className="aspect-[4/3] w-full object-cover transition-transform duration-150 ease-out motion-reduce:transition-none"
            style={lens ? { transform: `scale(${HOVER_ZOOM})`, transformOrigin: `${lens.x}% ${lens.y}%` } : undefined}
          />
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous picture"
              onClick={() => go(-1)}
              className="absolute top-1/2 left-3 grid h-10 w-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow"
            >
              <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M15 6l-6 6 6 6" />
              </svg>
            </button>
            <button
              type="button"
              aria-label="Next picture"
              onClick={() => go(1)}
              className="absolute top-1/2 right-3 grid h-10 w-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow"
            >
              <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M9 6l6 6-6 6" />
              </svg>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 grid grid-cols-5 gap-2 sm:grid-cols-9" aria-label="Pictures">
          {images.slice(0, THUMBNAILS).map((src, i) => (
            <li key={src + i}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show picture ${i + 1}`}
                aria-current={i === index}
                className={`block w-full overflow-hidden rounded-xl ring-2 ${i === index ? 'ring-teak-600' : 'ring-transparent hover:ring-teak-300'}`}
              >
                <Picture src={src} alt="" variant={320} className="aspect-square w-full object-cover" />
              </button>
            </li>
          ))}
          {extra > 0 ? (
            <li>
              <button
                type="button"
                onClick={() => open(THUMBNAILS)}
                className="grid aspect-square w-full place-items-center rounded-xl bg-teak-100 font-semibold text-teak-800"
                aria-label={`Show ${extra} more pictures`}
              >
                +{extra}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {enlarged ? (
        <ZoomViewer
          pictures={images.map((src, i) => ({ src, alt: alt(i) }))}
          index={index}
          onIndex={setIndex}
          onClose={() => setEnlarged(false)}
          label={`${name} pictures`}
        />
      ) : null}
    </div>
  );
}
