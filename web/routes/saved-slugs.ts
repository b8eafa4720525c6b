import type { ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/saved-slugs';
import type { Answer } from '../lib/answer';
import { dispatch } from '../lib/form.server';
import { LOAD_FAILURE } from '../lib/load-failure';
import { save, unsave } from '../lib/saved.server';
import { changedNothing } from '../lib/unchanged';

/**
 * A heart pressed on a page with scripts saves the piece, or lets it go (web/components/ui/card-marks.tsx); without
 * scripts the same form posts to the saved page, which shows the answer. The hearts post here because this module
 * is small and fetched as soon as a page with hearts is live (`HeartsRoute` in web/components/ui/card-marks.tsx):
 * a press while the shop is out of reach gets its answer from the client action below, where a route whose code is
 * not yet loaded would make React Router reload the page into the browser's own offline page. Nothing is read
 * here: which pieces she saved is a fact of the page (the root loader's `savedSlugs`).
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
