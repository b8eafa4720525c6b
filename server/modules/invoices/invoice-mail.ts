import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import type { MailAttachment } from '../../lib/mailer';
import { renderInvoicePdf } from './invoice-pdf';
import { referencesOf, type InvoiceKind } from './invoices.service';

/**
 * The PDF of an order's invoice (or credit note) to attach to its e-mail, rendered when the mail is queued.
 * None when the order has no such document; a rendering failure is logged and the mail goes without it.
 */
export async function invoiceAttachment(
  db: Db,
  orderId: number,
  kind: InvoiceKind,
  log: (err: unknown, message: string) => void,
  /** A refund: its own credit note, or its refund voucher when an advance was refunded before any invoice. */
  refundId?: number,
): Promise<MailAttachment[]> {
  try {
    const [row] = await db
      .select({ invoice: invoices, orderNumber: orders.number })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(
        and(
          eq(invoices.orderId, orderId),
          refundId === undefined
            ? eq(invoices.kind, kind)
            : and(inArray(invoices.kind, ['credit_note', 'refund_voucher']), eq(invoices.refundId, refundId)),
        ),
      )
      .limit(1);
    if (!row) return [];
    const content = await renderInvoicePdf(row.invoice, row.orderNumber, await referencesOf(db, row.invoice));
    return [{ filename: `${row.invoice.number.replace(/\//g, '-')}.pdf`, contentType: 'application/pdf', content }];
  } catch (err) {
    log(err, `the ${kind.replace('_', ' ')} of order ${orderId} could not be rendered; the e-mail goes without it`);
    return [];
  }
}
