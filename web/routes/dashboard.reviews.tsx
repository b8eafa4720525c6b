import { Link, useFetcher } from 'react-router';
import { REVIEW_STATUSES, reviewReplySchema, type Review, type ReviewStatus } from '../../contract/reviews';
import { compactInputClass } from '../components/ui/field';
import { Stars } from '../components/ui/card-marks';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { useAnswerToast } from '../features/admin/forms';
import { Panel } from '../features/admin/ui';
import type { Answer } from '../lib/answer';
import { dispatch, failed, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.reviews';
import { formatDay } from '../../contract/format';

export const handle: SectionHandle = { title: 'Reviews' };

const LABELS: Record<ReviewStatus, string> = { pending: 'Waiting', published: 'Published', hidden: 'Hidden' };

/** The owner's reviews (decision 0050): new ones first, waiting ones unless another status is asked for. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'reviews', async () => {
    const asked = new URL(request.url).searchParams.get('status');
    const status = REVIEW_STATUSES.find((s) => s === asked) ?? 'pending';
    return { status, reviews: await context.services.reviews.adminList(status) };
  });
}

/** Publishing, hiding and replying are the superuser's, checked again here; the kept pages drop with each. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { publish, hide, reply });
}

async function publish({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (!id) return missingItem('publish');
  return outcome('publish', () => context.services.reviews.moderate(id, 'published'), 'Review published on the piece’s page.');
}

async function hide({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (!id) return missingItem('hide');
  return outcome('hide', () => context.services.reviews.moderate(id, 'hidden'), 'Review hidden; its writer sees it is hidden.');
}

async function reply({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (!id) return missingItem('reply');
  const parsed = reviewReplySchema.safeParse({ reply: textOf(formData, 'reply') });
  if (!parsed.success) return failed('reply', 400, parsed.error.issues[0]?.message ?? 'Write the studio’s reply.');
  return outcome('reply', () => context.services.reviews.reply(id, parsed.data.reply), 'Reply shown under the review.');
}

const smallButton = 'min-h-11 rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-teak-300 hover:bg-teak-50 disabled:opacity-50';

function OwnerForm({ intent, id, label, children }: { intent: string; id: number; label: string; children: React.ReactNode }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" aria-label={label} className="grid gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <fieldset disabled={fetcher.state !== 'idle'} className="contents">
        {children}
      </fieldset>
      {fetcher.data && !fetcher.data.ok && fetcher.data.message ? (
        <p role="alert" className="text-sm text-red-800">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const who = `${review.author}'s review of ${review.product.name}`;
  return (
    <li className="grid gap-2 rounded-2xl bg-white p-4 ring-1 ring-teak-200/60">
      <p className="font-semibold text-teak-900">
        <Link to={`/product/${review.product.slug}`} className="underline">
          {review.product.name}
        </Link>{' '}
        · {review.author} · {LABELS[review.status]} · {formatDay(review.created_at)}
      </p>
      <p className="flex items-center gap-2">
        <Stars rating={review.stars} /> <span className="font-semibold text-teak-900">{review.title}</span>
      </p>
      <p className="text-sm whitespace-pre-line text-teak-800">{review.text}</p>
      {review.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {review.photos.map((p, i) => (
            <li key={p.image}>
              <a href={p.image} target="_blank" rel="noreferrer">
                <img src={p.image} alt={`Photo ${i + 1} with the review`} width={80} height={80} className="h-20 w-20 rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {review.status !== 'published' ? (
          <OwnerForm intent="publish" id={review.id} label={`Publish ${who}`}>
            <button type="submit" className={smallButton}>
              Publish
            </button>
          </OwnerForm>
        ) : null}
        {review.status !== 'hidden' ? (
          <OwnerForm intent="hide" id={review.id} label={`Hide ${who}`}>
            <button type="submit" className={smallButton}>
              Hide
            </button>
          </OwnerForm>
        ) : null}
      </div>
      <OwnerForm intent="reply" id={review.id} label={`Reply to ${who}`}>
        <label className="grid gap-1 text-sm font-semibold text-teak-900">
          {review.reply ? 'The studio’s reply (shown under the review)' : 'Reply in public (shown as the studio’s reply)'}
          <textarea name="reply" rows={2} maxLength={2000} defaultValue={review.reply ?? ''} className={compactInputClass} />
        </label>
        <button type="submit" className={`${smallButton} justify-self-start`}>
          {review.reply ? 'Update reply' : 'Reply'}
        </button>
      </OwnerForm>
    </li>
  );
}

export default function ReviewsRoute({ loaderData }: Route.ComponentProps) {
  const { status, reviews } = loaderData;
  return (
    <div className="grid gap-4">
      <nav aria-label="Reviews by status" className="flex flex-wrap gap-2">
        {REVIEW_STATUSES.map((s) => (
          <Link
            key={s}
            to={`/dashboard/reviews?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            className={`${smallButton} ${s === status ? 'bg-teak-800 text-white hover:bg-teak-900' : ''}`}
          >
            {LABELS[s]}
          </Link>
        ))}
      </nav>
      <Panel title={`${LABELS[status]} reviews (${reviews.length})`}>
        {reviews.length === 0 ? (
          <p className="text-sm text-teak-700">{status === 'pending' ? 'No review is waiting.' : 'None.'}</p>
        ) : (
          <ul className="grid gap-3">
            {reviews.map((r) => (
              <ReviewCard key={r.id} review={r} />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the reviews." />;
}
