import type { Db } from '../../db/client';
import { createPaymentCompletion } from './complete-payment';
import { createCheckoutContext, HOLD_MS, type CheckoutDeps } from './context';
import { createOrderMails } from './order-mails';
import { createPaymentWindow } from './pay';
import { createOrderPlacement } from './place-order';
import { createProviderEvents } from './provider-events';

export { HOLD_MS };
export { SHOP_NAME, VERIFY_FAILED, type CheckoutDeps, type CompletionSource, type OtherPayments } from './context';
export { cartPaidMessage, newOrderNumber } from './place-order';
export { ADDRESSES_MAX, createAddressesService, type AddressesService, type AddressFields } from './addresses.service';

/**
 * Checkout, as a workflow over modules (decision 0037): placing an order (place-order.ts), the buyer's payment
 * window (pay.ts), completing a payment (complete-payment.ts), what the provider tells the shop by itself
 * (provider-events.ts) and the order mails (order-mails.ts). Each step calls the stock, money, orders,
 * invoices, delivery and cart modules' services; this file only puts them together.
 */
export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const ctx = createCheckoutContext(db, deps);
  const mails = createOrderMails(ctx);
  const completion = createPaymentCompletion(ctx, mails);
  const placement = createOrderPlacement(ctx);
  const window = createPaymentWindow(ctx, completion);
  const events = createProviderEvents(ctx, completion);
  return {
    completePayment: completion.completePayment,
    /** A paid order's confirmation to the buyer (with the invoice) and notice to the shop (the queued job). */
    sendPaidMails: mails.paid,
    /** Refunds still to be asked of the provider (tests; the reconciler calls it too). */
    retryRefunds: () => ctx.refunder.retryDue(),
    /**
     * Asks the provider for the refunds written down for one order (the owner cancelled a paid order, refunded a
     * return), and waits a few seconds for one another process is asking for, so that the answer says how it went.
     */
    refundOrder: (orderId: number) => ctx.refunder.forOrder(orderId, { waitMs: 10_000 }),
    /** Asks the provider for one refund written down (an advance no order was made of has no order to name). */
    refundNow: async (refundId: number) => void (await ctx.refunder.attempt(refundId)),
    expireHolds: events.expireHolds,
    /** One order of an expiry pass (the pass and tests). */
    expireOrder: events.expireOrder,
    createOrder: placement.createOrder,
    verifyPayment: window.verifyPayment,
    cancelPayment: window.cancelPayment,
    /** A provider event, already verified. Returns what was done, for the log. */
    applyWebhook: events.applyWebhook,
    /**
     * Asks the provider about orders left pending (a lost webhook, a closed tab) and completes the paid
     * ones, expires the holds of orders not paid in time and retries refunds a failed call left pending.
     * A run still going here (a slow provider) is joined rather than started twice; a run going in another
     * process (the advisory lock) makes this one do nothing and resolve to null.
     */
    reconcilePendingOrders: events.reconcilePendingOrders,
    /** The simulated checkout window's Pay / Fail buttons (development and tests only). */
    simulatePayment: window.simulatePayment,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
