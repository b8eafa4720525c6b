import { data, type AppLoadContext } from 'react-router';
import { isShopError, refused, type readForm } from '../../lib/form.server';
import { requireSuperuser } from '../../lib/guards.server';
import { isNotFound } from '../../lib/load.server';
import type { Outcome } from './forms';

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
 * Runs one change and answers the sentence the owner sees: `message` when it worked, the shop's own sentence
 * (after the spec's headline, when it names one) with its status (400, 404, 409…) when a rule refused it. Anything else is a failure of the shop: the error
 * page and the log.
 */
export async function outcome(work: () => Promise<unknown>, message: string, failure?: string) {
  try {
    await work();
    return data<Outcome>({ ok: true, message });
  } catch (err) {
    if (!isShopError(err) || err.status >= 500) throw err;
    const field = Object.values(err.errors ?? {})[0]?.[0];
    const reason = field ?? err.detail;
    return data<Outcome>({ ok: false, message: failure ? `${failure}: ${reason}` : reason }, { status: err.status });
  }
}

/** The `intent` of a posted form, for actions that do more than one thing. */
export function intentOf(formData: FormData): string {
  const intent = formData.get('intent');
  return typeof intent === 'string' ? intent : '';
}

/** A form that asked for something the action does not do: a 400 the owner can read. */
export function unknownIntent() {
  return data<Outcome>({ ok: false, message: 'This form asked for something the page cannot do. Please reload the page.' }, { status: 400 });
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

type Submission = Awaited<ReturnType<typeof readForm>>;

/** A form the action saved: Conform's answer (the form empties itself) and the sentence for the toast. */
export function savedForm(submission: Pick<Submission, 'reply'>, message: string) {
  return { result: submission.reply({ resetForm: true }), outcome: { ok: true, message } as Outcome };
}

/** A form that did not pass the contract's schema: its field errors, 400. */
export function invalidAdminForm(submission: Pick<Submission, 'reply'>) {
  return data({ result: submission.reply(), outcome: undefined }, { status: 400 });
}

/** A form a service refused with one of the shop's errors: its field errors and sentence, with the error's status. */
export function refusedForm(submission: Pick<Submission, 'reply'>, err: unknown) {
  const answer = refused(submission, err);
  return data({ result: answer.data, outcome: undefined }, answer.init ?? undefined);
}
