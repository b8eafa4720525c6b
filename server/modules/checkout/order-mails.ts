import { and, eq } from 'drizzle-orm';
import { deliveryMessage } from '../../../contract/delivery';
import { DISPATCH_TEXT } from '../../../contract/lead-time';
import { emailOutbox, orderItems, orders } from '../../db/schema';
import { SHOP_NAME, total, type CheckoutContext, type OrderRow, modules } from './context';

const { invoiceAttachment } = modules.invoices;
const { isMadeToOrder } = modules.orders;
const { keptPaymentId } = modules.money;

/**
 * What the buyer hears next: an order with a piece made to order goes through the workshop's queue; one of
 * ready-stock pieces only is dispatched from the shelf within the policy's days (as the confirmation page says).
 */
export function nextStepText(madeToOrder: boolean): string {
  return madeToOrder
    ? 'Your order is in our workshop’s queue. We will write again as your furniture moves through the workshop.'
    : `Your order is ready on our shelves and will be ${DISPATCH_TEXT}. We will write again when it leaves us.`;
}

/** The e-mails checkout sends: an order confirmed, and an order a payment could not buy. */
export function createOrderMails({ db, deps }: CheckoutContext) {
  /**
   * The buyer's confirmation (with the tax invoice) and the shop's notice of a paid order. Throws when they could
   * not be written (the database, the mailer): the job is then tried again, and each e-mail is sent once.
   */
  async function paid(orderId: number) {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) return;
    // A job run again (its process stopped mid-way) does not confirm the order twice.
    const subject = `Order confirmed: ${row.number}`;
    const noticeSubject = `New order ${row.number}: ${total(row.totalPaise)}`;
    const sent = async (to: string, withSubject: string) =>
      (
        await db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, to), eq(emailOutbox.subject, withSubject)))
          .limit(1)
      ).length > 0;
    const buyerSent = await sent(row.email, subject);
    if (buyerSent && (await sent(deps.shopEmail, noticeSubject))) return;
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const madeToOrder = await isMadeToOrder(db, orderId);
    const a = row.address;
    const itemText = lines.map((l) => `  ${l.quantity} × ${l.productName}${l.finish ? ` (${l.finish})` : ''}: ${total(l.totalPaise)}`).join('\n');
    const addressText = a
      ? [`${a.first_name} ${a.last_name}`, a.address_line1, a.address_line2, `${a.city}, ${a.state} ${a.postal_code}`, a.country, a.phone]
          .filter(Boolean)
          .join('\n  ')
      : '(to be confirmed)';
    const summary = [
      `Order ${row.number}`,
      itemText,
      `Subtotal: ${total(row.subtotalPaise)}`,
      `Shipping (${row.shippingMethod}): ${total(row.shippingPaise)}`,
      `Total paid: ${total(row.totalPaise)}`,
      ``,
      `Deliver to:\n  ${addressText}`,
      ...(row.deliveryFrom && row.deliveryTo && row.deliveryPincode
        ? [
            '',
            deliveryMessage(
              row.deliveryPincode,
              (await deps.delivery.lookup(row.deliveryPincode))?.city ?? (a?.city || row.deliveryPincode),
              row.deliveryFrom,
              row.deliveryTo,
            ),
          ]
        : []),
    ].join('\n');
    if (!buyerSent)
      await deps.mailer.send({
        to: row.email,
        subject,
        text: `Thank you for your order!\n\n${summary}\n\n${nextStepText(madeToOrder)}\nTrack it at ${deps.publicUrl}/orderstatus?number=${encodeURIComponent(row.number)}\n\n${SHOP_NAME}`,
        // The tax invoice issued when the order was paid, as a PDF (the mail goes without it if it cannot be drawn).
        attachments: await invoiceAttachment(db, orderId, 'invoice', deps.log),
      });
    await deps.mailer.send({
      to: deps.shopEmail,
      subject: noticeSubject,
      text: `A new order was paid (${row.provider} payment ${(await keptPaymentId(db, orderId)) ?? ''}).\nBuyer: ${row.email}\n\n${summary}`,
    });
  }

  /** The same, sent before the buyer's answer where no queue takes them: a failure is logged, never the answer's. */
  async function paidNow(orderId: number) {
    await paid(orderId).catch((err: unknown) => deps.log(err, 'order e-mails failed'));
  }

  /** The buyer may have closed the tab (webhook, reconciler): they hear about their money from us. */
  async function refused(order: OrderRow, why: string) {
    await deps.mailer
      .send({
        to: order.email,
        subject: `Your order ${order.number} could not be completed`,
        text: `We are sorry: ${why}.\n\nWe have asked our payment provider to refund your payment of ${total(order.totalPaise)} in full; a second e-mail confirms the refund. Nothing else is needed from you.\n\n${SHOP_NAME}`,
      })
      .catch((err: unknown) => deps.log(err, 'the notice of a refused payment failed'));
  }

  return { paid, paidNow, refused };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
