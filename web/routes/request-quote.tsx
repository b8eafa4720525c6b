import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { FINISH_COLOURS } from '../../contract/finishes';
import { OTHER_FINISH, QUOTE_PHOTOS_MAX, quoteRequestFormSchema, sizeRange, type QuoteRequestForm } from '../../contract/quotes';
import { Field, FormAlert, SelectField, TextAreaField } from '../components/ui/field';
import { PhotoPicker } from '../components/ui/photo-picker';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, failed, invalid, isShopError, refusal, type IntentArgs, type UploadField } from '../lib/form.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/request-quote';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Request a piece in your size',
    description: 'Ask Teakwood Studio for a piece in your size, finish and wood: we price it and make it in our Chennai workshop.',
    path: '/request-quote',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

/** Up to five reference photos, each through the shop's image checks. */
const PHOTOS: UploadField = {
  intent: 'request',
  field: 'photos',
  maxBytes: 5 * 1024 * 1024,
  maxFiles: QUOTE_PHOTOS_MAX,
  tooLarge: 'A photo is too large: please choose photos under 5 MB each.',
  tooMany: `Choose at most ${QUOTE_PHOTOS_MAX} photos: remove one and send again.`,
};

/** The fields a visitor typed, kept in the address while they log in (photos cannot travel; they add them again). */
const KEPT = ['length', 'breadth', 'height', 'finish', 'finish_other', 'notes', 'pincode', 'description'] as const;

/** The product asked about (a customizable one), with the range each dimension allows; or none (Bespoke, Design Solution). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = url.searchParams.get('product')?.slice(0, 200) || null;
  const source = url.searchParams.get('source') === 'design_solution' ? 'design_solution' : 'bespoke';
  let product = null;
  if (slug) {
    try {
      const found = await context.services.catalog.getProduct(slug);
      if (found.customizable)
        product = {
          slug: found.slug,
          name: found.name,
          dimensions: found.dimensions,
          finishes: found.finishes.length ? found.finishes : Object.keys(FINISH_COLOURS),
          ranges: {
            length: sizeRange(found.dimensions.length ?? undefined),
            breadth: sizeRange(found.dimensions.breadth ?? undefined),
            height: sizeRange(found.dimensions.height ?? undefined),
          },
        };
    } catch {
      product = null; // an unknown product: the request is for a piece of their own
    }
  }
  const kept = Object.fromEntries(KEPT.flatMap((k) => (url.searchParams.get(k) ? [[k, url.searchParams.get(k)!.slice(0, 2000)]] : [])));
  return {
    product,
    source,
    kept,
    signedIn: !!context.user,
    returned: url.searchParams.get('kept') === '1',
    finishes: Object.keys(FINISH_COLOURS),
  };
}

/** Sends the request; a visitor is sent to log in first and brought back with what they typed. */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { request: send }, { fallback: 'request', upload: PHOTOS });
}

async function send({ context, formData }: IntentArgs<Route.ActionArgs>) {
  if (!context.user) {
    const back = new URLSearchParams({ kept: '1' });
    for (const k of ['product', 'source', ...KEPT]) {
      const v = formData.get(k);
      if (typeof v === 'string' && v) back.set(k, v.slice(0, 2000));
    }
    return redirect(`/login?next=${encodeURIComponent(`/request-quote?${back.toString()}`)}`);
  }
  const submission = checkForm(formData, quoteRequestFormSchema);
  if (submission.status !== 'success') return invalid('request', submission);
  const photos = await Promise.all(
    formData
      .getAll('photos')
      .filter((f): f is File => f instanceof File && f.size > 0)
      .map(async (f) => Buffer.from(await f.arrayBuffer())),
  );
  if (photos.length > QUOTE_PHOTOS_MAX)
    return failed('request', 400, `Choose at most ${QUOTE_PHOTOS_MAX} photos: remove one and send again.`, { submission, field: 'photos' });
  try {
    await context.services.requestQuote(context.user, submission.value, photos);
  } catch (err) {
    if (isShopError(err) && err.code === 'unsupported_media_type') return failed('request', 415, err.detail, { submission, field: 'photos' });
    return refusal('request', err, { submission });
  }
  return redirect('/quotes?sent=1');
}

export default function RequestQuote({ loaderData }: Route.ComponentProps) {
  const { product, source, kept, signedIn, returned, finishes } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const [form, fields] = useForm<QuoteRequestForm>({
    lastResult: answer && 'result' in answer ? answer.result : undefined,
    defaultValue: kept,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteRequestFormSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const finishChoices = product?.finishes ?? finishes;

  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <p className="text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Made to your measure</p>
      <h1 className="mt-2 text-3xl text-teak-900 sm:text-5xl">{product ? `${product.name} in your size` : 'A piece of your own'}</h1>
      <p className="mt-3 text-teak-800">
        Tell us the size, the finish and anything else: we price it as a quote. An advance starts the work; the balance is due when the piece is ready
        to dispatch.
      </p>
      {returned && signedIn ? (
        <p role="status" className="mt-4 rounded-xl bg-teak-50 p-3 text-sm text-teak-900">
          Welcome back: what you typed is kept below. Add your photos again, then send the request.
        </p>
      ) : null}
      {!signedIn ? (
        <p className="mt-4 rounded-xl bg-teak-50 p-3 text-sm text-teak-900">You will be asked to log in when you send it; what you typed is kept.</p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-label="Request a quote"
        className="mt-8 grid gap-5 sm:grid-cols-3"
      >
        {product ? <input type="hidden" name="product" value={product.slug} /> : <input type="hidden" name="source" value={source} />}
        {product ? (
          (['length', 'breadth', 'height'] as const).map((d) => (
            <Field
              key={d}
              label={`${d[0]!.toUpperCase()}${d.slice(1)} (cm)`}
              name={fields[d].name}
              type="number"
              inputMode="numeric"
              min={product.ranges[d].min}
              max={product.ranges[d].max}
              defaultValue={fields[d].initialValue ?? String(product.dimensions[d] ?? '')}
              errors={fields[d].errors}
              hint={`${product.ranges[d].min} to ${product.ranges[d].max}`}
            />
          ))
        ) : (
          <TextAreaField
            label="Describe the piece"
            name={fields.description.name}
            rows={4}
            maxLength={2000}
            defaultValue={fields.description.initialValue}
            errors={fields.description.errors}
            className="sm:col-span-3"
            hint="What it is, the room it is for, the sizes if you know them."
          />
        )}
        <SelectField
          label="Finish"
          name={fields.finish.name}
          defaultValue={fields.finish.initialValue ?? ''}
          errors={fields.finish.errors}
          className="sm:col-span-3"
          options={[
            { value: '', label: 'No preference' },
            ...finishChoices.map((f) => ({ value: f, label: f })),
            { value: OTHER_FINISH, label: 'Another, described below' },
          ]}
        />
        <Field
          label="Another finish, described"
          name={fields.finish_other.name}
          maxLength={200}
          defaultValue={fields.finish_other.initialValue}
          errors={fields.finish_other.errors}
          className="sm:col-span-3"
        />
        <TextAreaField
          label="Notes"
          name={fields.notes.name}
          rows={3}
          maxLength={2000}
          defaultValue={fields.notes.initialValue}
          errors={fields.notes.errors}
          className="sm:col-span-3"
        />
        <Field
          label="Delivery pincode"
          name={fields.pincode.name}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          defaultValue={fields.pincode.initialValue}
          errors={fields.pincode.errors}
        />
        <PhotoPicker
          label="Reference photos"
          max={QUOTE_PHOTOS_MAX}
          errors={form.allErrors.photos}
          className="sm:col-span-3"
          hint={`Up to ${QUOTE_PHOTOS_MAX} photos: JPEG, PNG or WebP, up to 5 MB each.`}
        />
        <div className="sm:col-span-3">
          <FormAlert message={form.errors?.[0] ?? null} />
          <button type="submit" className="btn-primary mt-2" disabled={sending}>
            {sending ? 'Sending…' : 'Send request'}
          </button>
          <p className="mt-4 text-sm text-teak-700">
            <Link to="/quotes" className="underline">
              Your requests and quotes
            </Link>
          </p>
        </div>
      </Form>
    </div>
  );
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}
