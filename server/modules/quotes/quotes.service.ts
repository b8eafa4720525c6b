import type { Db } from '../../db/client';
import { createQuotesContext, type QuotesDeps } from './context';
import { createQuotePayments } from './payments';
import { createQuoteRequests } from './requests';

export type { QuotesDeps } from './context';
export { EXPIRED_MESSAGE } from './requests';

/**
 * A piece in the buyer's size (decision 0039): the buyer's requests (requests.ts), the owner's quotes in
 * versions, and their advance and balance paid through checkout's machinery (payments.ts). The webhook and the
 * reconciler reach the payments through `otherPayments`, given to checkout by the composition root.
 */
export function createQuotesService(db: Db, deps: QuotesDeps) {
  const ctx = createQuotesContext(db, deps);
  const requests = createQuoteRequests(ctx);
  const payments = createQuotePayments(ctx, requests);
  return {
    createRequest: requests.createRequest,
    listForBuyer: requests.listForBuyer,
    getForBuyer: requests.getForBuyer,
    requestChange: requests.requestChange,
    adminList: requests.adminList,
    waiting: requests.waiting,
    /** `waiting()`'s counts as scalar subqueries, for the panel's read model (one statement with the others). */
    waitingSql: requests.waitingSql,
    createQuote: requests.createQuote,
    send: requests.send,
    accept: payments.accept,
    /** The buyer's saved addresses as a quote offers them for its advance (decision 0046). */
    addressChoices: (user: { id: number; email: string }, quoteId: number) =>
      requests.ownQuote(user, quoteId).then(({ quote, request }) => payments.addressChoices(user.id, quote, request)),
    verifyAdvance: payments.verifyAdvance,
    payBalance: payments.payBalance,
    verifyBalance: payments.verifyBalance,
    /** For checkout's webhook and reconciler (OtherPayments). */
    otherPayments: { apply: payments.apply, reconcile: payments.reconcile, payableBy: payments.payableBy },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
