import type { ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/saved-slugs';
import type { Answer } from '../lib/answer';
import { guestCartCode } from '../lib/cart.server';
import { dispatch } from '../lib/form.server';
import { LOAD_FAILURE } from '../lib/load-failure';
import { save, unsave } from '../lib/saved.server';
import { changedNothing } from '../lib/unchanged';

/**
 * Which pieces this shopper has saved, as slugs: what the hearts on kept pages ask after hydration (decision 0050).
 * Kept pages are the same for every shopper, so they draw each heart neutral and fill it from this small answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { 'cache-control': 'private, no-store' };
  const code = context.user ? null : await guestCartCode(request, context);
  const owner = context.user ? { userId: context.user.id } : code ? { guestCode: code } : null;
  const pieces = owner ? await context.services.saved.list(owner) : [];
  return Response.json({ slugs: [...new Set(pieces.map((p) => p.product.slug))] }, { headers });
}

/**
 * A heart pressed on a page with scripts saves the piece, or lets it go (web/components/ui/card-marks.tsx); without
 * scripts the same form posts to the saved page, which shows the answer. The hearts post here because this module
 * is already in the browser once they have asked which pieces are saved: a press while the shop is out of reach
 * gets its answer from the client action below, where a route whose code is not yet loaded would make React
 * Router reload the page into the browser's own offline page.
 */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { save, unsave }, { fallback: 'save' });
}

/** The shop out of reach: the heart says so beside itself, and the page stays as it was. */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs): Promise<Answer> {
  const intent = (await request.clone().formData()).get('intent') === 'unsave' ? 'unsave' : 'save';
  try {
    return await serverAction();
  } catch {
    return { intent, ok: false, message: LOAD_FAILURE.unreachable, unchanged: true };
  }
}

/** After an action that changed nothing (a refused add, the shop out of reach) the hearts do not ask again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  changedNothing(actionResult) ? false : defaultShouldRevalidate;
