/**
 * The answer of an action that changed nothing (a refused ADD TO CART, or the shop out of reach): the pages
 * on screen need not read their data again, so a lost connection leaves the page as it was, with the message.
 */
export interface Unchanged {
  unchanged: true;
}

export function changedNothing(actionResult: unknown): boolean {
  return typeof actionResult === 'object' && actionResult !== null && 'unchanged' in actionResult && actionResult.unchanged === true;
}
