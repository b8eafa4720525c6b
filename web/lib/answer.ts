import type { SubmissionResult } from '@conform-to/react';

/**
 * What every page action answers, whatever its form (decision 0035): which form was answered (`intent`),
 * whether the change was made (`ok`), the sentence a person reads (`message`, null when the fields say it
 * all), and for a form with fields Conform's reply (`result`: field errors, or the form emptied). An answer
 * may add what its form shows besides (an estimate, the line of the cart it was about, a payment to open).
 * The only other thing an action answers is a redirect.
 */
export type Answer<Extra extends object = object> = {
  intent: string;
  ok: boolean;
  message: string | null;
  result?: SubmissionResult<string[]>;
  /** A refusal that changed nothing: the pages on screen need not read their data again (see `changedNothing`). */
  unchanged?: true;
} & Extra;

/** The answer to one form of a page that has several: `useActionData` holds whichever form was posted last. */
export function answerTo<A extends { intent: string }>(answer: A | undefined | null, intent: string): A | undefined {
  return answer && answer.intent === intent ? answer : undefined;
}

/**
 * Whether an answer is worth a notification: what a button did (no fields to show it under), and a form that
 * was saved. A refused form shows its errors in the form itself.
 */
export function toastWorthy(answer: Pick<Answer, 'ok' | 'message' | 'result'> | undefined | null): answer is Answer & { message: string } {
  return !!answer?.message && (answer.ok || !answer.result);
}
