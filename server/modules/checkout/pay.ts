import { eq } from 'drizzle-orm';
import { carts, orders } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { AddressFields } from './addresses.service';
import { pieces, total, VERIFY_FAILED, type Buyer, type CheckoutContext, modules } from './context';
import type { PaymentCompletion } from './complete-payment';

const { movePayment, keptPaymentId } = modules.money;

type VerifyInput = {
  cart_code: string;
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
  address: number | AddressFields;
};
type VerifyAnswer = { detail: string; order_id: number; items_left_in_cart?: number; received?: false };
type ReceivedAnswer = { detail: string; order_id: number | null; received: true };

/** Failures of the database or the provider (not an answer about the payment): worth trying again. */
function couldNotGetThrough(err: unknown): boolean {
  if (!(err instanceof AppError)) return true;
  return err.code === 'unavailable' || err.code === 'upstream_unavailable' || err.code === 'upstream_error' || err.code === 'internal';
}

/** Other payments being confirmed at once in a process from which a buyer is answered within `paymentAnswerMs`. */
const RUSH = 8;

/** What a buyer whose payment is still being confirmed is told (with a 202). */
export const PAYMENT_RECEIVED =
  'Payment received. We are confirming your order now; this page shows it as paid in a few seconds, and we e-mail you the confirmation.';

/** The work's outcome if it settles within `ms` (`value()` returns it or throws its error), else null. */
async function settledWithin<T>(work: Promise<T>, ms: number): Promise<{ value: () => T } | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([
      work.then(
        (v) => ({ value: () => v }),
        (err: unknown) => ({
          value: (): T => {
            throw err;
          },
        }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The buyer's payment window (decision 0037): the provider's answer verified and completed, a window closed
 * without paying, and the simulated provider's Pay / Fail buttons (development and tests only).
 */
export function createPaymentWindow(ctx: CheckoutContext, completion: PaymentCompletion) {
  const { db, deps, payments } = ctx;
  const { completePayment, cancelledError } = completion;

  const answerMs = deps.paymentAnswerMs ?? 250;
  /** Confirmations running in this process, by payment (a buyer's, and those still finishing after a 202). */
  const confirming = new Map<string, number>();
  let confirmingTotal = 0;

  /**
   * The buyer's answer after paying. The payment is confirmed as before (`confirmPayment`); when that cannot
   * finish at once (other payments being confirmed, the database busy) the buyer is told within a quarter of
   * a second that the payment was received and is being confirmed (`received: true`, a 202), and the
   * confirmation goes on: the order becomes paid moments later, by it, by the provider's webhook or by a
   * retry here; the confirmation page shows the order as it stands.
   */
  async function verifyPayment(user: Buyer, input: VerifyInput): Promise<VerifyAnswer | ReceivedAnswer> {
    if (!/^[0-9a-f]{64}$/i.test(input.razorpay_signature))
      throw invalid({ razorpay_signature: ['The payment signature is not valid.'] }, VERIFY_FAILED);
    // Only a payment the provider signed may be answered "received" before it is confirmed.
    const genuine = payments.gateway.verifyPaymentSignature(input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature);
    // A rush: many other payments being confirmed here at once (the same payment sent twice is not another
    // buyer). Then each buyer is answered within `answerMs`; a few buyers at a time wait for their 200.
    const paymentId = input.razorpay_payment_id;
    const wait = confirmingTotal - (confirming.get(paymentId) ?? 0) >= RUSH ? answerMs : answerMs * 20;
    let orderId: number | undefined;
    const work = confirmPayment(user, input, (id) => (orderId = id));
    confirming.set(paymentId, (confirming.get(paymentId) ?? 0) + 1);
    confirmingTotal += 1;
    const done = () => {
      confirmingTotal -= 1;
      const left = (confirming.get(paymentId) ?? 1) - 1;
      if (left > 0) confirming.set(paymentId, left);
      else confirming.delete(paymentId);
    };
    void work.then(done, done);
    if (!genuine) return work;
    const early = await settledWithin(work, wait);
    if (early) {
      try {
        return early.value();
      } catch (err) {
        // A paying buyer is never told that the shop failed: what could not get through is tried again.
        if (!couldNotGetThrough(err)) throw err;
        deps.log(err, `confirming payment ${paymentId} could not get through; trying again`);
        retryLater(user, input, 1);
        return { detail: PAYMENT_RECEIVED, order_id: orderId ?? null, received: true };
      }
    }
    void work.catch((err: unknown) => {
      if (!couldNotGetThrough(err)) return;
      deps.log(err, `confirming payment ${paymentId} after a 202 could not get through; trying again`);
      retryLater(user, input, 1);
    });
    // Without the order's id yet, the confirmation page shows the buyer's newest order.
    return { detail: PAYMENT_RECEIVED, order_id: orderId ?? null, received: true };
  }

  /** A confirmation that could not get through is tried again after 1 s, then 3, 9 and 27 s later. */
  function retryLater(user: Buyer, input: VerifyInput, attempt: number) {
    setTimeout(
      () => {
        confirmPayment(user, input, () => {}).catch((err: unknown) => {
          if (attempt < 4 && couldNotGetThrough(err)) retryLater(user, input, attempt + 1);
          else deps.log(err, `confirming payment ${input.razorpay_payment_id} failed; the webhook or the reconciler will`);
        });
      },
      1000 * 3 ** (attempt - 1),
    ).unref();
  }

  async function confirmPayment(user: Buyer, input: VerifyInput, found: (orderId: number) => void): Promise<VerifyAnswer> {
    const order = await ctx.ownOrder(user, input.razorpay_order_id);
    found(order.id);
    const cart = await deps.cart.resolveCart(input.cart_code, user, false);
    // The order's cart is the one the code resolved to (most often), or the cart the code named.
    const sameCart =
      order.cartId !== null &&
      (order.cartId === cart?.id ||
        (await db.select({ code: carts.cartCode }).from(carts).where(eq(carts.id, order.cartId)))[0]?.code === input.cart_code);
    if (!sameCart || !payments.gateway.verifyPaymentSignature(order.providerOrderId, input.razorpay_payment_id, input.razorpay_signature))
      throw invalid({ razorpay_signature: ['The payment signature does not match this order.'] }, VERIFY_FAILED);

    const confirmed = { detail: 'Payment verified. Your order is confirmed.', order_id: order.id };
    if (order.paymentStatus === 'captured') {
      if (input.razorpay_payment_id !== (await keptPaymentId(db, order.id))) {
        // A second payment for an order already paid (two windows, a retry): it is refunded in full.
        const second = await payments.gateway.fetchPayment(input.razorpay_payment_id);
        if (second.orderId !== order.providerOrderId) throw invalid({ razorpay_payment_id: ['This payment is for another order.'] }, VERIFY_FAILED);
        if ((await completePayment(order, second, null, 'checkout')).outcome === 'refund' && order.status !== 'cancelled')
          return {
            ...confirmed,
            detail: `Your order was already paid. This second payment of ${total(second.amount)} is refunded in full through our payment provider; banks usually show it within 5–7 working days.`,
          };
      }
      if (order.status === 'cancelled') throw await cancelledError(order);
      return confirmed;
    }
    const address = await deps.addresses.snapshot(user.id, input.address);
    const payment = await payments.gateway.fetchPayment(input.razorpay_payment_id);
    if (payment.orderId !== order.providerOrderId) throw invalid({ razorpay_payment_id: ['This payment is for another order.'] }, VERIFY_FAILED);
    if (payment.status === 'failed') {
      await ctx.paymentStopped(order.id, 'failed', ['created', 'attempted', 'abandoned', 'failed']);
      throw invalid({}, `Payment failed: ${payment.errorDescription ?? 'the bank declined it'}`);
    }
    if (payment.status !== 'captured')
      throw conflict('Your bank has not confirmed the payment yet. We will confirm your order by e-mail as soon as it does.');
    const { outcome, leftInCart } = await completePayment(order, payment, address, 'checkout');
    // Paid here: not cancelled. Otherwise (refused, or completed meanwhile by the webhook) the order is read again.
    const [now] = outcome === 'paid' ? [] : await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    if (now?.status === 'cancelled') throw await cancelledError(order);
    // A full address typed at checkout goes into the buyer's address book (once), for the next checkout.
    // An order opened without a pincode was just paid to this address's: the completion found it served.
    if (outcome === 'paid' && typeof input.address !== 'number')
      await deps.addresses
        .remember(user.id, input.address, { served: order.deliveryPincode === null })
        .catch((err: unknown) => deps.log(err, 'saving the checkout address failed'));
    if (leftInCart > 0)
      return {
        ...confirmed,
        detail: `Payment verified. Your order is confirmed. ${pieces(leftInCart)} you added after starting the payment ${leftInCart === 1 ? 'was' : 'were'} not part of it and ${leftInCart === 1 ? 'is' : 'are'} still in your cart.`,
        items_left_in_cart: leftInCart,
      };
    return confirmed;
  }

  async function cancelPayment(user: Buyer, input: { cart_code: string; razorpay_order_id: string }): Promise<{ detail: string }> {
    const order = await ctx.ownOrder(user, input.razorpay_order_id);
    if (order.paymentStatus === 'captured' || (order.status !== 'pending' && order.status !== 'expired'))
      throw conflict(
        order.status === 'cancelled'
          ? 'This order was cancelled, so there is no payment to stop.'
          : 'This order is already paid, so there is no payment to stop. You can follow it in your order history.',
      );
    await deps.cart.requireCart(input.cart_code, user);
    // The order stays pending: a payment the provider confirms later still completes it. Its held
    // pieces go back meanwhile; paying again holds them again if they are still there.
    await ctx.paymentStopped(order.id, 'abandoned', ['created', 'attempted']);
    return { detail: 'Payment was not completed. You can try again.' };
  }

  /** A provider event, already verified. Returns what was done, for the log. */

  async function simulatePayment(user: Buyer, providerOrderId: string, outcome: 'captured' | 'failed') {
    const simulated = payments.simulated;
    if (!simulated) throw notFound('The simulated payment provider');
    // A quote's advance or balance is paid in the same window; its completion is the quotes' own (decision 0039).
    if (await deps.otherPayments?.payableBy(user.id, providerOrderId)) {
      const payment = await simulated.pay(providerOrderId, outcome);
      if (outcome === 'failed')
        return {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: payment.errorDescription ?? 'Payment failed',
            metadata: { order_id: providerOrderId, payment_id: payment.id },
          },
        };
      return { razorpay_payment_id: payment.id, razorpay_order_id: providerOrderId, razorpay_signature: payment.signature };
    }
    const order = await ctx.ownOrder(user, providerOrderId);
    if (order.status !== 'pending' && order.status !== 'expired')
      throw conflict(order.status === 'cancelled' ? 'This order was cancelled and can no longer be paid.' : 'This order is already paid.');
    const payment = await simulated.pay(order.providerOrderId, outcome);
    if (outcome === 'failed') {
      await ctx.paymentStopped(order.id, 'failed', ['created', 'attempted', 'abandoned', 'failed']);
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: payment.errorDescription ?? 'Payment failed',
          metadata: { order_id: order.providerOrderId, payment_id: payment.id },
        },
      };
    }
    await movePayment(db, order.id, 'attempted');
    return { razorpay_payment_id: payment.id, razorpay_order_id: order.providerOrderId, razorpay_signature: payment.signature };
  }

  return { verifyPayment, cancelPayment, simulatePayment };
}
