/**
 * Whether an action's answer changed nothing (a refusal: `Answer.unchanged`, see web/lib/answer.ts, or the shop
 * out of reach): the pages on screen need not read their data again, so a lost connection leaves the page as
 * it was, with the message.
 */
export function changedNothing(actionResult: unknown): boolean {
  return typeof actionResult === 'object' && actionResult !== null && 'unchanged' in actionResult && actionResult.unchanged === true;
}
