import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentRefusal } from '../../../contract/money';
import type { PincodePlace } from '../../../contract/delivery';
import type { AddressSnapshot } from '../../../contract/orders';
import type { Tx } from '../../db/client';
import { orderEvents, orderItems, orders } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import type { ProviderPayment } from '../../lib/payments';
import { pieces, throughProvider, total, type CheckoutContext, type CompletionSource, type OrderRow, type Outcome, modules } from './context';
import type { OrderMails } from './order-mails';

const { issueInvoice } = modules.invoices;
const { isCharged, movePayment, recordCharge, recordRefund } = modules.money;
const { moveOrder, noteOrder } = modules.orders;
const { takeForOrder } = modules.stock;

type OrderLine = typeof orderItems.$inferSelect;

/** The sentence of a refusal, for the owner's timeline (made from its facts). */
function refusalText(refusal: PaymentRefusal): string {
  return refusal.reason === 'unserved'
    ? `the shop does not deliver to pincode ${refusal.pincode}`
    : `${refusal.items.join(', ')} sold out before the payment reached us`;
}

/**
 * Completing a payment (decision 0037): a captured payment becomes a charge in the ledger and, in the same
 * transaction, the order paid (its payment status through PAYMENT_FLOW, its stage through the order table),
 * its pieces taken from stock, its tax invoice numbered and the cart settled. A payment that cannot buy the
 * order is charged and refunded in full: both are rows of the ledger.
 */
export function createPaymentCompletion(ctx: CheckoutContext, mails: OrderMails) {
  const { db, deps, refunder } = ctx;

  /**
   * Records a captured payment: in one transaction the order becomes paid with its address and payment
   * method, its held pieces leave stock and the cart is settled. An order past its hold (expired) is
   * completed the same way when its pieces can still be had. When they cannot, the order is cancelled and
   * the payment refunded through the provider (written down in the same transaction, asked right after,
   * retried by the reconciler). Safe to call from any number of racing callers: exactly one applies it.
   */
  async function completePayment(
    order: OrderRow,
    payment: ProviderPayment,
    address: AddressSnapshot | null,
    source: CompletionSource,
  ): Promise<{ outcome: Outcome; leftInCart: number }> {
    if (payment.status !== 'captured' || payment.orderId !== order.providerOrderId || !payment.id) return { outcome: 'already', leftInCart: 0 };
    if (payment.amount !== order.totalPaise || payment.currency !== 'INR') {
      const [noted] = await db
        .select({ id: orderEvents.id })
        .from(orderEvents)
        .where(
          and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'amount_mismatch'), sql`${orderEvents.data}->>'payment_id' = ${payment.id}`),
        )
        .limit(1);
      if (!noted)
        await noteOrder(
          db,
          order.id,
          order.status,
          `Payment ${payment.id} of ${payment.amount} paise (${payment.currency}) does not match the order total; not accepted. Check it with the provider.`,
          'amount_mismatch',
          { payment_id: payment.id, amount_paise: payment.amount },
        );
      throw new AppError('invalid', 'Payment verification failed: the amount paid does not match the order. Please contact support.');
    }
    let leftInCart = 0;
    // The order's lines, read once for the window, the stock and the cart (they never change once it is made).
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const { deliverTo, unserved, kept, served } = await addressAtPayment(order, address);
    const promised = unserved ? null : await windowAtPayment(order, lines, deliverTo, served);
    let refusal: PaymentRefusal | null = null;
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      // Rows are locked in the order createOrder locks them (cart, products, order), so the two never
      // wait on each other crosswise.
      if (order.cartId !== null) await deps.cart.lock(tx, order.cartId);
      const claimed = await movePayment(tx, order.id, 'captured', {
        changes: {
          address: deliverTo,
          ...(promised ?? {}),
          paymentMethod: payment.method,
          cardNetwork: payment.cardNetwork,
          cardLast4: payment.cardLast4,
          paidAt: new Date(),
        },
        onlyIf: inArray(orders.status, ['pending', 'expired']),
      });
      if (!claimed) return flagLatePayment(tx, order.id, payment);
      await recordCharge(tx, {
        orderId: order.id,
        provider: throughProvider(order).provider,
        providerOrderId: throughProvider(order).providerOrderId,
        paymentId: payment.id,
        amountPaise: payment.amount,
      });
      const from = claimed.status === 'expired' ? 'expired' : 'pending';
      const via = source === 'checkout' ? '' : ` (confirmed by ${source === 'webhook' ? 'the provider’s notice' : 'a check with the provider'})`;
      if (kept)
        await noteOrder(
          tx,
          order.id,
          from,
          `The payment named another address (pincode ${kept.given}); the order keeps the address its delivery was priced for (pincode ${kept.kept}).`,
          'address_kept',
          { pincode: kept.given, kept_pincode: kept.kept },
        );
      /** The payment cannot buy the order: it is cancelled (its held pieces given back) and refunded in full. */
      const refuse = async (why: PaymentRefusal) => {
        refusal = why;
        const reason = refusalText(why);
        await moveOrder(
          tx,
          order.id,
          from,
          'cancelled',
          `Payment ${payment.id} received${via}, but ${reason}. The payment is refunded in full through the provider.`,
          {},
          undefined,
          { payment_id: payment.id, refusal: why, source },
        );
        await recordRefund(tx, { orderId: order.id, paymentId: payment.id, reason });
      };
      // Priced at the flat rates without an address (the spec's client), paid for a pincode the shop does not
      // deliver to: nobody pays for a piece that cannot reach them.
      if (unserved) {
        await refuse({ reason: 'unserved', pincode: unserved });
        return 'undeliverable';
      }
      const short = await takeForOrder(tx, order.id, { lines, allOrNothing: true });
      if (short.length > 0) {
        await refuse({ reason: 'sold_out', items: short });
        return 'oversold';
      }
      await moveOrder(tx, order.id, from, 'paid', `Payment ${payment.id} received${via}.`);
      // The tax invoice is numbered in this transaction: a payment that does not commit leaves no gap.
      await issueInvoice(tx, order.id, deps.seller);
      if (order.cartId !== null) leftInCart = await settleCart(tx, order.cartId, order.id, lines);
      return 'paid';
    });
    if (outcome !== 'already') deps.stockChanged();
    if (outcome === 'paid') {
      const queue = deps.queuePaidMails;
      // A queue that cannot take the job now: the e-mails go out before the answer, as without one.
      if (queue)
        await queue(order.id).catch((err: unknown) => (deps.log(err, 'the order e-mails could not be queued; sent now'), mails.paidNow(order.id)));
      else await mails.paidNow(order.id);
    }
    if (refusal)
      await mails.refused(
        order,
        (refusal as PaymentRefusal).reason === 'sold_out'
          ? `an item of your order ${order.number} sold out before your payment reached us`
          : `we do not deliver to pincode ${unserved}, the address your order ${order.number} was paid with`,
      );
    if (outcome === 'oversold' || outcome === 'undeliverable' || outcome === 'refund') await refunder.forOrder(order.id);
    return { outcome, leftInCart };
  }

  /**
   * What was paid for leaves the cart (the cart module settles it). When the buyer added pieces (or raised a
   * quantity) after the payment started, those stay in the cart, which stays open: nothing unpaid is dropped
   * silently. Returns the number of pieces left in the cart.
   */
  async function settleCart(tx: Tx, cartId: number, orderId: number, paid: OrderLine[]): Promise<number> {
    const left = await deps.cart.settle(tx, cartId, paid);
    if (left > 0)
      await noteOrder(
        tx,
        orderId,
        'paid',
        `${pieces(left)} added to the cart after the payment started ${left === 1 ? 'was' : 'were'} not part of this order and stay in the buyer’s cart.`,
        'cart_leftover',
        { pieces: left },
      );
    return left;
  }

  /**
   * The address a paid order keeps. An order priced and promised to a pincode keeps that address if the
   * payment names another pincode (its charge and window were for it); one opened without an address (the
   * spec's client) takes the payment's, unless the shop does not deliver there: then `unserved` names it.
   */
  async function addressAtPayment(
    order: OrderRow,
    address: AddressSnapshot | null,
  ): Promise<{
    deliverTo: AddressSnapshot | null;
    unserved: string | null;
    kept: { given: string; kept: string } | null;
    /** The place found served just now, when it was asked (the window's quote does not ask again). */
    served?: PincodePlace;
  }> {
    const given = address ?? order.address;
    if (!given) return { deliverTo: null, unserved: null, kept: null };
    if (order.deliveryPincode && order.address && given.postal_code !== order.deliveryPincode)
      return { deliverTo: order.address, unserved: null, kept: { given: given.postal_code, kept: order.deliveryPincode } };
    if (order.deliveryPincode) return { deliverTo: given, unserved: null, kept: null };
    try {
      const served = await deps.delivery.requireServed(given.postal_code);
      return { deliverTo: given, unserved: null, kept: null, served };
    } catch (err) {
      if (err instanceof AppError) return { deliverTo: given, unserved: given.postal_code, kept: null };
      throw err;
    }
  }

  /**
   * An order opened without an address (the spec's client gives it only with the payment) was charged the
   * flat rates and promised no window: the window to the address it is paid with is kept now. A pincode the
   * shop does not serve promises nothing (the payment stands; the owner sees the pincode asked for).
   */
  async function windowAtPayment(order: OrderRow, lines: OrderLine[], address: AddressSnapshot | null, served?: PincodePlace) {
    if (order.deliveryFrom || !address) return null;
    try {
      const quote = await deps.delivery.quote({
        pincode: address.postal_code,
        lines: lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity }])),
        now: order.createdAt,
        served,
      });
      const window = quote.windows[order.shippingMethod];
      return window ? { deliveryFrom: window.from, deliveryTo: window.to, deliveryPincode: address.postal_code } : null;
    } catch {
      return null;
    }
  }

  /**
   * A captured payment that cannot complete the order (already paid by another payment, or cancelled) is
   * charged and refunded through the provider, once: both ledger rows are keyed by the payment id.
   */
  async function flagLatePayment(tx: Tx, orderId: number, payment: ProviderPayment): Promise<'already' | 'refund'> {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!current || (await isCharged(tx, payment.id))) return 'already';
    const cancelled = current.status === 'cancelled';
    const reason = cancelled ? 'the order had been cancelled before the payment arrived' : 'the order had already been paid by another payment';
    await recordCharge(tx, {
      orderId,
      provider: throughProvider(current).provider,
      providerOrderId: throughProvider(current).providerOrderId,
      paymentId: payment.id,
      amountPaise: payment.amount,
    });
    const fresh = await recordRefund(tx, { orderId, paymentId: payment.id, reason });
    if (!fresh) return 'already';
    if (cancelled) await movePayment(tx, orderId, 'captured');
    await noteOrder(
      tx,
      orderId,
      current.status,
      `Payment ${payment.id} of ${total(payment.amount)} received, but ${reason}. It is refunded in full through the provider.`,
      'late_payment',
      { payment_id: payment.id, amount_paise: payment.amount, late: cancelled ? 'cancelled' : 'paid_already' },
    );
    return 'refund';
  }

  /** What a buyer whose payment could not buy the order is told: made from the cancellation's facts. */
  async function cancelledError(order: OrderRow): Promise<AppError> {
    const [first] = await db
      .select({ kind: orderEvents.kind, data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'cancelled')))
      .orderBy(asc(orderEvents.id))
      .limit(1);
    const refund = `Your payment of ${total(order.totalPaise)} is being refunded in full through our payment provider; banks usually show it within 5–7 working days.`;
    const refusal = first?.kind === 'payment_refused' ? first.data.refusal : undefined;
    if (refusal?.reason === 'unserved') return conflict(`Sorry, we do not deliver to pincode ${refusal.pincode}. ${refund}`);
    if (refusal?.reason !== 'sold_out') return conflict(`This order was cancelled. ${refund}`);
    const lines = await db.select({ name: orderItems.productName }).from(orderItems).where(eq(orderItems.orderId, order.id));
    return conflict(`Sorry, ${lines.map((l) => l.name).join(', ')} sold out before your payment reached us. ${refund}`);
  }

  return {
    completePayment: (...args: Parameters<typeof completePayment>) => ctx.turns.completing(() => completePayment(...args)),
    cancelledError,
  };
}

export type PaymentCompletion = ReturnType<typeof createPaymentCompletion>;
