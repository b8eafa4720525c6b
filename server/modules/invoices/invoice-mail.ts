import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import type { MailAttachment } from '../../lib/mailer';
import { renderInvoicePdf } from './invoice-pdf';

type InvoiceKind = 'invoice' | 'credit_note' | 'receipt_voucher';

/**
 * The PDF of an order's invoice (or credit note) to attach to its e-mail, rendered when the mail is queued.
 * None when the order has no such document; a rendering failure is logged and the mail goes without it.
 */
export async function invoiceAttachment(
  db: Db,
  orderId: number,
  kind: InvoiceKind,
  log: (err: unknown, message: string) => void,
  /** A credit note's refund: each refund has its own. */
  refundId?: number,
): Promise<MailAttachment[]> {
  try {
    const [row] = await db
      .select({ invoice: invoices, orderNumber: orders.number })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind), refundId === undefined ? undefined : eq(invoices.refundId, refundId)))
      .limit(1);
    if (!row) return [];
    const content = await renderInvoicePdf(row.invoice, row.orderNumber);
    return [{ filename: `${row.invoice.number.replace(/\//g, '-')}.pdf`, contentType: 'application/pdf', content }];
  } catch (err) {
    log(err, `the ${kind.replace('_', ' ')} of order ${orderId} could not be rendered; the e-mail goes without it`);
    return [];
  }
}
