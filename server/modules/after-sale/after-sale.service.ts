import { and, count, eq, exists, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { AfterSaleCounts, Refund } from '../../../contract/after-sale';
import type { Db } from '../../db/client';
import { cancellations, refunds, returns } from '../../db/schema';
import { cancelRefusal, cancelTerms, createCancellations, presentCancellation } from './cancellations';
import { createAfterSaleContext, type AfterSaleDeps } from './context';
import { createReturns } from './returns';

export type { AfterSaleDeps } from './context';

/**
 * After the sale (decision 0038): the buyer's cancellations and returns, the owner's answers and partial
 * refunds. Every refund is a row of the money module's ledger; every piece going back goes through the stock
 * module; every step is a kind of the order's timeline and an e-mail. Other modules import it only from here.
 */
export function createAfterSaleService(db: Db, deps: AfterSaleDeps) {
  const ctx = createAfterSaleContext(db, deps);
  const cancels = createCancellations(ctx);
  const returnCases = createReturns(ctx);

  /** A case still owing its refund: accepted (or received) and not refunded, or with a refund not yet made. */
  const unsettled = (column: typeof refunds.cancellationId | typeof refunds.returnId, id: typeof cancellations.id | typeof returns.id) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(refunds)
        .where(and(eq(column, id), ne(refunds.status, 'processed'))),
    );

  return {
    cancel: cancels.cancel,
    cancellationRequests: cancels.list,
    decideCancellation: cancels.decide,
    reportReturn: returnCases.report,
    checkReportable: returnCases.checkReportable,
    returnsOf: returnCases.forBuyer,
    returnsQueue: returnCases.list,
    decideReturn: returnCases.decide,
    returnReceived: returnCases.received,
    refund: returnCases.refund,
    replaceReturn: returnCases.replace,

    /** The order's refunds as the API answers them (the buyer's refund lines, the owner's with refusals). */
    async refundsOf(orderId: number, owner = false): Promise<Refund[]> {
      return ctx.presentRefunds(await ctx.refundsOf(orderId), owner);
    },

    /**
     * What the buyer's order page offers after the sale: cancelling (at once or on request, with the fee and the
     * refund stated before confirming), reporting a problem (until 7 days after delivery), the cases and refunds.
     */
    async buyerView(userId: number, orderId: number) {
      const order = await ctx.ownOrder(db, userId, orderId);
      const refusal = cancelRefusal(order);
      const terms = refusal ? null : await cancelTerms(ctx, order);
      const [cases, returnList, refundList, until] = await Promise.all([
        cancels.ofOrders([orderId]),
        returnCases.forBuyer(userId, orderId),
        ctx.refundsOf(orderId).then((rows) => ctx.presentRefunds(rows)),
        ctx.returnUntil(db, orderId),
      ]);
      const left = await ctx.leftOf(db, order);
      const pending = cases.find((c) => c.status === 'requested');
      const declined = cases.filter((c) => c.status === 'declined').at(-1);
      const accepted = cases.find((c) => c.status === 'accepted');
      // A cancelled order's money, told whole: what was paid, refunded, and what the studio kept and why.
      const refundedPaise = refundList.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
      return {
        cancelled:
          order.status === 'cancelled' && order.paidAt
            ? {
                paid: (refundedPaise + left) / 100,
                refunded: refundedPaise / 100,
                fee: (accepted?.feePaise ?? 0) / 100,
                note: accepted?.decisionNote ?? null,
              }
            : null,
        cancel: terms && !pending ? { immediate: terms.immediate, fee: terms.feePaise / 100, refund: terms.refundPaise / 100 } : null,
        cancellation_request: pending ? presentCancellation(pending, order, left) : declined ? presentCancellation(declined, order, left) : null,
        report_until: order.status === 'delivered' && until && until.getTime() > Date.now() ? until.toISOString() : null,
        returns: returnList,
        refunds: refundList,
      };
    },

    /**
     * What of the after-sale waits for the owner, as scalar subqueries of this module's tables (the panel's badge
     * for Returns, read with the other modules' in one statement by the panel's read model, decision 0058). The
     * same counts as `cancellation_requests` and `returns_open` of `counts()`.
     */
    waitingSql: {
      cancellation_requests: sql<number>`(select count(*)::int from ${cancellations} where ${cancellations.status} = 'requested')`,
      returns_open: sql<number>`(select count(*)::int from ${returns} where ${returns.status} in ('reported', 'accepted', 'received'))`,
    },

    /** The admin overview's counts: open requests and returns, refunds due within the 15 days and overdue. */
    async counts(now = new Date()): Promise<AfterSaleCounts> {
      const openCancel = and(eq(cancellations.status, 'accepted'), unsettled(refunds.cancellationId, cancellations.id));
      const openReturn = or(inArray(returns.status, ['accepted', 'received']), unsettled(refunds.returnId, returns.id));
      const [[req], [ret], [cDue], [cLate], [rDue], [rLate]] = await Promise.all([
        db.select({ n: count() }).from(cancellations).where(eq(cancellations.status, 'requested')),
        db
          .select({ n: count() })
          .from(returns)
          .where(inArray(returns.status, ['reported', 'accepted', 'received'])),
        db
          .select({ n: count() })
          .from(cancellations)
          .where(and(openCancel, gte(cancellations.refundDueAt, now))),
        db
          .select({ n: count() })
          .from(cancellations)
          .where(and(openCancel, lt(cancellations.refundDueAt, now))),
        db
          .select({ n: count() })
          .from(returns)
          .where(and(openReturn, gte(returns.refundDueAt, now))),
        db
          .select({ n: count() })
          .from(returns)
          .where(and(openReturn, lt(returns.refundDueAt, now))),
      ]);
      return {
        cancellation_requests: req?.n ?? 0,
        returns_open: ret?.n ?? 0,
        refunds_due: (cDue?.n ?? 0) + (rDue?.n ?? 0),
        refunds_overdue: (cLate?.n ?? 0) + (rLate?.n ?? 0),
      };
    },
  };
}

export type AfterSaleService = ReturnType<typeof createAfterSaleService>;
