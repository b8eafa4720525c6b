import type { ReviewStatus } from '../../../contract/reviews';

const SAID: Record<ReviewStatus, string> = {
  pending: 'Thank you! Your review waits for the studio to read it before it is shown on the piece’s page.',
  published: 'Your review is shown on the piece’s page. An edit waits for the studio to read it again.',
  hidden: 'The studio has hidden your review: it is not shown on the piece’s page. You may edit it, and the studio will read it again.',
};

/** What became of the buyer's own review, said to her. */
export function ReviewStatusNote({ status }: { status: ReviewStatus }) {
  return (
    <p role="status" className="mt-4 rounded-xl bg-teak-50 p-3 text-sm text-teak-900">
      {SAID[status]}
    </p>
  );
}
