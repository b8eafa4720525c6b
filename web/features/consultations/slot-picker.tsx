import { Link } from 'react-router';
import { formatIstTime, istInstant, type ConsultationSlot } from '../../../contract/consultations';
import { FieldErrors } from '../../components/ui/field';

const chipDay = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'short' });
const chipDate = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' });

/** The next bookable days as links (they keep the rest of the address), the chosen one marked. */
export function DayChips({ days, chosen, hrefOf }: { days: string[]; chosen: string; hrefOf: (day: string) => string }) {
  return (
    <nav aria-label="Choose a day">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
        {days.map((day) => {
          const noon = istInstant(day, 720);
          const current = day === chosen;
          return (
            <li key={day} className="shrink-0">
              <Link
                to={hrefOf(day)}
                preventScrollReset
                replace
                aria-current={current ? 'date' : undefined}
                aria-label={`${chipDay.format(noon)} ${chipDate.format(noon)}`}
                className={`flex w-[4.5rem] flex-col items-center rounded-xl px-2 py-2 text-sm ring-1 transition-colors ${
                  current ? 'bg-teak-800 text-white ring-teak-800' : 'bg-white text-teak-900 ring-teak-200 hover:bg-teak-50'
                }`}
              >
                <span className="text-xs uppercase">{chipDay.format(noon)}</span>
                <span className="font-semibold">{chipDate.format(noon)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The day's slots as radio buttons named `name`; taken and past ones cannot be chosen. */
export function SlotRadios({ slots, name, errors, legend }: { slots: ConsultationSlot[]; name: string; errors?: string[]; legend: string }) {
  const errorId = `${name}-slot-errors`;
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-2 text-sm font-semibold text-teak-900">{legend}</legend>
      {slots.length === 0 ? (
        <p className="rounded-xl bg-teak-50 p-4 text-sm text-teak-800">No consultations on this day: the store is closed. Please pick another day.</p>
      ) : slots.every((s) => !s.available) ? (
        <p className="rounded-xl bg-teak-50 p-4 text-sm text-teak-800">Every time on this day is taken. Please pick another day.</p>
      ) : null}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {slots.map((slot) => (
          <li key={slot.start}>
            <label
              className={`flex cursor-pointer items-center justify-center rounded-xl px-2 py-3 text-sm ring-1 has-[:checked]:bg-teak-800 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teak-500 ${
                slot.available
                  ? 'bg-white text-teak-900 ring-teak-200 hover:bg-teak-50'
                  : 'cursor-not-allowed bg-teak-50 text-teak-400 line-through ring-teak-100'
              }`}
            >
              <input type="radio" name={name} value={slot.start} disabled={!slot.available} className="sr-only" />
              <span>{formatIstTime(slot.start)}</span>
              {slot.available ? null : <span className="sr-only"> (taken)</span>}
            </label>
          </li>
        ))}
      </ul>
      <FieldErrors id={errorId} errors={errors ?? []} />
    </fieldset>
  );
}
