import { useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import type { Answer } from '../../lib/answer';
import type { Review, ReviewPage, ReviewSort } from '../../../contract/reviews';
import { Stars } from '../../components/ui/card-marks';
import { ZoomViewer } from '../../components/ui/zoom-viewer';
import { formatDay } from '../../../contract/format';

const SORTS: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'helpful', label: 'Most helpful' },
];

/** The address of a page of reviews on the product page (the page kept for each address). */
export function reviewsHref(slug: string, page: number, sort: ReviewSort): string {
  const query = new URLSearchParams();
  if (sort !== 'newest') query.set('reviews_sort', sort);
  if (page > 1) query.set('reviews_page', String(page));
  const q = query.toString();
  return `/product/${slug}${q ? `?${q}` : ''}#reviews`;
}

/** Reads the reviews' page and order from a product page's address. */
export function reviewsQueryOf(url: URL): { page: number; sort: ReviewSort } {
  const page = Math.floor(Number(url.searchParams.get('reviews_page') ?? '1'));
  return {
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
    sort: url.searchParams.get('reviews_sort') === 'helpful' ? 'helpful' : 'newest',
  };
}

function Breakdown({ page }: { page: ReviewPage }) {
  const { summary } = page;
  return (
    <dl className="grid gap-1 text-sm" aria-label="Reviews by stars">
      {([5, 4, 3, 2, 1] as const).map((n) => {
        const share = summary.count ? Math.round((summary.breakdown[n] / summary.count) * 100) : 0;
        return (
          <div key={n} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2">
            <dt className="text-teak-800">
              {n} {n === 1 ? 'star' : 'stars'}
            </dt>
            <dd className="h-2 overflow-hidden rounded-full bg-teak-100" aria-hidden>
              <span className="block h-full bg-teak-600" style={{ width: `${share}%` }} />
            </dd>
            <dd className="text-right text-teak-700">{summary.breakdown[n]}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * "Helpful": posted to the product page's action. Its thanks is a notification; a refusal (a visitor not logged
 * in, her own review, the shop out of reach) is said beside the button, with the way to log in when that is
 * what it asks.
 */
function HelpfulButton({ review }: { review: Review }) {
  const fetcher = useFetcher<Answer<{ logIn?: true }>>();
  const location = useLocation();
  const refused = fetcher.state === 'idle' && fetcher.data?.ok === false ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-3 text-xs text-teak-700">
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="review" value={review.id} />
      {review.helpful > 0 ? (
        <span>
          {review.helpful} {review.helpful === 1 ? 'person found' : 'people found'} this helpful
        </span>
      ) : null}
      <button
        type="submit"
        disabled={fetcher.state !== 'idle' || fetcher.data?.ok === true}
        aria-label={`Mark “${review.title}” as helpful`}
        aria-describedby={refused ? `helpful-${review.id}` : undefined}
        className="min-h-11 rounded-full px-3 font-semibold ring-1 ring-teak-300 hover:bg-teak-50 disabled:opacity-60"
      >
        Helpful
      </button>
      {refused ? (
        <span id={`helpful-${review.id}`} role="alert" className="text-red-700">
          {refused}{' '}
          {fetcher.data?.logIn ? (
            <Link to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} className="font-semibold underline">
              Log in
            </Link>
          ) : null}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

const photoAlt = (review: Review, i: number) => `Photo ${i + 1} by ${review.author}`;

function ReviewItem({ review, onZoom }: { review: Review; onZoom: (index: number) => void }) {
  return (
    <li className="grid gap-2 border-t border-teak-200/70 py-5">
      <p className="flex flex-wrap items-center gap-2">
        <Stars rating={review.stars} />
        <span className="font-semibold text-teak-900">{review.title}</span>
      </p>
      <p className="text-sm text-teak-700">
        {review.author === 'A verified buyer' ? review.author : `${review.author} · Verified buyer`} · {formatDay(review.created_at)}
        {review.finish ? ` · ${review.finish}` : ''}
        {review.room ? ` · ${review.room}` : ''}
      </p>
      <p className="leading-relaxed whitespace-pre-line text-teak-900">{review.text}</p>
      {review.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={`Photos by ${review.author}`}>
          {review.photos.map((p, i) => {
            const alt = photoAlt(review, i);
            return (
              <li key={p.image}>
                {/* Without scripts the link opens the photo itself; with them, the gallery's zoom viewer. */}
                <a
                  href={p.image}
                  onClick={(e) => {
                    e.preventDefault();
                    onZoom(i);
                  }}
                  className="block rounded-lg ring-teak-600 focus-visible:ring-2"
                >
                  <img src={p.image} alt={alt} width={96} height={96} loading="lazy" className="h-24 w-24 rounded-lg object-cover" />
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      <HelpfulButton review={review} />
      {review.reply ? (
        <div className="mt-1 rounded-xl bg-teak-50 p-3 text-sm">
          <p className="font-semibold text-teak-900">Reply from Teakwood Studio</p>
          <p className="mt-1 whitespace-pre-line text-teak-900">{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The product page's reviews (decision 0050): the average, the count and the breakdown by stars, then the
 * published reviews ten at a time, newest or most helpful first, with their photos and the studio's replies.
 */
export function ReviewsBlock({ slug, name, page }: { slug: string; name: string; page: ReviewPage }) {
  const [zoom, setZoom] = useState<{ review: Review; index: number } | null>(null);
  const { summary } = page;
  return (
    <section id="reviews" className="below-fold container-page mt-12 scroll-mt-24 [--fold-height:600px]" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="text-3xl text-teak-900">
        Reviews
      </h2>
      {summary.count === 0 || summary.average === null ? (
        <p className="mt-3 text-teak-800">No reviews of {name} yet. Buyers can review it once it has been delivered to them.</p>
      ) : (
        <div className="mt-4 grid gap-8 lg:grid-cols-[18rem_1fr]">
          <div className="grid content-start gap-3">
            <p className="flex items-center gap-3">
              <span className="text-4xl font-semibold text-teak-900">{summary.average.toFixed(1)}</span>
              <Stars rating={summary.average} />
            </p>
            <p className="text-sm text-teak-700">
              {summary.count} {summary.count === 1 ? 'review' : 'reviews'} from verified buyers
            </p>
            <Breakdown page={page} />
          </div>
          <div>
            <nav aria-label="Sort reviews" className="flex flex-wrap gap-2 text-sm">
              {SORTS.map((s) => (
                <Link
                  key={s.value}
                  to={reviewsHref(slug, 1, s.value)}
                  preventScrollReset
                  aria-current={s.value === page.sort ? 'true' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full px-4 ring-1 ring-teak-300 ${s.value === page.sort ? 'bg-teak-800 text-white' : 'hover:bg-teak-50'}`}
                >
                  {s.label}
                </Link>
              ))}
            </nav>
            <ul className="mt-4" aria-label={`Reviews of ${name}`}>
              {page.results.map((r) => (
                <ReviewItem key={r.id} review={r} onZoom={(index) => setZoom({ review: r, index })} />
              ))}
            </ul>
            {page.pages > 1 ? (
              <nav aria-label="Pages of reviews" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
                {page.page > 1 ? (
                  <Link to={reviewsHref(slug, page.page - 1, page.sort)} preventScrollReset className="btn-secondary">
                    Newer reviews
                  </Link>
                ) : null}
                <span className="text-teak-700">
                  Page {page.page} of {page.pages}
                </span>
                {page.page < page.pages ? (
                  <Link to={reviewsHref(slug, page.page + 1, page.sort)} preventScrollReset className="btn-secondary">
                    More reviews
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </div>
      )}
      {zoom ? (
        <ZoomViewer
          pictures={zoom.review.photos.map((p, i) => ({ src: p.image, alt: photoAlt(zoom.review, i) }))}
          index={zoom.index}
          onIndex={(index) => setZoom({ ...zoom, index })}
          onClose={() => setZoom(null)}
          label={`Photos by ${zoom.review.author}`}
        />
      ) : null}
    </section>
  );
}
