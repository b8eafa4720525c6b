import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, paymentEvents, quotePayments } from '../../db/schema';
import { AppError } from '../errors';
import { hmacHex, paymentSignature, signatureMatches, type PaymentGateway, type ProviderPayment, type ProviderRefund } from './gateway';

const PAYMENT_TYPE = 'simulated.payment';
const REFUND_TYPE = 'simulated.refund';

export type SimulatedGateway = PaymentGateway & {
  /** What the simulated checkout window does when the buyer presses Pay or Fail. */
  pay(orderId: string, outcome: 'captured' | 'failed'): Promise<ProviderPayment & { signature: string }>;
};

/**
 * The built-in provider for development and offline demos (config refuses it in production). It keeps
 * its payments in the database, never in memory, so several app processes agree on them.
 */
export function createSimulatedGateway(db: Db, options: { jwtSecret: string; webhookSecret?: string }): SimulatedGateway {
  // A separate key derived from the JWT secret, so a signature can never double as anything else.
  const secret = hmacHex(options.jwtSecret, 'teakwood simulated payments v1');

  async function storedPayments(where: ReturnType<typeof eq>): Promise<ProviderPayment[]> {
    const rows = await db
      .select({ payload: paymentEvents.payload })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'simulated'), eq(paymentEvents.type, PAYMENT_TYPE), where));
    return rows.map((r) => r.payload as ProviderPayment);
  }

  const gateway: SimulatedGateway = {
    provider: 'simulated',
    keyId: 'simulated',
    async createOrder() {
      // Our own order row (written right after this) is the simulated provider's record of the order.
      return { id: `order_sim${randomBytes(9).toString('hex')}`, amount: 0, currency: 'INR', status: 'created' };
    },
    async fetchOrder(orderId) {
      const [row] = await db.select({ total: orders.totalPaise, currency: orders.currency }).from(orders).where(eq(orders.providerOrderId, orderId));
      if (!row) throw new AppError('upstream_error', 'The payment provider does not know this order.');
      const captured = (await storedPayments(eq(paymentEvents.providerOrderId, orderId))).some((p) => p.status === 'captured');
      return { id: orderId, amount: row.total, currency: row.currency, status: captured ? 'paid' : 'created' };
    },
    async fetchPayment(paymentId) {
      const [payment] = await storedPayments(eq(paymentEvents.eventId, paymentId));
      if (!payment) throw new AppError('upstream_error', 'The payment provider refused the request: the payment id does not exist.');
      return payment;
    },
    fetchOrderPayments(orderId) {
      return storedPayments(eq(paymentEvents.providerOrderId, orderId));
    },
    async refund(paymentId, amount, _notes, key) {
      const eventId = !key || key === `full:${paymentId}` ? `refund:${paymentId}` : `refund:${key}`;
      const payment = await gateway.fetchPayment(paymentId);
      if (payment.status !== 'captured')
        throw new AppError('upstream_error', 'The payment provider refused the request: only a captured payment can be refunded.');
      if (amount > payment.amount)
        throw new AppError('upstream_error', 'The payment provider refused the request: the refund is larger than the payment.');
      // One refund per key, kept beside the payments: asking again returns the same refund.
      const refund: ProviderRefund = { id: `rfnd_sim${randomBytes(9).toString('hex')}`, paymentId, amount, status: 'processed' };
      await db
        .insert(paymentEvents)
        .values({ provider: 'simulated', eventId, type: REFUND_TYPE, providerOrderId: payment.orderId, payload: refund })
        .onConflictDoNothing({ target: paymentEvents.eventId });
      const [stored] = await db
        .select({ payload: paymentEvents.payload })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.eventId, eventId), eq(paymentEvents.type, REFUND_TYPE)));
      return stored!.payload as ProviderRefund;
    },
    verifyPaymentSignature(orderId, paymentId, signature) {
      return signatureMatches(paymentSignature(secret, orderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      if (!options.webhookSecret) return false;
      return signatureMatches(hmacHex(options.webhookSecret, rawBody), signature);
    },
    async pay(orderId, outcome) {
      // A quote's advance or an order's balance (decision 0039) is its own provider order, priced in quote_payments.
      const [part] = await db.select({ total: quotePayments.amountPaise }).from(quotePayments).where(eq(quotePayments.providerOrderId, orderId));
      const [row] = part
        ? [{ total: part.total, currency: 'INR' }]
        : await db.select({ total: orders.totalPaise, currency: orders.currency }).from(orders).where(eq(orders.providerOrderId, orderId));
      if (!row) throw new AppError('not_found', 'This payment order was not found.');
      const payment: ProviderPayment = {
        id: `pay_sim${randomBytes(9).toString('hex')}`,
        orderId,
        amount: row.total,
        currency: row.currency,
        status: outcome,
        errorDescription: outcome === 'failed' ? 'The simulated bank declined the payment.' : null,
        // The simulated window asks for no card: the payment is recorded as what it is, a test payment.
        method: 'simulated',
        cardNetwork: null,
        cardLast4: null,
      };
      await db
        .insert(paymentEvents)
        .values({ provider: 'simulated', eventId: payment.id, type: PAYMENT_TYPE, providerOrderId: orderId, payload: payment });
      return { ...payment, signature: paymentSignature(secret, orderId, payment.id) };
    },
  };
  return gateway;
}
