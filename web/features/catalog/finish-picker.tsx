import { useCallback, useRef, useState } from 'react';
import { ArrowButton } from '../../components/ui/carousel';
import { FinishSwatch, FinishSwatchDrawing } from './finish-swatch';

/** The spec's carousel shows up to 3 finishes at a time: with more, arrows move the row. */
const FINISHES_SHOWN = 3;

/**
 * The wood finishes as swatches of their colour and grain, in one row that scrolls sideways (by a swipe, or
 * by the arrows when there are more than three): on a phone the pills never stack into a column.
 */
export function FinishPicker({ finishes, value, onChange }: { finishes: string[]; value: string; onChange: (f: string) => void }) {
  const track = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ start: true, end: false });
  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEnds({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);
  // The row is measured when it is laid out (again whenever the finishes change) and as the window resizes:
  // a ref callback with its cleanup, not an effect.
  const finishKey = finishes.join('|');
  const trackRef = useCallback(
    (el: HTMLDivElement | null) => {
      track.current = el;
      if (!el || !finishKey) return;
      measure();
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    },
    [measure, finishKey],
  );
  if (finishes.length === 0) return null;
  const arrows = finishes.length > FINISHES_SHOWN;
  /** One pill's width (and the gap) further along, or back. */
  const move = (direction: 1 | -1) => {
    const el = track.current;
    const pill = el?.querySelector('label');
    if (!el || !pill) return;
    el.scrollBy({ left: direction * (pill.getBoundingClientRect().width + 8), behavior: 'smooth' });
  };
  return (
    <fieldset className="mt-6 min-w-0">
      <legend className="text-sm font-semibold text-teak-900">
        Wood finish: <span className="font-normal text-teak-700">{value}</span>
      </legend>
      <FinishSwatchDrawing />
      <div className="mt-2 flex items-center gap-1 sm:gap-2">
        {arrows ? <ArrowButton direction="previous" label="Previous finishes" disabled={ends.start} onClick={() => move(-1)} /> : null}
        <div
          ref={trackRef}
          onScroll={measure}
          data-testid="finish-row"
          className="flex min-w-0 flex-1 snap-x snap-proximity scroll-px-1 gap-2 overflow-x-auto scroll-smooth p-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {finishes.map((f) => (
            <label
              key={f}
              className={`relative flex shrink-0 cursor-pointer snap-start items-center gap-1.5 rounded-full border py-1.5 pr-3 pl-1.5 text-[13px] whitespace-nowrap transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teak-500 sm:pr-4 sm:text-sm ${f === value ? 'border-teak-600 bg-teak-600 text-white' : 'border-teak-200 bg-white hover:border-teak-400'}`}
            >
              <input type="radio" name="finish" value={f} checked={f === value} onChange={() => onChange(f)} className="sr-only" />
              <FinishSwatch finish={f} />
              {f}
            </label>
          ))}
        </div>
        {arrows ? <ArrowButton direction="next" label="More finishes" disabled={ends.end} onClick={() => move(1)} /> : null}
      </div>
    </fieldset>
  );
}
