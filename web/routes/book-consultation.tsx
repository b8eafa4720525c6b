import { IST_OFFSET } from '../../contract/india';
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { bookingInputSchema, formatIstDay, VIDEO_CALL_HOW, VIDEO_KIND } from '../../contract/consultations';
import { ControlField, Field, FormAlert, TextAreaField } from '../components/ui/field';
import { DayChips, SlotRadios } from '../features/consultations/slot-picker';
import { loadDaySlots, NO_STORE } from '../features/consultations/slots.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, failed, invalid, isShopError, refusal, type IntentArgs, type UploadField } from '../lib/form.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/book-consultation';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Book a consultation',
    description: 'Book a free consultation with a Teakwood design expert: at our Chennai showroom, by video call, or at your home in Chennai.',
    path: '/book-consultation',
    publicUrl: publicUrlOf(matches),
  }),
  FORM_PAGE_REFERRER,
];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
}

/** A photo of what they have in mind, with room for the form's few fields. */
const PHOTO: UploadField = {
  intent: 'book',
  field: 'photo',
  maxBytes: 5 * 1024 * 1024,
  tooLarge: 'The photo is too large: please choose one under 5 MB.',
};

/** The kinds, the chosen kind's days and the day's free slots (never cached: they change with every booking). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kinds = await context.services.consultations.kinds();
  const kind = kinds.find((k) => k.slug === url.searchParams.get('kind')) ?? kinds[0];
  const productSlug = url.searchParams.get('product')?.slice(0, 200) || null;
  let product: { slug: string; name: string } | null = null;
  if (productSlug) {
    try {
      const found = await context.services.catalog.getProduct(productSlug);
      product = { slug: found.slug, name: found.name };
    } catch {
      product = null; // an unknown product is simply left out
    }
  }
  const picked = kind ? await loadDaySlots(context, kind.slug, url.searchParams.get('date')) : null;
  return data({ kinds, kind: kind ?? null, product, ...(picked ?? { days: [], day: '', first: '', last: '', slots: [] }) }, { headers: NO_STORE });
}

/** Books the chosen slot: the contract's schema, the same service as POST /api/consultations/ (rate limited alike). */
export async function action(args: Route.ActionArgs) {
  // Counted before the body (up to 5 MB of photo) is read: past the limit, a script's uploads cost nothing.
  try {
    await args.context.services.contentPageLimits.consultation(args.context.ip);
  } catch (err) {
    return refusal('book', err, { inForm: true });
  }
  return dispatch(args, { book }, { fallback: 'book', upload: PHOTO });
}

async function book({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, bookingInputSchema);
  if (submission.status !== 'success') return invalid('book', submission);
  const file = formData.get('photo');
  const photo = file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : undefined;
  let token: string;
  try {
    ({ token } = await context.services.bookConsultation(submission.value, photo));
  } catch (err) {
    if (isShopError(err) && err.code === 'unsupported_media_type') return failed('book', 415, err.detail, { submission, field: 'photo' });
    return refusal('book', err, { submission });
  }
  return redirect(`/consultation?token=${encodeURIComponent(token)}&booked=1`, { headers: NO_STORE });
}

export default function BookConsultation({ loaderData }: Route.ComponentProps) {
  const { kinds, kind, product, days, day, slots, first, last } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post';
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bookingInputSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const href = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams();
    const values = { kind: kind?.slug ?? null, date: day || null, product: product?.slug ?? null, ...changes };
    for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
    return `/book-consultation?${params.toString()}`;
  };

  return (
    <div className="container-page max-w-4xl py-10 sm:py-14">
      <h1 className="text-3xl text-teak-900 sm:text-5xl">Book a consultation</h1>
      <p className="mt-3 text-teak-800">
        Meet a design expert, free of charge: tell us what you would like made and we will design it with you. All times are India time.
      </p>

      {kind ? (
        <>
          <section aria-labelledby="kind-title" className="mt-8">
            <h2 id="kind-title" className="font-display text-xl text-teak-900">
              1. How would you like to meet?
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-3">
              {kinds.map((k) => (
                <li key={k.slug}>
                  <Link
                    to={href({ kind: k.slug })}
                    preventScrollReset
                    replace
                    aria-current={k.slug === kind.slug ? 'true' : undefined}
                    className={`block h-full rounded-2xl p-4 ring-1 transition-colors ${
                      k.slug === kind.slug ? 'bg-teak-800 text-white ring-teak-800' : 'bg-white text-teak-900 ring-teak-200 hover:bg-teak-50'
                    }`}
                  >
                    <span className="block font-semibold">{k.name}</span>
                    <span className="mt-1 block text-sm opacity-90">{k.description}</span>
                    {k.slug === VIDEO_KIND && <span className="mt-1 block text-sm opacity-90">{VIDEO_CALL_HOW}</span>}
                    <span className="mt-2 block text-xs uppercase opacity-80">{k.duration_minutes} minutes</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="day-title" className="mt-8">
            <h2 id="day-title" className="font-display text-xl text-teak-900">
              2. Pick a day and a time
            </h2>
            <div className="mt-3">
              <DayChips days={days} chosen={day} hrefOf={(d) => href({ date: d })} />
            </div>
            <Form method="get" action="/book-consultation" className="mt-2 flex flex-wrap items-end gap-2" preventScrollReset replace>
              <input type="hidden" name="kind" value={kind.slug} />
              {product ? <input type="hidden" name="product" value={product.slug} /> : null}
              <label className="text-sm text-teak-800">
                Another day
                <input
                  type="date"
                  name="date"
                  min={first}
                  max={last}
                  defaultValue={day}
                  className="ml-2 rounded-lg border border-teak-200 px-2 py-1"
                />
              </label>
              <button type="submit" className="btn px-3 py-1 text-sm ring-1 ring-teak-300">
                Show times
              </button>
            </Form>
          </section>

          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            aria-label="Book a consultation"
            className="mt-6 grid gap-5 sm:grid-cols-2"
          >
            <input type="hidden" name="kind" value={kind.slug} />
            {product ? <input type="hidden" name="product" value={product.slug} /> : null}
            <div className="sm:col-span-2">
              <SlotRadios
                key={`${kind.slug}-${day}`}
                slots={slots}
                name="start"
                legend={`Times on ${formatIstDay(`${day}T12:00:00${IST_OFFSET}`)}`}
                errors={fields.start.errors}
              />
            </div>
            <h2 className="font-display text-xl text-teak-900 sm:col-span-2">3. Your details</h2>
            <Field
              label="Name"
              name={fields.name.name}
              autoComplete="name"
              maxLength={120}
              defaultValue={fields.name.initialValue}
              errors={fields.name.errors}
            />
            <Field
              label="Phone"
              name={fields.phone.name}
              type="tel"
              autoComplete="tel"
              maxLength={30}
              defaultValue={fields.phone.initialValue}
              errors={fields.phone.errors}
            />
            <Field
              label="E-mail"
              name={fields.email.name}
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={fields.email.initialValue}
              errors={fields.email.errors}
              className="sm:col-span-2"
            />
            {product ? (
              <p className="rounded-xl bg-teak-50 p-3 text-sm text-teak-900 sm:col-span-2">
                About: <strong>{product.name}</strong>{' '}
                <Link to={href({ product: null })} preventScrollReset replace className="ml-2 underline">
                  Not about this piece
                </Link>
              </p>
            ) : null}
            <TextAreaField
              label="What would you like made?"
              name={fields.note.name}
              rows={4}
              maxLength={3000}
              defaultValue={fields.note.initialValue}
              errors={fields.note.errors}
              className="sm:col-span-2"
              hint="The piece, the room, sizes if you know them."
            />
            <ControlField label="A photo (optional)" errors={form.allErrors.photo} className="sm:col-span-2" hint="JPEG, PNG or WebP, up to 5 MB.">
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="file"
                  name="photo"
                  accept="image/jpeg,image/png,image/webp"
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  className="text-sm"
                />
              )}
            </ControlField>
            <div className="sm:col-span-2">
              <FormAlert message={form.errors?.[0] ?? null} />
              <button type="submit" className="btn-primary mt-2" disabled={sending}>
                {sending ? 'BOOKING…' : 'BOOK CONSULTATION'}
              </button>
            </div>
          </Form>
        </>
      ) : (
        <p className="mt-8 rounded-xl bg-teak-50 p-4 text-teak-900">
          Consultations cannot be booked online just now. Please <Link to="/contact">contact us</Link> and we will find a time with you.
        </p>
      )}
    </div>
  );
}
