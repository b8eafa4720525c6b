import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import { SHIPPING_OPTIONS, type ShippingMethod } from '../../../contract/cart';
import {
  cartPaidMessage,
  methodNotOfferedMessage,
  priceChangedMessage,
  type CartPaidFacts,
  type MethodNotOfferedFacts,
  type PriceChangedFacts,
} from '../../../contract/checkout-refusals';
import type { CreateOrderResponse } from '../../../contract/orders';
import type { Db, Tx } from '../../db/client';
import { carts, orders } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import type { AddressFields } from './addresses.service';
import { modules, type Buyer, type CheckoutContext } from './context';

const { addressOrder, keepOrderOpen, makeOrder, moveOrder, newOrderNumber } = modules.orders;
const { cartHolds, checkAvailable, holdForOrder } = modules.stock;

export { cartPaidMessage };

/** The cart was paid (another tab, another device, the API): the order that paid it, and nothing opened. */
const cartPaid = (paid: CartPaidFacts) => new AppError('cart_paid', cartPaidMessage(paid.order_number), undefined, { ...paid });
/** The total sent is not what the cart costs now: the new figures, for the page to show before asking again. */
const priceChanged = (facts: PriceChangedFacts) => new AppError('price_changed', priceChangedMessage(facts), undefined, { ...facts });
/** The method asked for is not offered at the address (decision 0046): the one that is, with its total; nothing asked of the provider. */
const notOffered = (facts: MethodNotOfferedFacts) => new AppError('method_not_offered', methodNotOfferedMessage(facts), undefined, { ...facts });

/**
 * The paid order of a cart code the buyer holds that is no longer open (a second tab still showing the cart
 * tab 1 paid): read before the code is resolved, since a settled code resolves to the buyer's next cart or none.
 * A guest's code merged at log-in (the spec's client keeps sending it) names the cart it went into.
 */
async function paidOrderOfClosedCart(db: Db, code: string, userId: number): Promise<CartPaidFacts | null> {
  const [paid] = await db
    .select({ order_id: orders.id, order_number: orders.number })
    .from(orders)
    .innerJoin(carts, or(eq(carts.id, orders.cartId), eq(carts.mergedIntoId, orders.cartId)))
    .where(and(eq(carts.cartCode, code), ne(carts.status, 'open'), eq(orders.userId, userId), eq(orders.paymentStatus, 'captured')))
    .orderBy(desc(orders.id))
    .limit(1);
  return paid ?? null;
}

const CART_CHANGED = 'Your cart has changed since the total was shown. Please review your cart and try again.';

export { newOrderNumber };

/**
 * Placing an order (decision 0037): the cart priced by the server, delivery priced to the address, one provider
 * order per cart and total, and the ready-stock pieces held by the stock module while the buyer pays.
 */
export function createOrderPlacement(ctx: CheckoutContext) {
  const { db, deps, payments, holdMs } = ctx;

  /** Holds (or holds again, for longer) the order's pieces and keeps the order open as long. */
  async function holdStock(tx: Tx, orderId: number, expiresAt: Date): Promise<boolean> {
    const taken = await holdForOrder(tx, orderId, expiresAt, holdMs);
    await keepOrderOpen(tx, orderId, expiresAt);
    return taken;
  }

  async function createOrder(
    user: Buyer,
    input: { cart_code: string; shipping_method?: ShippingMethod; amount?: number; address?: number | AddressFields; address_id?: number },
  ): Promise<CreateOrderResponse> {
    const resolved = await deps.cart.resolveCart(input.cart_code, user, false);
    // The code names no open cart of the buyer's (a second tab still showing the cart tab 1 paid): the order
    // that paid it is named. A code that is the buyer's open cart has no paid order to name.
    if (resolved?.cartCode !== input.cart_code) {
      const paidBefore = await paidOrderOfClosedCart(db, input.cart_code, user.id);
      if (paidBefore) throw cartPaid(paidBefore);
    }
    const cart = resolved ?? (await deps.cart.requireCart(input.cart_code, user));
    const given = input.address ?? input.address_id;
    const address = given === undefined ? null : await deps.addresses.snapshot(user.id, given);
    const lines = await deps.cart.pricedLines(cart.id);
    if (lines.length === 0) throw conflict('Your cart is empty. Add something to it before checking out.');
    try {
      // Enough pieces even counting the cart's own holds against it: its holds need not be read.
      checkAvailable(lines, new Map(), holdMs);
    } catch {
      checkAvailable(
        lines,
        await cartHolds(
          db,
          cart.id,
          lines.map((l) => l.productId),
        ),
        holdMs,
      );
    }
    const subtotal = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
    // Delivery is priced by the server to the address's pincode (the flat rates without one); an
    // unserved pincode is refused here, before the provider is asked for anything.
    const quote = await deps.delivery.quote({
      pincode: address?.postal_code ?? null,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    });
    const shippingFor = (m: ShippingMethod) => quote.prices[m];
    const changed = (m: ShippingMethod, shown: number) =>
      priceChanged({
        shipping_method: m,
        pincode: quote.pincode,
        subtotal_paise: subtotal,
        shipping_paise: shippingFor(m),
        total_paise: subtotal + shippingFor(m),
        shown_paise: shown,
      });
    let method: ShippingMethod;
    if (input.shipping_method) {
      method = input.shipping_method;
      if (input.amount !== undefined && input.amount !== subtotal + shippingFor(method)) throw changed(method, input.amount);
    } else if (input.amount !== undefined) {
      const match = SHIPPING_OPTIONS.find((o) => subtotal + shippingFor(o.id) === input.amount);
      if (!match) throw changed('standard', input.amount);
      method = match.id;
    } else {
      method = 'standard';
    }
    // Only a method offered at the address is charged, whatever was chosen elsewhere (another address, an old tab).
    if (!quote.offered[method] && quote.pincode !== null) {
      const instead = SHIPPING_OPTIONS.find((o) => quote.offered[o.id])!.id;
      throw notOffered({
        shipping_method: method,
        pincode: quote.pincode,
        offered_method: instead,
        subtotal_paise: subtotal,
        shipping_paise: shippingFor(instead),
        total_paise: subtotal + shippingFor(instead),
      });
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
    let held = false;
    /**
     * One short transaction on the cart's row. It finds the cart's open order (renewing its holds), or, given a
     * provider order asked for outside any transaction, writes the new order and holds its pieces. Without one
     * it answers that one is needed: the provider is never called while a connection or a lock is held, so a
     * slow provider cannot starve the pool that sessions and other buyers need (decision 0040).
     */
    const settle = (made?: { number: string; providerOrderId: string }) =>
      db.transaction(async (tx): Promise<typeof orders.$inferSelect | null> => {
        // Requests for the same cart (double click, two tabs) queue on the cart's row: the first one writes
        // the order, every later one finds it.
        const locked = await deps.cart.lock(tx, cart.id);
        // A payment completed while this request waited (another tab, a double click): the cart was ordered, or
        // what was read was paid for. The buyer is told which order paid it; nothing is opened or charged again.
        const [paidAlready] = await tx
          .select({ order_id: orders.id, order_number: orders.number })
          .from(orders)
          .where(
            and(
              eq(orders.cartId, cart.id),
              eq(orders.paymentStatus, 'captured'),
              locked === 'open' ? eq(orders.cartFingerprint, fingerprint) : undefined,
            ),
          )
          .orderBy(desc(orders.id))
          .limit(1);
        if (paidAlready) throw cartPaid(paidAlready);
        if (locked !== 'open') throw conflict(CART_CHANGED);
        const expiresAt = new Date(Date.now() + holdMs);
        const existing = await openOrder(tx);
        if (existing) {
          // The pieces are held again (or for longer) for the buyer coming back to pay. A provider order asked
          // for by a request that lost the race to this one simply stays unpaid.
          held = await holdStock(tx, existing.id, expiresAt);
          if (!address) return existing;
          const updated = await addressOrder(tx, existing.id, address, {
            pincode: quote.pincode,
            from: window?.from ?? null,
            to: window?.to ?? null,
          });
          return updated ?? existing;
        }
        if (!made) return null;
        const created = await makeOrder(tx, {
          number: made.number,
          userId: user.id,
          email: user.email,
          origin: { kind: 'cart', cartId: cart.id, fingerprint, expiresAt },
          payment: { provider: payments.gateway.provider, providerOrderId: made.providerOrderId },
          address,
          shippingMethod: method,
          shippingPaise: shipping,
          delivery: { pincode: quote.pincode, from: window?.from ?? null, to: window?.to ?? null },
          lines: lines.map((l) => ({
            productId: l.productId,
            productName: l.name,
            productSlug: l.slug,
            productImage: l.image,
            quantity: l.quantity,
            finish: l.finish,
            unitPricePaise: l.pricePaise,
          })),
          note: 'Order placed; awaiting payment.',
        });
        // The cart's earlier payment attempts (another shipping method, another cart) end here: their
        // pieces are this order's now, and a payment that still arrives for one of them is refunded.
        const earlier = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.cartId, cart.id),
              eq(orders.status, 'pending'),
              sql`${orders.id} <> ${created.id}`,
              sql`${orders.paymentStatus} <> 'captured'`,
            ),
          )
          .orderBy(asc(orders.id))
          .for('update');
        for (const old of earlier)
          await moveOrder(
            tx,
            old.id,
            'pending',
            'cancelled',
            `Replaced by order ${made.number}: the cart or the shipping method changed before paying.`,
          );
        // A piece someone else holds or bought meanwhile: the whole transaction is undone and the buyer
        // told now, before paying (the unused provider order simply stays unpaid).
        // The order was written with its expiry: only its pieces are held, from the lines just written.
        held = await holdForOrder(
          tx,
          created.id,
          expiresAt,
          holdMs,
          lines.map((l) => ({ productId: l.productId, quantity: l.quantity, productName: l.name })),
        );
        return created;
      });
    // Most carts have no order to find: one plain read says so, and the provider is asked at once. When it finds
    // one (an open order to renew, or the cart paid meanwhile), the transaction on the cart's row decides.
    const [something] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.cartId, cart.id),
          or(
            and(eq(orders.paymentStatus, 'captured'), eq(orders.cartFingerprint, fingerprint)),
            and(eq(orders.status, 'pending'), eq(orders.cartFingerprint, fingerprint), eq(orders.totalPaise, totalPaise)),
          ),
        ),
      )
      .limit(1);
    let row = something ? await settle() : null;
    if (!row) {
      const number = newOrderNumber();
      // The provider is asked for the server's total only; nothing the client sent reaches it.
      const providerOrder = await payments.gateway.createOrder({
        amount: totalPaise,
        currency: 'INR',
        receipt: number,
        notes: { order_number: number },
      });
      row = await settle({ number, providerOrderId: providerOrder.id });
    }
    if (!row) throw conflict(CART_CHANGED);
    if (held) deps.stockChanged();
    return ctx.paymentResponse(row);
  }

  /**
   * Identical requests of one buyer in flight in this process (ten clicks on Pay) share one answer, so that
   * they ask the provider for one order between them. Across processes the cart's row still decides which
   * order is kept; another process's provider order, asked for in the same instant, stays unpaid.
   */
  const inFlight = new Map<string, Promise<CreateOrderResponse>>();
  function createOrderOnce(user: Buyer, input: Parameters<typeof createOrder>[1]): Promise<CreateOrderResponse> {
    const key = JSON.stringify([user.id, input]);
    const running = inFlight.get(key);
    if (running) return running;
    const answer = ctx.turns.placing(() => createOrder(user, input)).finally(() => inFlight.delete(key));
    inFlight.set(key, answer);
    return answer;
  }

  return { createOrder: createOrderOnce };
}
