import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { SHIPPING_OPTIONS, type ShippingMethod } from '../../../contract/cart';
import { formatPaise } from '../../../contract/format';
import type { AddressSnapshot, CreateOrderResponse, OrderStatus } from '../../../contract/orders';
import { deliveryMessage, type DeliveryService } from '../../../contract/delivery';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { cartItems, carts, orderEvents, orderItems, orders, paymentEvents, productImages, products, stockHolds } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { paiseToDecimal } from '../../lib/money';
import type { Payments, ProviderPayment } from '../../lib/payments';
import { availableStock } from '../../lib/stock';
import type { AccountUser } from '../accounts/accounts.service';
import type { CartService } from '../cart/cart.service';
import { cartHolds, moveOrder, noteOrder, releaseHolds } from '../orders/order-state';
import type { OrdersService } from '../orders/orders.service';
import type { AddressesService, AddressFields } from './addresses.service';
import { toProviderPayment } from '../../lib/payments/razorpay';
import { createRefunder, recordRefund } from './refunds';
import { issueInvoice } from '../invoices/invoices.service';
import { invoiceAttachment } from '../invoices/invoice-mail';
import { promisedWindow } from '../orders/workshop';

type OrderRow = typeof orders.$inferSelect;
type Buyer = Pick<AccountUser, 'id' | 'email'>;

export const SHOP_NAME = 'Teakwood Studio';
const CART_CHANGED = 'Your cart has changed since the total was shown. Please review your cart and try again.';
const VERIFY_FAILED = 'Payment verification failed. Please contact support.';
/** How long ready-stock pieces stay held for a buyer who is paying (decision 0010). */
export const HOLD_MS = 20 * 60_000;
/** The advisory lock key of the reconciler: one process reconciles at a time. */
const RECONCILER_LOCK = 0x7eac_0001;
/** Orders that expired this recently are still asked about: a payment may have landed after all. */
const EXPIRED_RECHECK_MS = 24 * 3600_000;
const total = (paise: number) => formatPaise(paise, { decimals: 'always' });

function newOrderNumber(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const tail = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `TW-${day}-${tail}`;
}

export interface CheckoutDeps {
  payments: Payments;
  cart: CartService;
  addresses: AddressesService;
  orders: OrdersService;
  /** Prices delivery to the order's pincode and gives its window (decision 0030, delivery). */
  delivery: Pick<DeliveryService, 'quote' | 'lookup' | 'requireServed'>;
  mailer: Mailer;
  shopEmail: string;
  publicUrl: string;
  log: (err: unknown, message: string) => void;
  /** Stock moved: cached catalogue reads must be refreshed. */
  stockChanged: () => void;
  /** The seller on the tax invoice issued when an order is paid. */
  seller: Config['seller'];
  /** Runs a job in one process of the shop at a time (Database.exclusive). */
  exclusive?: <T>(key: number, fn: () => Promise<T>) => Promise<T | null>;
  holdMs?: number;
}

export type CompletionSource = 'checkout' | 'webhook' | 'reconciler';
type Outcome = 'paid' | 'oversold' | 'undeliverable' | 'refund' | 'already';

/** Sums quantities per product of lines (an order may hold one product in two finishes). */
function perProduct<T extends { productId: number | null; quantity: number }>(lines: T[]): Map<number, { quantity: number; line: T }> {
  const out = new Map<number, { quantity: number; line: T }>();
  for (const l of lines) {
    if (l.productId === null) continue;
    const seen = out.get(l.productId);
    out.set(l.productId, { quantity: (seen?.quantity ?? 0) + l.quantity, line: seen?.line ?? l });
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const { payments } = deps;
  const holdMs = deps.holdMs ?? HOLD_MS;
  const exclusive = deps.exclusive ?? (<T>(_key: number, fn: () => Promise<T>) => fn());
  const refunder = createRefunder(db, {
    gateway: payments.gateway,
    mailer: deps.mailer,
    shopEmail: deps.shopEmail,
    shopName: SHOP_NAME,
    log: deps.log,
  });
  const holdMinutes = Math.round(holdMs / 60_000);

  /** The cart's lines priced from the database, with the stock each may take. */
  async function pricedLines(cartId: number) {
    const rows = await db
      .select({
        productId: products.id,
        name: products.name,
        slug: products.slug,
        pricePaise: products.pricePaise,
        inStock: products.inStock,
        stockKind: products.stockKind,
        stockQuantity: products.stockQuantity,
        reservedQuantity: products.reservedQuantity,
        quantity: cartItems.quantity,
        finish: cartItems.finish,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(cartItems.productId), asc(cartItems.finish));
    return rows;
  }

  /** What a buyer who cannot have `wanted` pieces is told, before paying. */
  function shortMessage(
    name: string,
    p: { inStock: boolean; stockKind: 'made_to_order' | 'ready_stock'; stockQuantity: number; reservedQuantity: number },
  ): string {
    const available = availableStock(p);
    if (available > 0) return `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} in stock. Please change the quantity in your cart.`;
    if (p.inStock && p.stockKind === 'ready_stock' && p.stockQuantity > 0)
      return `${name} is sold out for now: the last ${pieces(p.stockQuantity)} ${p.stockQuantity === 1 ? 'is' : 'are'} held for buyers who are paying. Please remove it from your cart, or try again in ${holdMinutes} minutes.`;
    return `${name} is out of stock. Please remove it from your cart.`;
  }

  /**
   * A quick look before asking the provider for anything; the hold below is what the database guards.
   * Pieces the cart's own pending orders hold are the buyer's (`own`): they are not counted against them.
   */
  function checkStock(lines: Awaited<ReturnType<typeof pricedLines>>, own: Map<number, number>) {
    for (const { quantity, line } of perProduct(lines).values()) {
      const seen = { ...line, reservedQuantity: Math.max(line.reservedQuantity - (own.get(line.productId) ?? 0), 0) };
      const available = availableStock(seen);
      if (available <= 0 || (line.stockKind === 'ready_stock' && quantity > available)) throw conflict(shortMessage(line.name, seen));
    }
  }

  /**
   * Holds the ready-stock pieces of a pending order until `expiresAt` (or extends its holds). Each hold
   * is one guarded UPDATE (reserved + n <= stock, under the product's row lock), so of any number of
   * racing buyers exactly as many get a piece as there are pieces. Throws a 409 with a sentence when a
   * piece cannot be had. Returns whether a new hold was taken.
   */
  async function holdStock(tx: Tx, orderId: number, expiresAt: Date): Promise<boolean> {
    const lines = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity, productName: orderItems.productName })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const wanted = perProduct(lines);
    if (wanted.size === 0) return false;
    const [kinds, existing] = await Promise.all([
      tx
        .select({
          id: products.id,
          inStock: products.inStock,
          stockKind: products.stockKind,
          stockQuantity: products.stockQuantity,
          reservedQuantity: products.reservedQuantity,
        })
        .from(products)
        .where(inArray(products.id, [...wanted.keys()])),
      tx.select().from(stockHolds).where(eq(stockHolds.orderId, orderId)),
    ]);
    let taken = false;
    for (const [productId, { quantity, line }] of wanted) {
      const product = kinds.find((k) => k.id === productId);
      if (!product) throw conflict(`${line.productName} is no longer sold. Please remove it from your cart.`);
      if (product.stockKind === 'made_to_order') {
        if (!product.inStock) throw conflict(shortMessage(line.productName, product));
        continue;
      }
      const hold = existing.find((h) => h.productId === productId);
      if (hold?.state === 'held') {
        // Extended only while still held: a hold released meanwhile is taken again below.
        const renewed = await tx
          .update(stockHolds)
          .set({ expiresAt, updatedAt: new Date() })
          .where(and(eq(stockHolds.id, hold.id), eq(stockHolds.state, 'held')))
          .returning({ id: stockHolds.id });
        if (renewed.length > 0) continue;
      }
      const reserved = await tx
        .update(products)
        .set({ reservedQuantity: sql`${products.reservedQuantity} + ${quantity}`, updatedAt: new Date() })
        .where(
          and(
            eq(products.id, productId),
            eq(products.stockKind, 'ready_stock'),
            eq(products.inStock, true),
            sql`${products.stockQuantity} - ${products.reservedQuantity} >= ${quantity}`,
          ),
        )
        .returning({ id: products.id });
      if (reserved.length === 0) {
        const [now] = await tx
          .select({
            inStock: products.inStock,
            stockKind: products.stockKind,
            stockQuantity: products.stockQuantity,
            reservedQuantity: products.reservedQuantity,
          })
          .from(products)
          .where(eq(products.id, productId));
        throw conflict(shortMessage(line.productName, now ?? product));
      }
      taken = true;
      await tx
        .insert(stockHolds)
        .values({ orderId, productId, quantity, expiresAt, state: 'held' })
        .onConflictDoUpdate({
          target: [stockHolds.orderId, stockHolds.productId],
          set: { state: 'held', quantity, expiresAt, updatedAt: new Date() },
        });
    }
    await tx.update(orders).set({ expiresAt, updatedAt: new Date() }).where(eq(orders.id, orderId));
    return taken;
  }

  async function ownOrder(user: Buyer, providerOrderId: string): Promise<OrderRow> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.providerOrderId, providerOrderId), eq(orders.userId, user.id)));
    if (!row) throw notFound('This payment order');
    return row;
  }

  function paymentResponse(row: OrderRow): CreateOrderResponse {
    return {
      order_id: row.providerOrderId,
      razorpay_key: payments.gateway.keyId,
      amount: row.totalPaise,
      currency: 'INR',
      name: SHOP_NAME,
      description: `Order ${row.number}`,
      provider: payments.gateway.provider,
      shipping_method: row.shippingMethod as ShippingMethod,
      subtotal_amount: paiseToDecimal(row.subtotalPaise),
      shipping_amount: paiseToDecimal(row.shippingPaise),
      total_amount: paiseToDecimal(row.totalPaise),
      delivery_window: promisedWindow(row),
    };
  }

  async function sendPaidMails(orderId: number) {
    try {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) return;
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
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
      await deps.mailer.send({
        to: row.email,
        subject: `Order confirmed: ${row.number}`,
        text: `Thank you for your order!\n\n${summary}\n\nWe will write again as your furniture moves through the workshop.\nTrack it at ${deps.publicUrl}/orderstatus?number=${encodeURIComponent(row.number)}\n\n${SHOP_NAME}`,
        // The tax invoice issued when the order was paid, as a PDF (the mail goes without it if it cannot be drawn).
        attachments: await invoiceAttachment(db, orderId, 'invoice', deps.log),
      });
      await deps.mailer.send({
        to: deps.shopEmail,
        subject: `New order ${row.number}: ${total(row.totalPaise)}`,
        text: `A new order was paid (${row.provider} payment ${row.providerPaymentId ?? ''}).\nBuyer: ${row.email}\n\n${summary}`,
      });
    } catch (err) {
      deps.log(err, 'order e-mails failed');
    }
  }

  /**
   * Takes the order's pieces from stock for good: a held piece is converted (stock and reserved both go
   * down), a piece whose hold was released (expired, failed) is taken again if the shelf still has it.
   * Throws StockShort (after listing the short lines) so the caller's savepoint undoes every line: all or nothing.
   */
  async function takeStock(sp: Tx, orderId: number, short: string[]) {
    const lines = await sp.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const wanted = perProduct(lines);
    if (wanted.size === 0) return;
    const [kinds, holds] = await Promise.all([
      sp
        .select({ id: products.id, stockKind: products.stockKind })
        .from(products)
        .where(inArray(products.id, [...wanted.keys()])),
      sp.select().from(stockHolds).where(eq(stockHolds.orderId, orderId)),
    ]);
    for (const [productId, { quantity, line }] of wanted) {
      const hold = holds.find((h) => h.productId === productId && h.state === 'held');
      if (hold) {
        await sp
          .update(products)
          .set({
            stockQuantity: sql`${products.stockQuantity} - ${hold.quantity}`,
            reservedQuantity: sql`${products.reservedQuantity} - ${hold.quantity}`,
            updatedAt: new Date(),
          })
          .where(eq(products.id, productId));
        await sp.update(stockHolds).set({ state: 'sold', updatedAt: new Date() }).where(eq(stockHolds.id, hold.id));
        continue;
      }
      // Made to order (or no longer in the catalogue): made after the order, nothing to take.
      if (kinds.find((k) => k.id === productId)?.stockKind !== 'ready_stock') continue;
      const took = await sp
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}`, updatedAt: new Date() })
        .where(
          and(eq(products.id, productId), eq(products.inStock, true), sql`${products.stockQuantity} - ${products.reservedQuantity} >= ${quantity}`),
        )
        .returning({ id: products.id });
      if (took.length === 0) {
        short.push(line.productName);
        continue;
      }
      await sp
        .insert(stockHolds)
        .values({ orderId, productId, quantity, expiresAt: new Date(), state: 'sold' })
        .onConflictDoUpdate({ target: [stockHolds.orderId, stockHolds.productId], set: { state: 'sold', quantity, updatedAt: new Date() } });
    }
    if (short.length > 0) throw new StockShort();
  }

  /**
   * What was paid for leaves the cart. When the buyer added pieces (or raised a quantity) after the
   * payment started, those stay in the cart, which stays open: nothing unpaid is dropped silently.
   * Returns the number of pieces left in the cart.
   */
  async function settleCart(tx: Tx, cartId: number, orderId: number): Promise<number> {
    const [paid, inCart] = await Promise.all([
      tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)),
      tx.select().from(cartItems).where(eq(cartItems.cartId, cartId)),
    ]);
    const rest = inCart.map((c) => ({
      line: c,
      left: c.quantity - paid.filter((p) => p.productId === c.productId && p.finish === c.finish).reduce((s, p) => s + p.quantity, 0),
    }));
    const left = rest.reduce((s, r) => s + Math.max(r.left, 0), 0);
    if (left === 0) {
      await tx
        .update(carts)
        .set({ status: 'ordered', updatedAt: new Date() })
        .where(and(eq(carts.id, cartId), eq(carts.status, 'open')));
      return 0;
    }
    for (const r of rest) {
      if (r.left <= 0) await tx.delete(cartItems).where(eq(cartItems.id, r.line.id));
      else if (r.left !== r.line.quantity) await tx.update(cartItems).set({ quantity: r.left }).where(eq(cartItems.id, r.line.id));
    }
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
    await noteOrder(
      tx,
      orderId,
      'paid',
      `${pieces(left)} added to the cart after the payment started ${left === 1 ? 'was' : 'were'} not part of this order and stay in the buyer’s cart.`,
    );
    return left;
  }

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
        .where(and(eq(orderEvents.orderId, order.id), mentions(payment.id)))
        .limit(1);
      if (!noted)
        await noteOrder(
          db,
          order.id,
          order.status as OrderStatus,
          `Payment ${payment.id} of ${payment.amount} paise (${payment.currency}) does not match the order total; not accepted. Check it with the provider.`,
        );
      throw new AppError('invalid', 'Payment verification failed: the amount paid does not match the order. Please contact support.');
    }
    let leftInCart = 0;
    const { deliverTo, unserved, note } = await addressAtPayment(order, address);
    const promised = unserved ? null : await windowAtPayment(order, deliverTo);
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      // Rows are locked in the order createOrder locks them (cart, products, order), so the two never
      // wait on each other crosswise.
      if (order.cartId !== null) await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, order.cartId)).for('update');
      const [claimed] = await tx
        .update(orders)
        .set({
          paymentStatus: 'captured',
          providerPaymentId: payment.id,
          address: deliverTo,
          ...(promised ?? {}),
          paymentMethod: payment.method,
          cardNetwork: payment.cardNetwork,
          cardLast4: payment.cardLast4,
          paidAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending', 'expired']), sql`${orders.paymentStatus} <> 'captured'`))
        .returning({ status: orders.status });
      if (!claimed) return flagLatePayment(tx, order.id, payment);
      const from = claimed.status as 'pending' | 'expired';
      const via = source === 'checkout' ? '' : ` (confirmed by ${source === 'webhook' ? 'the provider’s notice' : 'a check with the provider'})`;
      if (note) await noteOrder(tx, order.id, from, note);
      /** The payment cannot buy the order: it is cancelled (its held pieces given back) and refunded in full. */
      const refuse = async (reason: string) => {
        await moveOrder(
          tx,
          order.id,
          from,
          'cancelled',
          `Payment ${payment.id} received${via}, but ${reason}. The payment is refunded in full through the provider.`,
        );
        await recordRefund(tx, { orderId: order.id, provider: order.provider, paymentId: payment.id, amountPaise: payment.amount, reason });
      };
      // Priced at the flat rates without an address (the spec's client), paid for a pincode the shop does not
      // deliver to: nobody pays for a piece that cannot reach them.
      if (unserved) {
        await refuse(`the shop does not deliver to pincode ${unserved}`);
        return 'undeliverable';
      }
      const short: string[] = [];
      try {
        await tx.transaction((sp) => takeStock(sp, order.id, short));
      } catch (err) {
        if (!(err instanceof StockShort)) throw err;
      }
      if (short.length > 0) {
        await refuse(`${short.join(', ')} sold out before the payment reached us`);
        return 'oversold';
      }
      await moveOrder(tx, order.id, from, 'paid', `Payment ${payment.id} received${via}.`);
      // The tax invoice is numbered in this transaction: a payment that does not commit leaves no gap.
      await issueInvoice(tx, order.id, deps.seller);
      if (order.cartId !== null) leftInCart = await settleCart(tx, order.cartId, order.id);
      return 'paid';
    });
    if (outcome !== 'already') deps.stockChanged();
    if (outcome === 'paid') await sendPaidMails(order.id);
    if (outcome === 'oversold' || outcome === 'undeliverable') {
      // The buyer may have closed the tab (webhook, reconciler): they hear about their money from us.
      const why =
        outcome === 'oversold'
          ? `an item of your order ${order.number} sold out before your payment reached us`
          : `we do not deliver to pincode ${unserved}, the address your order ${order.number} was paid with`;
      await deps.mailer
        .send({
          to: order.email,
          subject: `Your order ${order.number} could not be completed`,
          text: `We are sorry: ${why}.\n\nWe have asked our payment provider to refund your payment of ${total(order.totalPaise)} in full; a second e-mail confirms the refund. Nothing else is needed from you.\n\n${SHOP_NAME}`,
        })
        .catch((err: unknown) => deps.log(err, 'the notice of a refused payment failed'));
    }
    if (outcome === 'oversold' || outcome === 'undeliverable' || outcome === 'refund') await refunder.forOrder(order.id);
    return { outcome, leftInCart };
  }

  /**
   * The address a paid order keeps. An order priced and promised to a pincode keeps that address if the
   * payment names another pincode (its charge and window were for it); one opened without an address (the
   * spec's client) takes the payment's, unless the shop does not deliver there: then `unserved` names it.
   */
  async function addressAtPayment(
    order: OrderRow,
    address: AddressSnapshot | null,
  ): Promise<{ deliverTo: AddressSnapshot | null; unserved: string | null; note: string | null }> {
    const given = address ?? order.address;
    if (!given) return { deliverTo: null, unserved: null, note: null };
    if (order.deliveryPincode && order.address && given.postal_code !== order.deliveryPincode) {
      return {
        deliverTo: order.address,
        unserved: null,
        note: `The payment named another address (pincode ${given.postal_code}); the order keeps the address its delivery was priced for (pincode ${order.deliveryPincode}).`,
      };
    }
    if (order.deliveryPincode) return { deliverTo: given, unserved: null, note: null };
    try {
      await deps.delivery.requireServed(given.postal_code);
      return { deliverTo: given, unserved: null, note: null };
    } catch (err) {
      if (err instanceof AppError) return { deliverTo: given, unserved: given.postal_code, note: null };
      throw err;
    }
  }

  /**
   * An order opened without an address (the spec's client gives it only with the payment) was charged the
   * flat rates and promised no window: the window to the address it is paid with is kept now. A pincode the
   * shop does not serve promises nothing (the payment stands; the owner sees the pincode asked for).
   */
  async function windowAtPayment(order: OrderRow, address: AddressSnapshot | null) {
    if (order.deliveryFrom || !address) return null;
    try {
      const lines = await db
        .select({ productId: orderItems.productId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      const quote = await deps.delivery.quote({
        pincode: address.postal_code,
        lines: lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity }])),
        now: order.createdAt,
      });
      const window = quote.windows[order.shippingMethod as ShippingMethod];
      return window ? { deliveryFrom: window.from, deliveryTo: window.to, deliveryPincode: address.postal_code } : null;
    } catch {
      return null;
    }
  }

  /**
   * A captured payment that cannot complete the order (already paid by another payment, or cancelled)
   * is refunded through the provider, once: the refund row is keyed by the payment id.
   */
  async function flagLatePayment(tx: Tx, orderId: number, payment: ProviderPayment): Promise<'already' | 'refund'> {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!current || current.providerPaymentId === payment.id) return 'already';
    const cancelled = current.status === 'cancelled';
    const reason = cancelled ? 'the order had been cancelled before the payment arrived' : 'the order had already been paid by another payment';
    const fresh = await recordRefund(tx, { orderId, provider: current.provider, paymentId: payment.id, amountPaise: payment.amount, reason });
    if (!fresh) return 'already';
    if (cancelled && current.paymentStatus !== 'captured')
      await tx.update(orders).set({ paymentStatus: 'captured', providerPaymentId: payment.id, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await noteOrder(
      tx,
      orderId,
      current.status as OrderStatus,
      `Payment ${payment.id} of ${total(payment.amount)} received, but ${reason}. It is refunded in full through the provider.`,
    );
    return 'refund';
  }

  async function cancelledError(order: OrderRow): Promise<AppError> {
    const [last] = await db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'cancelled')))
      .orderBy(asc(orderEvents.id))
      .limit(1);
    const refund = `Your payment of ${total(order.totalPaise)} is being refunded in full through our payment provider; banks usually show it within 5–7 working days.`;
    const unserved = /does not deliver to pincode (\d{6})/.exec(last?.note ?? '');
    if (unserved) return conflict(`Sorry, we do not deliver to pincode ${unserved[1]}. ${refund}`);
    if (!last?.note.includes('sold out')) return conflict(`This order was cancelled. ${refund}`);
    const lines = await db.select({ name: orderItems.productName }).from(orderItems).where(eq(orderItems.orderId, order.id));
    return conflict(`Sorry, ${lines.map((l) => l.name).join(', ')} sold out before your payment reached us. ${refund}`);
  }

  /**
   * A failed or abandoned payment; the order stays open for another try. Only the buyer closing the
   * payment (abandoned) gives the held pieces back: after a failed attempt the buyer may still retry in
   * the same payment window, so the pieces stay held until the hold runs out.
   */
  async function paymentStopped(orderId: number, status: 'failed' | 'abandoned', onlyFrom: string[]) {
    const released = await db.transaction(async (tx) => {
      const changed = await tx
        .update(orders)
        .set({ paymentStatus: status, updatedAt: new Date() })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), inArray(orders.paymentStatus, onlyFrom)))
        .returning({ id: orders.id });
      return changed.length > 0 && status === 'abandoned' ? releaseHolds(tx, orderId) : 0;
    });
    if (released > 0) deps.stockChanged();
  }

  async function applyEvent(type: string, providerOrderId: string | null, paymentEntity: Record<string, unknown> | undefined): Promise<string> {
    if (!providerOrderId || !paymentEntity) return 'ignored';
    const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
    if (!order) return 'unknown order';
    const payment = toProviderPayment(paymentEntity);
    if (type === 'payment.failed') {
      await paymentStopped(order.id, 'failed', ['created', 'attempted', 'abandoned', 'failed']);
      return 'payment failed';
    }
    if (type === 'payment.captured' || type === 'order.paid') {
      try {
        return (await completePayment(order, payment, null, 'webhook')).outcome;
      } catch (err) {
        // The notice was stored and the mismatch noted for the owner; the provider need not resend it.
        if (err instanceof AppError && err.code === 'invalid') return 'amount mismatch';
        throw err;
      }
    }
    return 'ignored';
  }

  /** Pending orders past their hold become expired; their pieces go back to stock. */
  async function expireHolds(): Promise<number> {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, new Date()), sql`${orders.paymentStatus} <> 'captured'`))
      .orderBy(asc(orders.expiresAt))
      .limit(200);
    let expired = 0;
    for (const o of due) if (await expireOrder(o.id)) expired += 1;
    if (expired > 0) deps.stockChanged();
    return expired;
  }

  /**
   * Expires one pending order, only if its hold has still run out at the moment of the move: a buyer who
   * came back to pay after the expiry pass picked the order renewed it, and keeps it.
   */
  function expireOrder(orderId: number): Promise<boolean> {
    return db.transaction((tx) =>
      moveOrder(
        tx,
        orderId,
        'pending',
        'expired',
        `Not paid within ${holdMinutes} minutes; the pieces held for it went back to stock. A payment that still arrives completes it if they can be had, or is refunded.`,
        {},
        and(sql`${orders.expiresAt} < now()`, sql`${orders.paymentStatus} <> 'captured'`),
      ),
    );
  }

  /** Asks the provider about pending (and recently expired) orders and completes the paid ones. */
  async function checkWithProvider(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number }): Promise<number> {
    const now = Date.now();
    const candidates = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.provider, payments.gateway.provider),
          sql`${orders.paymentStatus} <> 'captured'`,
          or(
            and(
              eq(orders.status, 'pending'),
              lt(orders.createdAt, new Date(now - (options.olderThanMs ?? 5 * 60_000))),
              gt(orders.createdAt, new Date(now - (options.maxAgeMs ?? 7 * 24 * 3600_000))),
            ),
            and(eq(orders.status, 'expired'), gt(orders.expiresAt, new Date(now - EXPIRED_RECHECK_MS))),
          ),
        ),
      )
      // Pending orders first: many abandoned (expired) attempts must not crowd them out of a pass.
      .orderBy(sql`${orders.status} = 'pending' desc`, asc(orders.createdAt))
      .limit(Math.min(options.limit ?? 50, 200));
    let completed = 0;
    for (const order of candidates) {
      let found: ProviderPayment[];
      try {
        found = await payments.gateway.fetchOrderPayments(order.providerOrderId);
      } catch (err) {
        deps.log(err, `reconciling order ${order.number} failed`);
        // The provider is down or slow: asking about the next order would only wait out another timeout.
        if (err instanceof AppError && err.code === 'upstream_unavailable') break;
        continue;
      }
      const captured = found.filter((p) => p.status === 'captured');
      // A captured payment for the wrong amount is passed on too, so the owner gets a note about it.
      const best = captured.find((p) => p.amount === order.totalPaise && p.currency === 'INR') ?? captured[0];
      if (!best) continue;
      try {
        if ((await completePayment(order, { ...best, orderId: order.providerOrderId }, null, 'reconciler')).outcome !== 'already') completed += 1;
      } catch (err) {
        deps.log(err, `reconciling order ${order.number} failed`);
      }
    }
    return completed;
  }

  let reconciling: Promise<number | null> | null = null;

  /** One pass of the reconciler, in one process of the shop at a time; null when another is on it. */
  function reconcileOnce(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number }): Promise<number | null> {
    return exclusive(RECONCILER_LOCK, async () => {
      const completed = await checkWithProvider(options);
      await expireHolds();
      await refunder.retryDue();
      return completed;
    });
  }

  return {
    completePayment,
    /** Refunds still to be asked of the provider (tests; the reconciler calls it too). */
    retryRefunds: () => refunder.retryDue(),
    /** Asks the provider for the refunds written down for one order (the owner cancelled a paid order). */
    refundOrder: (orderId: number) => refunder.forOrder(orderId),
    expireHolds,
    /** One order of an expiry pass (the pass and tests). */
    expireOrder,

    async createOrder(
      user: Buyer,
      input: { cart_code: string; shipping_method?: ShippingMethod; amount?: number; address?: number | AddressFields; address_id?: number },
    ): Promise<CreateOrderResponse> {
      const cart = await deps.cart.requireCart(input.cart_code, user);
      const given = input.address ?? input.address_id;
      const address = given === undefined ? null : await deps.addresses.snapshot(user.id, given);
      const lines = await pricedLines(cart.id);
      if (lines.length === 0) throw conflict('Your cart is empty. Add something to it before checking out.');
      checkStock(
        lines,
        await cartHolds(
          db,
          cart.id,
          lines.map((l) => l.productId),
        ),
      );
      const subtotal = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
      // Delivery is priced by the server to the address's pincode (the flat rates without one); an
      // unserved pincode is refused here, before the provider is asked for anything.
      const quote = await deps.delivery.quote({
        pincode: address?.postal_code ?? null,
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      });
      const shippingFor = (m: ShippingMethod) => quote.prices[m];
      let method: ShippingMethod;
      if (input.shipping_method) {
        method = input.shipping_method;
        if (input.amount !== undefined && input.amount !== subtotal + shippingFor(method)) throw conflict(CART_CHANGED);
      } else if (input.amount !== undefined) {
        const match = SHIPPING_OPTIONS.find((o) => subtotal + shippingFor(o.id) === input.amount);
        if (!match) throw conflict(CART_CHANGED);
        method = match.id;
      } else {
        method = 'standard';
      }
      const shipping = shippingFor(method);
      const totalPaise = subtotal + shipping;
      const window = quote.windows[method];
      const fingerprint = createHash('sha256')
        .update(JSON.stringify({ method, lines: lines.map((l) => [l.productId, l.finish, l.quantity, l.pricePaise]) }))
        .digest('hex');

      const openOrder = async (tx: Tx) => {
        const [existing] = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.userId, user.id),
              eq(orders.cartId, cart.id),
              eq(orders.status, 'pending'),
              eq(orders.cartFingerprint, fingerprint),
              eq(orders.totalPaise, totalPaise),
              eq(orders.provider, payments.gateway.provider),
              sql`${orders.paymentStatus} <> 'captured'`,
            ),
          )
          .orderBy(desc(orders.id))
          .limit(1)
          // Locked: an expiry pass cannot end the order while its holds are being renewed.
          .for('update');
        return existing;
      };
      const images = await db
        .select({ productId: productImages.productId, image: productImages.image })
        .from(productImages)
        .where(
          inArray(
            productImages.productId,
            lines.map((l) => l.productId),
          ),
        )
        .orderBy(asc(productImages.position), asc(productImages.id));
      let held = false;
      const row = await db.transaction(async (tx) => {
        // Requests for the same cart (double click, two tabs) queue on the cart's row: the first one asks
        // the provider for an order, every later one finds that order. One cart, one provider order.
        const [locked] = await tx.select({ status: carts.status }).from(carts).where(eq(carts.id, cart.id)).for('update');
        // A payment completed while this request waited: the cart was ordered (or what was read was paid for).
        if (locked?.status !== 'open') throw conflict('This cart has just been ordered and paid. You can follow the order in your order history.');
        const [paidAlready] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.cartId, cart.id), eq(orders.cartFingerprint, fingerprint), eq(orders.paymentStatus, 'captured')))
          .limit(1);
        if (paidAlready) throw conflict(CART_CHANGED);
        const expiresAt = new Date(Date.now() + holdMs);
        const existing = await openOrder(tx);
        if (existing) {
          // The pieces are held again (or for longer) for the buyer coming back to pay.
          held = await holdStock(tx, existing.id, expiresAt);
          if (!address) return existing;
          const [updated] = await tx
            .update(orders)
            .set({
              address,
              deliveryPincode: quote.pincode,
              deliveryFrom: window?.from ?? null,
              deliveryTo: window?.to ?? null,
              updatedAt: new Date(),
            })
            .where(eq(orders.id, existing.id))
            .returning();
          return updated ?? existing;
        }
        const number = newOrderNumber();
        // The provider is asked for the server's total only; nothing the client sent reaches it.
        const providerOrder = await payments.gateway.createOrder({
          amount: totalPaise,
          currency: 'INR',
          receipt: number,
          notes: { order_number: number },
        });
        const [created] = await tx
          .insert(orders)
          .values({
            number,
            userId: user.id,
            cartId: cart.id,
            subtotalPaise: subtotal,
            shippingPaise: shipping,
            totalPaise,
            shippingMethod: method,
            provider: payments.gateway.provider,
            providerOrderId: providerOrder.id,
            cartFingerprint: fingerprint,
            address,
            deliveryPincode: quote.pincode,
            deliveryFrom: window?.from ?? null,
            deliveryTo: window?.to ?? null,
            email: user.email,
            expiresAt,
          })
          .returning();
        await tx.insert(orderItems).values(
          lines.map((l) => ({
            orderId: created!.id,
            productId: l.productId,
            productName: l.name,
            productSlug: l.slug,
            productImage: images.find((i) => i.productId === l.productId)?.image ?? null,
            quantity: l.quantity,
            finish: l.finish,
            unitPricePaise: l.pricePaise,
            totalPaise: l.pricePaise * l.quantity,
          })),
        );
        await noteOrder(tx, created!.id, 'pending', 'Order placed; awaiting payment.');
        // The cart's earlier payment attempts (another shipping method, another cart) end here: their
        // pieces are this order's now, and a payment that still arrives for one of them is refunded.
        const earlier = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.cartId, cart.id),
              eq(orders.status, 'pending'),
              sql`${orders.id} <> ${created!.id}`,
              sql`${orders.paymentStatus} <> 'captured'`,
            ),
          )
          .orderBy(asc(orders.id))
          .for('update');
        for (const old of earlier)
          await moveOrder(tx, old.id, 'pending', 'cancelled', `Replaced by order ${number}: the cart or the shipping method changed before paying.`);
        // A piece someone else holds or bought meanwhile: the whole transaction is undone and the buyer
        // told now, before paying (the unused provider order simply stays unpaid).
        held = await holdStock(tx, created!.id, expiresAt);
        return created!;
      });
      if (held) deps.stockChanged();
      return paymentResponse(row);
    },

    async verifyPayment(
      user: Buyer,
      input: {
        cart_code: string;
        razorpay_payment_id: string;
        razorpay_order_id: string;
        razorpay_signature: string;
        address: number | AddressFields;
      },
    ): Promise<{ detail: string; order_id: number; items_left_in_cart?: number }> {
      if (!/^[0-9a-f]{64}$/i.test(input.razorpay_signature))
        throw invalid({ razorpay_signature: ['The payment signature is not valid.'] }, VERIFY_FAILED);
      const order = await ownOrder(user, input.razorpay_order_id);
      const cart = await deps.cart.resolveCart(input.cart_code, user, false);
      const [orderCart] = order.cartId === null ? [] : await db.select().from(carts).where(eq(carts.id, order.cartId));
      const sameCart = orderCart !== undefined && (orderCart.cartCode === input.cart_code || orderCart.id === cart?.id);
      if (!sameCart || !payments.gateway.verifyPaymentSignature(order.providerOrderId, input.razorpay_payment_id, input.razorpay_signature))
        throw invalid({ razorpay_signature: ['The payment signature does not match this order.'] }, VERIFY_FAILED);

      const confirmed = { detail: 'Payment verified. Your order is confirmed.', order_id: order.id };
      if (order.paymentStatus === 'captured') {
        if (input.razorpay_payment_id !== order.providerPaymentId) {
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
        await paymentStopped(order.id, 'failed', ['created', 'attempted', 'abandoned', 'failed']);
        throw invalid({}, `Payment failed: ${payment.errorDescription ?? 'the bank declined it'}`);
      }
      if (payment.status !== 'captured')
        throw conflict('Your bank has not confirmed the payment yet. We will confirm your order by e-mail as soon as it does.');
      const { outcome, leftInCart } = await completePayment(order, payment, address, 'checkout');
      const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
      if (now?.status === 'cancelled') throw await cancelledError(order);
      // A full address typed at checkout goes into the buyer's address book (once), for the next checkout.
      if (outcome === 'paid' && typeof input.address !== 'number')
        await deps.addresses.remember(user.id, input.address).catch((err: unknown) => deps.log(err, 'saving the checkout address failed'));
      if (leftInCart > 0)
        return {
          ...confirmed,
          detail: `Payment verified. Your order is confirmed. ${pieces(leftInCart)} you added after starting the payment ${leftInCart === 1 ? 'was' : 'were'} not part of it and ${leftInCart === 1 ? 'is' : 'are'} still in your cart.`,
          items_left_in_cart: leftInCart,
        };
      return confirmed;
    },

    async cancelPayment(user: Buyer, input: { cart_code: string; razorpay_order_id: string }): Promise<{ detail: string }> {
      const order = await ownOrder(user, input.razorpay_order_id);
      if (order.paymentStatus === 'captured' || (order.status !== 'pending' && order.status !== 'expired'))
        throw conflict(
          order.status === 'cancelled'
            ? 'This order was cancelled, so there is no payment to stop.'
            : 'This order is already paid, so there is no payment to stop. You can follow it in your order history.',
        );
      await deps.cart.requireCart(input.cart_code, user);
      // The order stays pending: a payment the provider confirms later still completes it. Its held
      // pieces go back meanwhile; paying again holds them again if they are still there.
      await paymentStopped(order.id, 'abandoned', ['created', 'attempted']);
      return { detail: 'Payment was not completed. You can try again.' };
    },

    /** A provider event, already verified. Returns what was done, for the log. */
    async applyWebhook(rawBody: Buffer, signature: string, eventIdHeader: string | undefined): Promise<string> {
      if (!payments.gateway.verifyWebhookSignature(rawBody, signature)) throw new AppError('invalid', 'The webhook signature is not valid.');
      let event: { event?: unknown; payload?: { payment?: { entity?: Record<string, unknown> }; order?: { entity?: Record<string, unknown> } } };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new AppError('invalid', 'The request body is not valid JSON.');
      }
      const type = typeof event.event === 'string' ? event.event : 'unknown';
      const paymentEntity = event.payload?.payment?.entity;
      const orderEntity = event.payload?.order?.entity;
      const providerOrderId =
        (typeof paymentEntity?.order_id === 'string' ? paymentEntity.order_id : null) ??
        (typeof orderEntity?.id === 'string' ? orderEntity.id : null);
      const eventId = eventIdHeader?.trim() || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
      const fresh = await db
        .insert(paymentEvents)
        .values({ provider: payments.gateway.provider, eventId, type, providerOrderId, payload: event })
        .onConflictDoNothing({ target: paymentEvents.eventId })
        .returning({ id: paymentEvents.id });
      if (fresh.length === 0) return 'duplicate';
      try {
        return await applyEvent(type, providerOrderId, paymentEntity);
      } catch (err) {
        // Not applied (the database failed, say): forget the event so the provider's retry, which
        // our error answer asks for, is applied instead of being taken for a duplicate.
        await db
          .delete(paymentEvents)
          .where(eq(paymentEvents.id, fresh[0]!.id))
          .catch((cleanup: unknown) => deps.log(cleanup, 'forgetting a failed webhook event failed'));
        throw err;
      }
    },

    /**
     * Asks the provider about orders left pending (a lost webhook, a closed tab) and completes the paid
     * ones, expires the holds of orders not paid in time and retries refunds a failed call left pending.
     * A run still going here (a slow provider) is joined rather than started twice; a run going in another
     * process (the advisory lock) makes this one do nothing and resolve to null.
     */
    reconcilePendingOrders(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number } = {}): Promise<number | null> {
      reconciling ??= reconcileOnce(options).finally(() => {
        reconciling = null;
      });
      return reconciling;
    },

    /** The simulated checkout window's Pay / Fail buttons (development and tests only). */
    async simulatePayment(user: Buyer, providerOrderId: string, outcome: 'captured' | 'failed') {
      const simulated = payments.simulated;
      if (!simulated) throw notFound('The simulated payment provider');
      const order = await ownOrder(user, providerOrderId);
      if (order.status !== 'pending' && order.status !== 'expired')
        throw conflict(order.status === 'cancelled' ? 'This order was cancelled and can no longer be paid.' : 'This order is already paid.');
      const payment = await simulated.pay(order.providerOrderId, outcome);
      if (outcome === 'failed') {
        await paymentStopped(order.id, 'failed', ['created', 'attempted', 'abandoned', 'failed']);
        return {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: payment.errorDescription ?? 'Payment failed',
            metadata: { order_id: order.providerOrderId, payment_id: payment.id },
          },
        };
      }
      await db
        .update(orders)
        .set({ paymentStatus: 'attempted', updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), sql`${orders.paymentStatus} in ('created', 'abandoned', 'failed')`));
      return { razorpay_payment_id: payment.id, razorpay_order_id: order.providerOrderId, razorpay_signature: payment.signature };
    },
  };
}

class StockShort extends Error {}

/** Timeline notes naming a payment id: a plain substring test (a LIKE pattern would read `_` in ids as a wildcard). */
const mentions = (paymentId: string) => sql`strpos(${orderEvents.note}, ${paymentId}) > 0`;

export type CheckoutService = ReturnType<typeof createCheckoutService>;
