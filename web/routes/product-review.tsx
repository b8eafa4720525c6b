import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router';
import { REVIEW_PHOTOS_MAX, REVIEW_ROOMS, reviewInputSchema, type ReviewInput } from '../../contract/reviews';
import { ControlField, Field, FormAlert, SelectField, TextAreaField } from '../components/ui/field';
import { PhotoPicker } from '../components/ui/photo-picker';
import { ReviewStatusNote } from '../features/reviews/review-status';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, failed, invalid, isShopError, refusal, type IntentArgs, type UploadField } from '../lib/form.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/product-review';

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  ...seo({
    title: d ? `Review ${d.product.name}` : 'Write a review',
    description: 'Tell other families how your Teakwood piece is settling in.',
    path: d ? `/product/${d.product.slug}/review` : '/',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

/** Up to five photos of the piece at home, each through the shop's image checks. */
const PHOTOS: UploadField = {
  intent: 'review',
  field: 'photos',
  maxBytes: 5 * 1024 * 1024,
  maxFiles: REVIEW_PHOTOS_MAX,
  tooLarge: 'A photo is too large: please choose photos under 5 MB each.',
  tooMany: `Choose at most ${REVIEW_PHOTOS_MAX} photos: remove one and send again.`,
};

/** The review e-mail's link opens here: a buyer signs in first, then writes (or edits) her review of the piece. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!context.user) return redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  try {
    return await context.services.reviews.formFor(context.user.id, params.slug);
  } catch (err) {
    if (isShopError(err) && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

export async function action(args: Route.ActionArgs) {
  return dispatch(args, { review: send }, { fallback: 'review', upload: PHOTOS });
}

async function send({ params, context, formData }: IntentArgs<Route.ActionArgs>) {
  if (!context.user) return redirect(`/login?next=${encodeURIComponent(`/product/${params.slug}/review`)}`);
  const submission = checkForm(formData, reviewInputSchema);
  if (submission.status !== 'success') return invalid('review', submission);
  const photos = await Promise.all(
    formData
      .getAll('photos')
      .filter((f): f is File => f instanceof File && f.size > 0)
      .map(async (f) => Buffer.from(await f.arrayBuffer())),
  );
  if (photos.length > REVIEW_PHOTOS_MAX)
    return failed('review', 400, `Choose at most ${REVIEW_PHOTOS_MAX} photos: remove one and send again.`, { submission, field: 'photos' });
  const { services } = context;
  try {
    await services.reviewPageLimit(context.ip);
    const { mine } = await services.reviews.formFor(context.user.id, params.slug);
    if (mine) await services.editReview(context.user.id, mine.id, submission.value, photos.length ? photos : null);
    else await services.writeReview(context.user.id, params.slug, submission.value, photos);
  } catch (err) {
    if (isShopError(err) && err.code === 'unsupported_media_type') return failed('review', 415, err.detail, { submission, field: 'photos' });
    return refusal('review', err, { submission });
  }
  return redirect(`/product/${params.slug}/review?sent=1`);
}

export default function ProductReview({ loaderData }: Route.ComponentProps) {
  const { product, mine, received } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const [form, fields] = useForm<ReviewInput>({
    lastResult: answer && 'result' in answer ? answer.result : undefined,
    defaultValue: mine ? { stars: String(mine.stars), title: mine.title, text: mine.text, finish: mine.finish ?? '', room: '' } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewInputSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });

  return (
    <div className="container-page max-w-2xl py-10 sm:py-14">
      <p className="text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Verified buyer</p>
      <h1 className="mt-2 text-3xl text-teak-900 sm:text-4xl">{mine ? `Your review of ${product.name}` : `Review ${product.name}`}</h1>
      {mine ? <ReviewStatusNote status={mine.status} /> : null}
      {!received ? (
        <p role="status" className="mt-6 rounded-xl bg-teak-50 p-4 text-teak-900">
          Only a buyer who has received this piece can review it. Your review can be written once an order holding it has been delivered.{' '}
          <Link to={`/product/${product.slug}`} className="underline">
            Back to {product.name}
          </Link>
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-label="Your review" className="mt-8 grid gap-5">
          <input type="hidden" name="intent" value="review" />
          <ControlField label="Your rating" errors={fields.stars.errors}>
            {({ id, describedBy, invalid: bad }) => (
              <fieldset id={id} aria-describedby={describedBy} aria-invalid={bad} className="flex flex-wrap gap-2">
                <legend className="sr-only">Stars</legend>
                {[5, 4, 3, 2, 1].map((n) => (
                  <label
                    key={n}
                    className="flex min-h-11 cursor-pointer items-center gap-1 rounded-lg border border-teak-200 px-3 has-[:checked]:border-teak-700 has-[:checked]:bg-teak-50"
                  >
                    <input type="radio" name={fields.stars.name} value={n} defaultChecked={fields.stars.initialValue === String(n)} />
                    <span>
                      {n} {n === 1 ? 'star' : 'stars'}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
          </ControlField>
          <Field label="Title" name={fields.title.name} maxLength={120} defaultValue={fields.title.initialValue} errors={fields.title.errors} />
          <TextAreaField
            label="Your review"
            name={fields.text.name}
            rows={6}
            maxLength={2000}
            defaultValue={fields.text.initialValue}
            errors={fields.text.errors}
            hint="20 to 2,000 characters: the wood, the finish, the comfort, the delivery."
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Finish (optional)"
              name={fields.finish.name}
              defaultValue={fields.finish.initialValue ?? ''}
              errors={fields.finish.errors}
              options={[{ value: '', label: 'Not said' }, ...product.finishes.map((f) => ({ value: f, label: f }))]}
            />
            <SelectField
              label="Room it lives in (optional)"
              name={fields.room.name}
              defaultValue={fields.room.initialValue ?? ''}
              errors={fields.room.errors}
              options={[{ value: '', label: 'Not said' }, ...Object.entries(REVIEW_ROOMS).map(([value, label]) => ({ value, label }))]}
            />
          </div>
          <PhotoPicker
            label="Photos"
            max={REVIEW_PHOTOS_MAX}
            errors={form.allErrors.photos}
            hint={
              mine
                ? `Up to ${REVIEW_PHOTOS_MAX} photos: JPEG, PNG or WebP, up to 5 MB each. New photos replace the ones you sent before.`
                : `Up to ${REVIEW_PHOTOS_MAX} photos: JPEG, PNG or WebP, up to 5 MB each.`
            }
          />
          <div>
            <FormAlert message={form.errors?.[0] ?? null} />
            <button type="submit" className="btn-primary mt-2" disabled={sending}>
              {sending ? 'Sending…' : mine ? 'Save my review' : 'Send my review'}
            </button>
            <p className="mt-4 text-sm text-teak-700">
              <Link to={`/product/${product.slug}`} className="underline">
                Back to {product.name}
              </Link>
            </p>
          </div>
        </Form>
      )}
    </div>
  );
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}
