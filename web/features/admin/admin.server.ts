import { data, type AppLoadContext } from 'react-router';
import { done, failed, refusal, UNKNOWN_INTENT } from '../../lib/form.server';
import { requireSuperuser } from '../../lib/guards.server';
import { isNotFound } from '../../lib/load.server';

/**
 * The admin panel's server side of a page: the superuser check every loader and action repeats (a session
 * can end, or lose its rights, between two requests), and the one way a section's read fails: a missing item
 * is a 404, anything else goes to the log; either way the owner sees the section's error page, in the frame.
 */
export async function adminLoad<T>(request: Request, context: AppLoadContext, section: string, load: () => Promise<T>): Promise<T> {
  requireSuperuser(request, context);
  try {
    return await load();
  } catch (err) {
    // An item that is gone (an order id typed by hand, say) is the section's 404, not a failure of the shop.
    if (isNotFound(err)) throw data(null, { status: 404 });
    if (err instanceof Response) throw err;
    context.log.error({ err, section }, 'an admin section could not be loaded');
    throw err;
  }
}

/**
 * Runs one change asked by a button (delete, mark read, a flag) and answers the sentence the owner sees:
 * `message` when it worked, the shop's own sentence (after the spec's headline, when it names one) with its
 * status (400, 404, 409…) when a rule refused it. Anything else is a failure of the shop: the error page and
 * the log.
 */
export async function outcome(intent: string, work: () => Promise<unknown>, message: string, failure?: string) {
  try {
    await work();
  } catch (err) {
    return refusal(intent, err, { headline: failure });
  }
  return done(intent, { message });
}

/** A button's form that does not name what it is about (an id, a slug): a 400 the owner can read. */
export function missingItem(intent: string) {
  return failed(intent, 400, UNKNOWN_INTENT);
}

/** A positive whole number from a posted field (an id), or null. */
export function idOf(formData: FormData, name = 'id'): number | null {
  const n = Number(formData.get(name));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** A text field of a posted form, or '' when missing. */
export function textOf(formData: FormData, name: string): string {
  const v = formData.get(name);
  return typeof v === 'string' ? v : '';
}
