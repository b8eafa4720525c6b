import { Form, useActionData } from 'react-router';
import { FormAlert } from '../components/ui/field';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { dispatch, done, failed, refusal, type IntentArgs } from '../lib/form.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/reviews-unsubscribe';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'No more review e-mails',
    description: 'Stop the review requests.',
    path: '/reviews/unsubscribe',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

/** The review e-mail's unsubscribe line opens here: one press stops the review requests to that address. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { email: url.searchParams.get('email')?.slice(0, 320) ?? '', token: url.searchParams.get('token')?.slice(0, 200) ?? '' };
}

export async function action(args: Route.ActionArgs) {
  return dispatch(args, { unsubscribe }, { fallback: 'unsubscribe' });
}

async function unsubscribe({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const email = formData.get('email');
  const token = formData.get('token');
  if (typeof email !== 'string' || typeof token !== 'string' || !email || !token) {
    return failed('unsubscribe', 400, 'This unsubscribe link is not valid. Please use the link from the e-mail as it is.');
  }
  try {
    await context.services.reviewPageLimit(context.ip);
    await context.services.reviews.unsubscribe(email, token);
  } catch (err) {
    return refusal('unsubscribe', err);
  }
  return done('unsubscribe', { message: 'You will receive no more review requests at this address.' });
}

export default function ReviewsUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { email, token } = loaderData;
  const answer = useActionData<typeof action>();
  return (
    <div className="container-page max-w-xl py-10 sm:py-14">
      <h1 className="text-3xl text-teak-900">No more review e-mails</h1>
      {answer?.ok ? (
        <div className="mt-6">
          <FormAlert message={answer.message} tone="success" />
        </div>
      ) : (
        <Form method="post" className="mt-6 grid gap-4">
          <p className="text-teak-800">We will stop asking {email || 'this address'} to review the pieces it bought.</p>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="token" value={token} />
          <FormAlert message={answer?.message ?? null} />
          <button type="submit" className="btn-primary justify-self-start">
            Stop review e-mails
          </button>
        </Form>
      )}
    </div>
  );
}
