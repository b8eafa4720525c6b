import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { SHIPPING_OPTIONS, type ShippingMethod } from '../../../contract/cart';
import type { AddressSnapshot, CreateOrderResponse, OrderStatus } from '../../../contract/orders';
import type { Db, Tx } from '../../db/client';
import { cartItems, carts, orderEvents, orderItems, orders, paymentEvents, productImages, products } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { paiseToDecimal } from '../../lib/money';
import type { Payments, ProviderPayment } from '../../lib/payments';
import type { AccountUser } from '../accounts/accounts.service';
import { availableStock, type CartService } from '../cart/cart.service';
import { moveOrder, noteOrder } from '../orders/order-state';
import type { OrdersService } from '../orders/orders.service';
import type { AddressesService, AddressFields } from './addresses.service';

type OrderRow = typeof orders.$inferSelect;
type Buyer = Pick<AccountUser, 'id' | 'email'>;

export const SHOP_NAME = 'Teakwood Studio';
const CART_CHANGED = 'Your cart has changed since the total was shown. Please review your cart and try again.';
const VERIFY_FAILED = 'Payment verification failed. Please contact support.';
const shippingPaise = (method: ShippingMethod) => SHIPPING_OPTIONS.find((o) => o.id === method)!.price * 100;

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
  mailer: Mailer;
  shopEmail: string;
  publicUrl: string;
  log: (err: unknown, message: string) => void;
  /** Stock moved: cached catalogue reads must be refreshed. */
  stockChanged: () => void;
}

export type CompletionSource = 'checkout' | 'webhook' | 'reconciler';

export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const { payments } = deps;

  /** The cart's lines priced from the database, with the stock each may take. */
  async function pricedLines(cartId: number) {
    const rows = await db
      .select({
        productId: products.id,
        name: products.name,
        slug: products.slug,
        pricePaise: products.pricePaise,
        inStock: products.inStock,
        stockQuantity: products.stockQuantity,
        quantity: cartItems.quantity,
        finish: cartItems.finish,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(cartItems.productId), asc(cartItems.finish));
    return rows;
  }

  function checkStock(lines: Awaited<ReturnType<typeof pricedLines>>) {
    const wanted = new Map<number, number>();
    for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
    for (const l of lines) {
      const available = availableStock(l);
      if (available <= 0) throw conflict(`${l.name} is out of stock. Please remove it from your cart.`);
      const want = wanted.get(l.productId)!;
      if (want > available)
        throw conflict(`Only ${available} of ${l.name} ${available === 1 ? 'is' : 'are'} in stock. Please change the quantity in your cart.`);
    }
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
    };
  }

  async function sendPaidMails(orderId: number) {
    try {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) return;
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      const a = row.address;
      const itemText = lines
        .map((l) => `  ${l.quantity} × ${l.productName}${l.finish ? ` (${l.finish})` : ''}: ₹${paiseToDecimal(l.totalPaise)}`)
        .join('\n');
      const addressText = a
        ? [`${a.first_name} ${a.last_name}`, a.address_line1, a.address_line2, `${a.city}, ${a.state} ${a.postal_code}`, a.country, a.phone]
            .filter(Boolean)
            .join('\n  ')
        : '(to be confirmed)';
      const summary = [
        `Order ${row.number}`,
        itemText,
        `Subtotal: ₹${paiseToDecimal(row.subtotalPaise)}`,
        `Shipping (${row.shippingMethod}): ₹${paiseToDecimal(row.shippingPaise)}`,
        `Total paid: ₹${paiseToDecimal(row.totalPaise)}`,
        ``,
        `Deliver to:\n  ${addressText}`,
      ].join('\n');
      await deps.mailer.send({
        to: row.email,
        subject: `Order confirmed: ${row.number}`,
        text: `Thank you for your order!\n\n${summary}\n\nWe will write again as your furniture moves through the workshop.\nTrack it at ${deps.publicUrl}/orderstatus?number=${encodeURIComponent(row.number)}\n\n${SHOP_NAME}`,
      });
      await deps.mailer.send({
        to: deps.shopEmail,
        subject: `New order ${row.number}: ₹${paiseToDecimal(row.totalPaise)}`,
        text: `A new order was paid (${row.provider} payment ${row.providerPaymentId ?? ''}).\nBuyer: ${row.email}\n\n${summary}`,
      });
    } catch (err) {
      deps.log(err, 'order e-mails failed');
    }
  }

  /**
   * Records a captured payment: in one transaction the order becomes paid with its address, the stock
   * goes down (never below zero) and the cart closes. When the stock ran out while the buyer paid, the
   * payment is still recorded, the order is cancelled with a refund note for the owner, and nothing is
   * oversold. Safe to call from any number of racing callers: exactly one of them applies it.
   */
  async function completePayment(
    order: OrderRow,
    payment: ProviderPayment,
    address: AddressSnapshot | null,
    source: CompletionSource,
  ): Promise<'paid' | 'oversold' | 'refund' | 'already'> {
    if (payment.status !== 'captured' || payment.orderId !== order.providerOrderId || !payment.id) return 'already';
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
          order.status as 'pending',
          `Payment ${payment.id} of ${payment.amount} paise (${payment.currency}) does not match the order total; not accepted. Check it with the provider.`,
        );
      throw new AppError('invalid', 'Payment verification failed: the amount paid does not match the order. Please contact support.');
    }
    const outcome = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(orders)
        .set({
          paymentStatus: 'captured',
          providerPaymentId: payment.id,
          address: address ?? order.address,
          paidAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), sql`${orders.paymentStatus} <> 'captured'`))
        .returning({ id: orders.id });
      if (claimed.length === 0) return flagLatePayment(tx, order.id, payment.id);
      const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const short: string[] = [];
      try {
        await tx.transaction(async (sp) => {
          for (const line of lines) {
            if (line.productId === null) continue;
            const taken = await sp
              .update(products)
              // Selling the last piece takes the product out of stock on the storefront too.
              .set({
                stockQuantity: sql`${products.stockQuantity} - ${line.quantity}`,
                inStock: sql`${products.stockQuantity} - ${line.quantity} > 0`,
                updatedAt: new Date(),
              })
              .where(and(eq(products.id, line.productId), eq(products.inStock, true), sql`${products.stockQuantity} >= ${line.quantity}`))
              .returning({ left: products.stockQuantity });
            if (taken.length === 0) short.push(line.productName);
          }
          // Roll back every decrement of this order when any line is short: all or nothing.
          if (short.length > 0) throw new StockShort();
        });
      } catch (err) {
        if (!(err instanceof StockShort)) throw err;
      }
      const via = source === 'checkout' ? '' : ` (confirmed by ${source === 'webhook' ? 'the provider’s notice' : 'a check with the provider'})`;
      if (short.length > 0) {
        await moveOrder(
          tx,
          order.id,
          'pending',
          'cancelled',
          `Payment ${payment.id} received${via}, but ${short.join(', ')} sold out while the buyer paid. Refund due in full.`,
        );
        return 'oversold' as const;
      }
      await moveOrder(tx, order.id, 'pending', 'paid', `Payment ${payment.id} received${via}.`);
      if (order.cartId !== null) {
        await tx
          .update(carts)
          .set({ status: 'ordered', updatedAt: new Date() })
          .where(and(eq(carts.id, order.cartId), eq(carts.status, 'open')));
      }
      return 'paid' as const;
    });
    if (outcome !== 'already') deps.stockChanged();
    if (outcome === 'paid') await sendPaidMails(order.id);
    if (outcome === 'oversold') {
      // The buyer may have closed the tab (webhook, reconciler): they hear about their money from us.
      await deps.mailer
        .send({
          to: order.email,
          subject: `Your order ${order.number} could not be completed`,
          text: `We are sorry: an item of your order ${order.number} sold out while you were paying.\n\nYour payment of ₹${paiseToDecimal(order.totalPaise)} is recorded and will be refunded in full within 15 days. Nothing else is needed from you.\n\n${SHOP_NAME}`,
        })
        .catch((err: unknown) => deps.log(err, 'sold-out notice failed'));
    }
    if (outcome === 'oversold' || outcome === 'refund') {
      await deps.mailer
        .send({
          to: deps.shopEmail,
          subject: `Refund due: payment ${payment.id} for order ${order.number}`,
          text:
            outcome === 'oversold'
              ? `Order ${order.number} (${order.email}) was paid with payment ${payment.id} of ₹${paiseToDecimal(order.totalPaise)}, but an item had sold out. The order is cancelled; please refund the payment.`
              : `Payment ${payment.id} of ₹${paiseToDecimal(payment.amount)} arrived for order ${order.number} (${order.email}), which was already paid or cancelled. Please refund it.`,
        })
        .catch((err: unknown) => deps.log(err, 'refund notice failed'));
    }
    return outcome;
  }

  /**
   * A captured payment that cannot complete the order (already paid by another payment, or cancelled)
   * is still recorded, once, as a refund note for the owner: no payment is ever dropped silently.
   */
  async function flagLatePayment(tx: Tx, orderId: number, paymentId: string): Promise<'already' | 'refund'> {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!current || current.providerPaymentId === paymentId) return 'already';
    const [noted] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), mentions(paymentId)))
      .limit(1);
    if (noted) return 'already';
    if (current.status === 'cancelled' && current.paymentStatus !== 'captured') {
      await tx.update(orders).set({ paymentStatus: 'captured', providerPaymentId: paymentId, updatedAt: new Date() }).where(eq(orders.id, orderId));
      await noteOrder(tx, orderId, 'cancelled', `Payment ${paymentId} received after the order was cancelled. Refund due in full.`);
    } else {
      await noteOrder(tx, orderId, current.status as OrderStatus, `A second payment ${paymentId} was captured for this order. Refund due in full.`);
    }
    return 'refund';
  }

  async function cancelledError(order: OrderRow): Promise<AppError> {
    const [last] = await db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'cancelled')))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    if (!last?.note.includes('sold out')) return conflict('This order was cancelled, so your payment will be refunded in full within 15 days.');
    const lines = await db.select({ name: orderItems.productName }).from(orderItems).where(eq(orderItems.orderId, order.id));
    return conflict(
      `Sorry, ${lines.map((l) => l.name).join(', ')} sold out while you were paying. Your payment is recorded and will be refunded in full within 15 days.`,
    );
  }

  async function applyEvent(type: string, providerOrderId: string | null, paymentEntity: Record<string, unknown> | undefined): Promise<string> {
    if (!providerOrderId || !paymentEntity) return 'ignored';
    const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
    if (!order) return 'unknown order';
    const payment = toPayment(paymentEntity);
    if (type === 'payment.failed') {
      await db
        .update(orders)
        .set({ paymentStatus: 'failed', updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), sql`${orders.paymentStatus} <> 'captured'`));
      return 'payment failed';
    }
    if (type === 'payment.captured' || type === 'order.paid') {
      try {
        return await completePayment(order, payment, null, 'webhook');
      } catch (err) {
        // The notice was stored and the mismatch noted for the owner; the provider need not resend it.
        if (err instanceof AppError && err.code === 'invalid') return 'amount mismatch';
        throw err;
      }
    }
    return 'ignored';
  }

  let reconciling: Promise<number> | null = null;

  /** One pass of the reconciler; see `reconcilePendingOrders`. */
  async function reconcileOnce(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number }): Promise<number> {
    const now = Date.now();
    const pending = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          eq(orders.provider, payments.gateway.provider),
          lt(orders.createdAt, new Date(now - (options.olderThanMs ?? 5 * 60_000))),
          gt(orders.createdAt, new Date(now - (options.maxAgeMs ?? 7 * 24 * 3600_000))),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(Math.min(options.limit ?? 50, 200));
    let completed = 0;
    for (const order of pending) {
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
        if ((await completePayment(order, { ...best, orderId: order.providerOrderId }, null, 'reconciler')) !== 'already') completed += 1;
      } catch (err) {
        deps.log(err, `reconciling order ${order.number} failed`);
      }
    }
    return completed;
  }

  return {
    completePayment,

    async createOrder(
      user: Buyer,
      input: { cart_code: string; shipping_method?: ShippingMethod; amount?: number; address?: number | AddressFields },
    ): Promise<CreateOrderResponse> {
      const cart = await deps.cart.requireCart(input.cart_code, user);
      const address = input.address === undefined ? null : await deps.addresses.snapshot(user.id, input.address);
      const lines = await pricedLines(cart.id);
      if (lines.length === 0) throw conflict('Your cart is empty. Add something to it before checking out.');
      checkStock(lines);
      const subtotal = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
      let method: ShippingMethod;
      if (input.shipping_method) {
        method = input.shipping_method;
        if (input.amount !== undefined && input.amount !== subtotal + shippingPaise(method)) throw conflict(CART_CHANGED);
      } else if (input.amount !== undefined) {
        const match = SHIPPING_OPTIONS.find((o) => subtotal + o.price * 100 === input.amount);
        if (!match) throw conflict(CART_CHANGED);
        method = match.id;
      } else {
        method = 'standard';
      }
      const shipping = shippingPaise(method);
      const total = subtotal + shipping;
      const fingerprint = createHash('sha256')
        .update(JSON.stringify({ method, lines: lines.map((l) => [l.productId, l.finish, l.quantity, l.pricePaise]) }))
        .digest('hex');

      const openOrder = async (exec: Db | Tx) => {
        const [existing] = await exec
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.userId, user.id),
              eq(orders.cartId, cart.id),
              eq(orders.status, 'pending'),
              eq(orders.cartFingerprint, fingerprint),
              eq(orders.totalPaise, total),
              eq(orders.provider, payments.gateway.provider),
              sql`${orders.paymentStatus} <> 'captured'`,
            ),
          )
          .orderBy(desc(orders.id))
          .limit(1);
        return existing;
      };
      const reuse = async (exec: Db | Tx, existing: OrderRow) => {
        if (!address) return existing;
        const [updated] = await exec.update(orders).set({ address, updatedAt: new Date() }).where(eq(orders.id, existing.id)).returning();
        return updated ?? existing;
      };
      const existing = await openOrder(db);
      if (existing) return paymentResponse(await reuse(db, existing));

      const number = newOrderNumber();
      // The provider is asked for the server's total only; nothing the client sent reaches it.
      const providerOrder = await payments.gateway.createOrder({ amount: total, currency: 'INR', receipt: number, notes: { order_number: number } });
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
      const row = await db.transaction(async (tx) => {
        // Requests racing for the same cart (double click, two tabs) queue here; the first one's order
        // is the one every other gets, and their unused provider orders simply expire unpaid.
        await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cart.id)).for('update');
        const raced = await openOrder(tx);
        if (raced) return reuse(tx, raced);
        const [created] = await tx
          .insert(orders)
          .values({
            number,
            userId: user.id,
            cartId: cart.id,
            subtotalPaise: subtotal,
            shippingPaise: shipping,
            totalPaise: total,
            shippingMethod: method,
            provider: payments.gateway.provider,
            providerOrderId: providerOrder.id,
            cartFingerprint: fingerprint,
            address,
            email: user.email,
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
        return created!;
      });
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
    ): Promise<{ detail: string; order_id: number }> {
      if (!/^[0-9a-f]{64}$/i.test(input.razorpay_signature))
        throw invalid({ razorpay_signature: ['The payment signature is not valid.'] }, VERIFY_FAILED);
      const order = await ownOrder(user, input.razorpay_order_id);
      const cart = await deps.cart.resolveCart(input.cart_code, user, false);
      const [orderCart] = order.cartId === null ? [] : await db.select().from(carts).where(eq(carts.id, order.cartId));
      const sameCart = orderCart !== undefined && (orderCart.cartCode === input.cart_code || orderCart.id === cart?.id);
      if (!sameCart || !payments.gateway.verifyPaymentSignature(order.providerOrderId, input.razorpay_payment_id, input.razorpay_signature))
        throw invalid({ razorpay_signature: ['The payment signature does not match this order.'] }, VERIFY_FAILED);

      if (order.paymentStatus === 'captured') {
        if (order.status === 'cancelled') throw await cancelledError(order);
        return { detail: 'Payment verified. Your order is confirmed.', order_id: order.id };
      }
      const address = await deps.addresses.snapshot(user.id, input.address);
      const payment = await payments.gateway.fetchPayment(input.razorpay_payment_id);
      if (payment.orderId !== order.providerOrderId) throw invalid({ razorpay_payment_id: ['This payment is for another order.'] }, VERIFY_FAILED);
      if (payment.status === 'failed') {
        await db
          .update(orders)
          .set({ paymentStatus: 'failed', updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), sql`${orders.paymentStatus} <> 'captured'`));
        throw invalid({}, `Payment failed: ${payment.errorDescription ?? 'the bank declined it'}`);
      }
      if (payment.status !== 'captured')
        throw conflict('Your bank has not confirmed the payment yet. We will confirm your order by e-mail as soon as it does.');
      await completePayment(order, payment, address, 'checkout');
      const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
      if (now?.status === 'cancelled') throw await cancelledError(order);
      return { detail: 'Payment verified. Your order is confirmed.', order_id: order.id };
    },

    async cancelPayment(user: Buyer, input: { cart_code: string; razorpay_order_id: string }): Promise<{ detail: string }> {
      const order = await ownOrder(user, input.razorpay_order_id);
      await deps.cart.requireCart(input.cart_code, user);
      // The order stays pending: a payment the provider confirms later still completes it.
      await db
        .update(orders)
        .set({ paymentStatus: 'abandoned', updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), sql`${orders.paymentStatus} in ('created', 'attempted')`));
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
     * ones. A run still going (a slow provider) is joined rather than started twice.
     */
    reconcilePendingOrders(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number } = {}): Promise<number> {
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
      if (order.status !== 'pending')
        throw conflict(order.status === 'cancelled' ? 'This order was cancelled and can no longer be paid.' : 'This order is already paid.');
      const payment = await simulated.pay(order.providerOrderId, outcome);
      if (outcome === 'failed') {
        await db
          .update(orders)
          .set({ paymentStatus: 'failed', updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), sql`${orders.paymentStatus} <> 'captured'`));
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

function toPayment(entity: Record<string, unknown>): ProviderPayment {
  return {
    id: typeof entity.id === 'string' ? entity.id : '',
    orderId: typeof entity.order_id === 'string' ? entity.order_id : null,
    amount: typeof entity.amount === 'number' ? entity.amount : Number.NaN,
    currency: typeof entity.currency === 'string' ? entity.currency : '',
    status: typeof entity.status === 'string' ? entity.status : '',
    errorDescription: typeof entity.error_description === 'string' ? entity.error_description : null,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
