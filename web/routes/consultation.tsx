import { IST_OFFSET } from '../../contract/india';
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { formatIstDay, formatIstTime, moveBookingSchema, VIDEO_CALL_HOW, VIDEO_KIND } from '../../contract/consultations';
import { FormAlert } from '../components/ui/field';
import { DayChips, SlotRadios } from '../features/consultations/slot-picker';
import { loadDaySlots, NO_STORE } from '../features/consultations/slots.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { answerTo } from '../lib/answer';
import { checkForm, dispatch, done, invalid, isShopError, refusal, type IntentArgs } from '../lib/form.server';
import { isNotFound } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/consultation';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Your consultation',
    description: 'Your consultation with Teakwood.',
    path: '/consultation',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const MOVE_BY_MAIL = 'The times for this consultation cannot be shown just now. Please reply to our e-mail and we will move it for you.';

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

/** The visitor's booking, by the secret link of their e-mail (a wrong link is a 404); with the days to move it to. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let booking;
  try {
    booking = await context.services.consultations.byToken(tokenOf(request));
  } catch (err) {
    if (isNotFound(err)) throw data(null, { status: 404, headers: NO_STORE });
    throw err;
  }
  const moving = url.searchParams.get('move') === '1' && booking.status !== 'cancelled';
  let picked = null;
  let unmovable: string | null = null;
  if (moving) {
    try {
      // The booking's own kind, even when the owner has stopped offering it for new bookings.
      picked = await loadDaySlots(context, booking.kind, url.searchParams.get('date'), { booked: true });
    } catch (err) {
      if (!isShopError(err) || err.status >= 500) throw err;
      unmovable = MOVE_BY_MAIL;
    }
  }
  return data({ booking, token: tokenOf(request), booked: url.searchParams.get('booked') === '1', moving, picked, unmovable }, { headers: NO_STORE });
}

/** Cancels or moves the booking; the visitor gets an e-mail with the updated calendar entry. */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { cancel, move }, { fallback: 'move' });
}

async function cancel({ request, context }: IntentArgs<Route.ActionArgs>) {
  try {
    await context.services.consultations.cancelByToken(tokenOf(request));
  } catch (err) {
    if (isNotFound(err)) throw data(null, { status: 404 });
    throw err;
  }
  return done('cancel', { message: 'Your consultation is cancelled. We have sent you an e-mail.' });
}

async function move({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, moveBookingSchema);
  if (submission.status !== 'success') return invalid('move', submission);
  try {
    await context.services.consultations.moveByToken(tokenOf(request), submission.value.start);
  } catch (err) {
    return refusal('move', err, { submission });
  }
  return done('move', { message: 'Your consultation has moved. We have sent you an e-mail with the new time.', submission, reset: true });
}

export default function ConsultationPage({ loaderData }: Route.ComponentProps) {
  const { booking, token, booked, moving, picked, unmovable } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm({
    lastResult: answerTo(answer, 'move')?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: moveBookingSchema }),
    shouldValidate: 'onSubmit',
  });
  const done = answer?.ok ? answer.message : null;
  const cancelled = booking.status === 'cancelled';
  const base = (extra: string) => `?token=${encodeURIComponent(token)}${extra}`;

  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl text-teak-900 sm:text-5xl">
        {cancelled ? 'Your consultation is cancelled' : booked ? 'Thank you! Your consultation is booked' : 'Your consultation'}
      </h1>
      {booked && !cancelled ? (
        <p className="mt-3 text-teak-800">We have sent a confirmation to {booking.email}, with a calendar entry and a link to change or cancel it.</p>
      ) : null}
      {done ? <FormAlert message={done} tone="success" /> : null}

      <dl className="mt-8 grid gap-3 rounded-3xl bg-white p-6 ring-1 ring-teak-200/60 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-teak-900">Consultation</dt>
        <dd>{booking.kind_name}</dd>
        <dt className="font-semibold text-teak-900">When</dt>
        <dd>
          {formatIstDay(booking.start)}, {formatIstTime(booking.start)} to {formatIstTime(booking.end)}{' '}
          <span className="text-teak-700">(India time)</span>
        </dd>
        {booking.kind === VIDEO_KIND && booking.status !== 'cancelled' && (
          <>
            <dt className="font-semibold text-teak-900">How</dt>
            <dd>{VIDEO_CALL_HOW}</dd>
          </>
        )}
        <dt className="font-semibold text-teak-900">Name</dt>
        <dd>{booking.name}</dd>
        <dt className="font-semibold text-teak-900">Phone</dt>
        <dd>{booking.phone}</dd>
        {booking.product ? (
          <>
            <dt className="font-semibold text-teak-900">Piece</dt>
            <dd>
              <Link to={`/product/${booking.product.slug}`} className="underline">
                {booking.product.name}
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold text-teak-900">Status</dt>
        <dd className="capitalize">{booking.status}</dd>
      </dl>

      {cancelled ? (
        <p className="mt-6">
          <Link to="/book-consultation" className="btn-primary">
            BOOK ANOTHER TIME
          </Link>
        </p>
      ) : (
        <div className="mt-6 flex flex-wrap gap-3">
          {moving ? null : (
            <Link to={base('&move=1')} className="btn px-4 py-2 ring-1 ring-teak-300" preventScrollReset>
              Move to another time
            </Link>
          )}
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="btn px-4 py-2 text-red-800 ring-1 ring-red-300" disabled={busy}>
              Cancel the consultation
            </button>
          </Form>
        </div>
      )}

      {moving && unmovable && !cancelled ? <FormAlert message={unmovable} /> : null}
      {moving && picked && !cancelled ? (
        <section aria-labelledby="move-title" className="mt-8">
          <h2 id="move-title" className="font-display text-xl text-teak-900">
            Move to another time
          </h2>
          <div className="mt-3">
            <DayChips days={picked.days} chosen={picked.day} hrefOf={(d) => base(`&move=1&date=${d}`)} />
          </div>
          <Form method="post" {...getFormProps(form)} aria-label="Move the consultation" className="mt-3 grid gap-4" preventScrollReset>
            <SlotRadios
              key={picked.day}
              slots={picked.slots}
              name="start"
              legend={`Times on ${formatIstDay(`${picked.day}T12:00:00${IST_OFFSET}`)}`}
              errors={fields.start.errors}
            />
            <FormAlert message={form.errors?.[0] ?? null} />
            <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
              {busy ? 'MOVING…' : 'MOVE HERE'}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
