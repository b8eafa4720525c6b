import { useState } from 'react';
import { ArrowButton } from '../../components/ui/carousel';
import { FinishSwatch, FinishSwatchDrawing } from './finish-swatch';

const FINISHES_SHOWN = 3;

/** The wood finishes as swatches of their colour and grain (the spec's carousel shows up to 3 at a time). */
export function FinishPicker({ finishes, value, onChange }: { finishes: string[]; value: string; onChange: (f: string) => void }) {
  const [start, setStart] = useState(0);
  if (finishes.length === 0) return null;
  const visible = finishes.slice(start, start + FINISHES_SHOWN);
  return (
    <fieldset className="mt-6">
      <legend className="text-sm font-semibold text-teak-900">
        Wood finish: <span className="font-normal text-teak-700">{value}</span>
      </legend>
      <FinishSwatchDrawing />
      <div className="mt-2 flex items-center gap-1 sm:gap-2">
        {finishes.length > FINISHES_SHOWN ? (
          <ArrowButton direction="previous" label="Previous finishes" disabled={start === 0} onClick={() => setStart((s) => Math.max(0, s - 1))} />
        ) : null}
        {/* The pills wrap onto a second line on a phone when names are long; the arrows stay at the sides. */}
        <div className="flex min-w-0 flex-1 flex-wrap gap-1.5 sm:gap-2">
          {visible.map((f) => (
            <label
              key={f}
              className={`flex cursor-pointer items-center gap-1.5 rounded-full border py-1.5 pr-2.5 pl-1.5 text-[13px] whitespace-nowrap transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teak-500 sm:pr-4 sm:text-sm ${f === value ? 'border-teak-600 bg-teak-600 text-white' : 'border-teak-200 bg-white hover:border-teak-400'}`}
            >
              <input type="radio" name="finish" value={f} checked={f === value} onChange={() => onChange(f)} className="sr-only" />
              <FinishSwatch finish={f} />
              {f}
            </label>
          ))}
        </div>
        {finishes.length > FINISHES_SHOWN ? (
          <ArrowButton
            direction="next"
            label="More finishes"
            disabled={start + FINISHES_SHOWN >= finishes.length}
            onClick={() => setStart((s) => Math.min(finishes.length - FINISHES_SHOWN, s + 1))}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
