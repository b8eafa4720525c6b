import { and, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse, OrderStage } from '../../contract/orders';
import { categories, emailOutbox, invoices, orders, products } from '../../server/db/schema';
import type { TestApp } from '../support/app';
import type { FakeRazorpay } from '../support/fake-razorpay';
import { ADDRESS, client, stockedProduct, type newBuyer } from './checkout-helpers';

export type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/** After the sale's tests (decision 0038): orders paid through the fake Razorpay and moved by the owner's API. */
export function afterSaleKit(t: TestApp, fake: FakeRazorpay, ownerToken: string) {
  const owner = client(t, ownerToken);

  /** A buyer's paid order of one piece: ready to ship (stock counted) or made to order; furniture unless `hsn` says otherwise. */
  async function paidOrder(buyer: Buyer, index: number, options: { price: number; madeToOrder?: boolean; hsn?: string; quantity?: number }) {
    const piece = await stockedProduct(t, index, { price: options.price, stock: 5 });
    if (options.madeToOrder) await t.database.db.update(products).set({ stockKind: 'made_to_order' }).where(eq(products.id, piece.id));
    if (options.hsn) {
      const [category] = await t.database.db
        .insert(categories)
        .values({ name: `Decor ${newCartCode(6)}`, slug: `decor-${newCartCode(8).toLowerCase()}`, hsnCode: options.hsn, gstRateBp: 1200 })
        .returning();
      await t.database.db.update(products).set({ categoryId: category!.id }).where(eq(products.id, piece.id));
    }
    t.services.catalog.invalidate();
    const code = newCartCode();
    const added = await buyer.api.post('/api/add_item/', { cart_code: code, product_id: piece.id, quantity: options.quantity ?? 1 });
    expect(added.statusCode, added.body).toBe(201);
    const created = await buyer.api.post('/api/create_order/', { cart_code: code });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<CreateOrderResponse>();
    const { response } = fake.pay(order.order_id);
    const paid = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...response, address: ADDRESS });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, order.order_id));
    // The order's payment is its charge's (decision 0045): the one the buyer paid.
    return { piece, row: { ...row!, paymentId: response.razorpay_payment_id } };
  }

  /** The owner moves an order along its road. */
  async function moveTo(orderId: number, stages: OrderStage[]) {
    for (const stage of stages) {
      const body = stage === 'shipped' ? { stage, carrier: 'Safexpress', tracking_number: 'SX123', eway_bill_number: '331012345678' } : { stage };
      const res = await owner.post(`/api/admin/orders/${orderId}/status/`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  const providerRefunds = (paymentId: string) => [...fake.refunds.values()].filter((r) => r.payment_id === paymentId);
  const creditNotes = (orderId: number) =>
    t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')));
  const mails = (to: string, subject: string) =>
    t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, `%${subject}%`)));

  return { owner, paidOrder, moveTo, providerRefunds, creditNotes, mails };
}
