import { IST_OFFSET } from '../../contract/india';
import { Link, useFetcher } from 'react-router';
import type { z } from 'zod';
import {
  addDays,
  closedDateSchema,
  formatIstDay,
  formatIstTime,
  formatMinute,
  horizonSchema,
  hoursEditSchema,
  isoDaySchema,
  istDate,
  kindEditSchema,
  moveBookingSchema,
  WEEKDAYS,
  type Booking,
} from '../../contract/consultations';
import { compactInputClass } from '../components/ui/field';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { useAnswerToast } from '../features/admin/forms';
import type { Answer } from '../lib/answer';
import { dispatch, failed, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.consultations';

export const handle: SectionHandle = { title: 'Consultations' };

/** The week from a day (India dates): today's bookings first, then the week's; and the booking settings. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'consultations', async () => {
    const { consultations } = context.services;
    const asked = new URL(request.url).searchParams.get('from');
    const today = istDate(new Date());
    const checked = asked ? isoDaySchema.safeParse(asked) : null;
    const from = checked?.success ? checked.data : today;
    // A day that cannot be (30 February, the year 9999) is said, and the week from today shown.
    const notice =
      checked && !checked.success ? `${checked.error.issues[0]?.message ?? 'Pick a day that exists.'} Showing the week from today.` : null;
    const [week, settings] = await Promise.all([consultations.bookingsBetween(from, 7), consultations.settings()]);
    return { today, from, week, settings, notice };
  });
}

/** The first schema error of a posted form, as the owner's sentence (400). */
function invalidOutcome(intent: string, error: z.ZodError) {
  return failed(intent, 400, error.issues[0]?.message ?? 'Please check the form.');
}

function parse<S extends z.ZodType>(
  schema: S,
  input: FormData | Record<string, string>,
): { ok: true; value: z.output<S> } | { ok: false; error: z.ZodError } {
  const result = schema.safeParse(input instanceof FormData ? Object.fromEntries(input) : input);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: result.error };
}

/** Every change is the superuser's, checked again here and by the contract's schemas; the visitor is told by e-mail. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, {
    confirm,
    cancel,
    move,
    kind: saveKind,
    hours: saveHours,
    'close-day': closeDay,
    'open-day': openDay,
    horizon: saveHorizon,
  });
}

type Args = IntentArgs<Route.ActionArgs>;

async function confirm({ context, formData }: Args) {
  const id = idOf(formData);
  if (id === null) return missingItem('confirm');
  return outcome('confirm', () => context.services.consultations.confirm(id), 'Booking confirmed; the visitor has been told by e-mail.');
}

async function cancel({ context, formData }: Args) {
  const id = idOf(formData);
  if (id === null) return missingItem('cancel');
  return outcome('cancel', () => context.services.consultations.cancelById(id), 'Booking cancelled; the visitor has been told by e-mail.');
}

async function move({ context, formData }: Args) {
  const id = idOf(formData);
  if (id === null) return missingItem('move');
  const parsed = parse(moveBookingSchema, { start: `${textOf(formData, 'day')}T${textOf(formData, 'time')}:00${IST_OFFSET}` });
  if (!parsed.ok) return invalidOutcome('move', parsed.error);
  return outcome(
    'move',
    () => context.services.consultations.moveById(id, parsed.value.start),
    'Booking moved; the visitor has been told by e-mail.',
  );
}

async function saveKind({ context, formData }: Args) {
  const parsed = parse(kindEditSchema, formData);
  if (!parsed.ok) return invalidOutcome('kind', parsed.error);
  return outcome('kind', () => context.services.consultations.updateKind(parsed.value), 'Consultation kind saved.');
}

async function saveHours({ context, formData }: Args) {
  const parsed = parse(hoursEditSchema, formData);
  if (!parsed.ok) return invalidOutcome('hours', parsed.error);
  return outcome('hours', () => context.services.consultations.setHours(parsed.value), `Hours for ${WEEKDAYS[parsed.value.weekday]} saved.`);
}

async function closeDay({ context, formData }: Args) {
  const parsed = parse(closedDateSchema, formData);
  if (!parsed.ok) return invalidOutcome('close-day', parsed.error);
  return outcome('close-day', () => context.services.consultations.addClosedDate(parsed.value), 'Closed date added.');
}

async function openDay({ context, formData }: Args) {
  const parsed = parse(closedDateSchema.pick({ day: true }), formData);
  if (!parsed.ok) return invalidOutcome('open-day', parsed.error);
  return outcome('open-day', () => context.services.consultations.removeClosedDate(parsed.value.day), 'Closed date removed.');
}

async function saveHorizon({ context, formData }: Args) {
  const parsed = parse(horizonSchema, formData);
  if (!parsed.ok) return invalidOutcome('horizon', parsed.error);
  return outcome('horizon', () => context.services.consultations.setHorizon(parsed.value.horizon_days), 'Booking horizon saved.');
}

const card = 'rounded-2xl bg-white p-4 ring-1 ring-teak-200/60';
const smallButton = 'rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-teak-300 hover:bg-teak-50 disabled:opacity-50';

function OwnerForm({ intent, children, label, className }: { intent: string; children: React.ReactNode; label: string; className?: string }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" aria-label={label} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <fieldset disabled={fetcher.state !== 'idle'} className="contents">
        {children}
      </fieldset>
    </fetcher.Form>
  );
}

function BookingRow({ booking }: { booking: Booking }) {
  const cancelled = booking.status === 'cancelled';
  return (
    <li className={`${card} ${cancelled ? 'opacity-60' : ''}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-teak-900">
          {formatIstTime(booking.start)}–{formatIstTime(booking.end)} · {booking.kind_name}
        </p>
        <span className="rounded-full bg-teak-100 px-2 py-0.5 text-xs font-semibold text-teak-800 uppercase">{booking.status}</span>
      </div>
      <p className="mt-1 text-sm">
        {booking.name} · <a href={`tel:${booking.phone}`}>{booking.phone}</a> · <a href={`mailto:${booking.email}`}>{booking.email}</a>
      </p>
      {booking.product ? (
        <p className="text-sm">
          Piece: <Link to={`/product/${booking.product.slug}`}>{booking.product.name}</Link>
        </p>
      ) : null}
      {booking.note ? <p className="mt-1 text-sm whitespace-pre-line text-teak-800">{booking.note}</p> : null}
      {booking.photo ? (
        <a href={booking.photo} className="text-sm underline">
          Their photo
        </a>
      ) : null}
      {cancelled ? null : (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          {booking.status === 'booked' ? (
            <OwnerForm intent="confirm" label={`Confirm ${booking.name}`}>
              <input type="hidden" name="id" value={booking.id} />
              <button type="submit" className={smallButton}>
                Confirm
              </button>
            </OwnerForm>
          ) : null}
          <OwnerForm intent="move" label={`Move ${booking.name}`} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="id" value={booking.id} />
            <label className="text-xs">
              Day
              <input type="date" name="day" required defaultValue={booking.start.slice(0, 10)} className={compactInputClass} />
            </label>
            <label className="text-xs">
              Time
              <input type="time" name="time" required defaultValue={booking.start.slice(11, 16)} className={compactInputClass} />
            </label>
            <button type="submit" className={smallButton}>
              Move
            </button>
          </OwnerForm>
          <OwnerForm intent="cancel" label={`Cancel ${booking.name}`}>
            <input type="hidden" name="id" value={booking.id} />
            <button type="submit" className={`${smallButton} text-red-800`}>
              Cancel
            </button>
          </OwnerForm>
        </div>
      )}
    </li>
  );
}

export default function ConsultationsRoute({ loaderData }: Route.ComponentProps) {
  const { today, from, week, settings, notice } = loaderData;
  const todays = week.filter((b) => b.start.slice(0, 10) === today);
  const byDay = new Map<string, Booking[]>();
  // Today's bookings are listed above: the week goes on from tomorrow.
  for (const b of week)
    if (from !== today || b.start.slice(0, 10) !== today) byDay.set(b.start.slice(0, 10), [...(byDay.get(b.start.slice(0, 10)) ?? []), b]);
  const hours = new Map(settings.hours.map((h) => [h.weekday, h]));

  return (
    <div className="grid gap-8">
      {notice ? (
        <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-teak-900 ring-1 ring-amber-200">
          {notice}
        </p>
      ) : null}
      {from === today ? (
        <section aria-labelledby="today-title">
          <h2 id="today-title" className="font-display text-xl text-teak-900">
            Today ({formatIstDay(`${today}T12:00:00${IST_OFFSET}`)})
          </h2>
          {todays.length ? (
            <ul className="mt-3 grid gap-3">
              {todays.map((b) => (
                <BookingRow key={b.id} booking={b} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-teak-800">No consultations today.</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="week-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="week-title" className="font-display text-xl text-teak-900">
            The week from {formatIstDay(`${from}T12:00:00${IST_OFFSET}`)}
          </h2>
          <nav className="flex gap-2 text-sm" aria-label="Weeks">
            <Link to={`?from=${addDays(from, -7)}`} className={smallButton}>
              Previous week
            </Link>
            <Link to={`?from=${addDays(from, 7)}`} className={smallButton}>
              Next week
            </Link>
          </nav>
        </div>
        {byDay.size === 0 ? <p className="mt-2 text-sm text-teak-800">No consultations this week.</p> : null}
        {[...byDay.entries()].map(([day, bookings]) => (
          <div key={day} className="mt-4">
            <h3 className="text-sm font-semibold text-teak-800 uppercase">{formatIstDay(`${day}T12:00:00${IST_OFFSET}`)}</h3>
            <ul className="mt-2 grid gap-3">
              {bookings.map((b) => (
                <BookingRow key={b.id} booking={b} />
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="kinds-title">
        <h2 id="kinds-title" className="font-display text-xl text-teak-900">
          Kinds of consultation
        </h2>
        <ul className="mt-3 grid gap-3 lg:grid-cols-3">
          {settings.kinds.map((k) => (
            <li key={k.slug} className={card}>
              <OwnerForm intent="kind" label={`Edit ${k.name}`} className="grid gap-2">
                <input type="hidden" name="slug" value={k.slug} />
                <label className="text-xs">
                  Name
                  <input name="name" required maxLength={80} defaultValue={k.name} className={compactInputClass} />
                </label>
                <label className="text-xs">
                  Description
                  <textarea name="description" maxLength={500} rows={2} defaultValue={k.description} className={compactInputClass} />
                </label>
                <label className="text-xs">
                  Length (minutes)
                  <input
                    name="duration_minutes"
                    type="number"
                    min={15}
                    max={240}
                    step={5}
                    required
                    defaultValue={k.duration_minutes}
                    className={compactInputClass}
                  />
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="active" defaultChecked={k.active} /> Offered to visitors
                </label>
                <button type="submit" className={`${smallButton} justify-self-start`}>
                  Save
                </button>
              </OwnerForm>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="hours-title">
        <h2 id="hours-title" className="font-display text-xl text-teak-900">
          Weekly hours (India time)
        </h2>
        <ul className="mt-3 grid gap-2">
          {WEEKDAYS.map((name, weekday) => {
            const h = hours.get(weekday);
            return (
              <li key={name}>
                <OwnerForm intent="hours" label={`Hours on ${name}`} className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="weekday" value={weekday} />
                  <span className="w-28 text-sm font-semibold">{name}</span>
                  <label className="text-xs">
                    Opens
                    <input
                      name="opens"
                      type="time"
                      defaultValue={h ? formatMinute(h.opens).padStart(5, '0') : '09:30'}
                      className={compactInputClass}
                    />
                  </label>
                  <label className="text-xs">
                    Closes
                    <input
                      name="closes"
                      type="time"
                      defaultValue={h ? formatMinute(h.closes).padStart(5, '0') : '21:00'}
                      className={compactInputClass}
                    />
                  </label>
                  <label className="flex items-center gap-1 text-sm">
                    <input type="checkbox" name="closed" defaultChecked={!h} /> Closed
                  </label>
                  <button type="submit" className={smallButton}>
                    Save
                  </button>
                </OwnerForm>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="closed-title" className="grid gap-3">
        <h2 id="closed-title" className="font-display text-xl text-teak-900">
          Closed dates
        </h2>
        <ul className="grid gap-2">
          {settings.closed_dates.map((c) => (
            <li key={c.day} className="flex flex-wrap items-center gap-3 text-sm">
              <span>
                {formatIstDay(`${c.day}T12:00:00${IST_OFFSET}`)}
                {c.reason ? ` (${c.reason})` : ''}
              </span>
              <OwnerForm intent="open-day" label={`Open ${c.day}`}>
                <input type="hidden" name="day" value={c.day} />
                <button type="submit" className={smallButton}>
                  Remove
                </button>
              </OwnerForm>
            </li>
          ))}
        </ul>
        <OwnerForm intent="close-day" label="Add a closed date" className="flex flex-wrap items-end gap-3">
          <label className="text-xs">
            Day
            <input name="day" type="date" required min={today} className={compactInputClass} />
          </label>
          <label className="text-xs">
            Reason (optional)
            <input name="reason" maxLength={200} className={compactInputClass} />
          </label>
          <button type="submit" className={smallButton}>
            Add closed date
          </button>
        </OwnerForm>
      </section>

      <section aria-labelledby="horizon-title">
        <h2 id="horizon-title" className="font-display text-xl text-teak-900">
          How far ahead visitors can book
        </h2>
        <OwnerForm intent="horizon" label="Booking horizon" className="mt-2 flex flex-wrap items-end gap-3">
          <label className="text-xs">
            Days ahead
            <input name="horizon_days" type="number" min={1} max={365} required defaultValue={settings.horizon_days} className={compactInputClass} />
          </label>
          <button type="submit" className={smallButton}>
            Save
          </button>
        </OwnerForm>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <SectionError message="Error loading consultations." />;
}
