import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { availableStock, type StockFields } from '../../../contract/stock';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, products, stockHolds } from '../../db/schema';
import { conflict } from '../../lib/errors';

/**
 * The one home of stock (decision 0037). Only this file writes `products.stock_quantity`,
 * `products.reserved_quantity` and `stock_holds`: what a buyer may take (available), the pieces held for a
 * buyer who is paying (hold), held pieces sold with the payment (take), holds given back (release), sold
 * pieces put back on the shelf (restock), the owner's count (setCount), and the cart's own holds.
 *
 * Ready stock is guarded by the database: every hold or take is one UPDATE whose WHERE keeps
 * `reserved <= stock` (and the table's CHECKs hold it too), so of any number of racing buyers exactly as
 * many get a piece as there are pieces. Made-to-order pieces are made after the order: nothing is held.
 */

export { availableStock, type StockFields };

/** How long ready-stock pieces stay held for a buyer who is paying (decision 0010). */
export const HOLD_MS = 20 * 60_000;

const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

/** Sums quantities per product of lines (an order may hold one product in two finishes), in product id order. */
export function perProduct<T extends { productId: number | null; quantity: number }>(lines: T[]): Map<number, { quantity: number; line: T }> {
  const out = new Map<number, { quantity: number; line: T }>();
  for (const l of lines) {
    if (l.productId === null) continue;
    const seen = out.get(l.productId);
    out.set(l.productId, { quantity: (seen?.quantity ?? 0) + l.quantity, line: seen?.line ?? l });
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/** What a buyer who cannot have the pieces they want is told, before paying. */
export function shortMessage(name: string, p: StockFields, holdMs = HOLD_MS): string {
  const available = availableStock(p);
  if (available > 0) return `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} in stock. Please change the quantity in your cart.`;
  if (p.inStock && p.stockKind === 'ready_stock' && p.stockQuantity > 0)
    return `${name} is sold out for now: the last ${pieces(p.stockQuantity)} ${p.stockQuantity === 1 ? 'is' : 'are'} held for buyers who are paying. Please remove it from your cart, or try again in ${Math.round(holdMs / 60_000)} minutes.`;
  return `${name} is out of stock. Please remove it from your cart.`;
}

/**
 * A quick look before asking the provider for anything; the hold is what the database guards. Pieces the
 * cart's own pending orders hold are the buyer's (`own`): they are not counted against them.
 */
export function checkAvailable(
  lines: {
    productId: number;
    quantity: number;
    name: string;
    inStock: boolean;
    stockKind: StockFields['stockKind'];
    stockQuantity: number;
    reservedQuantity: number;
  }[],
  own: Map<number, number>,
  holdMs = HOLD_MS,
): void {
  for (const { quantity, line } of perProduct(lines).values()) {
    const seen = { ...line, reservedQuantity: Math.max(line.reservedQuantity - (own.get(line.productId) ?? 0), 0) };
    const available = availableStock(seen);
    if (available <= 0 || (line.stockKind === 'ready_stock' && quantity > available)) throw conflict(shortMessage(line.name, seen, holdMs));
  }
}

const stockFields = {
  id: products.id,
  inStock: products.inStock,
  stockKind: products.stockKind,
  stockQuantity: products.stockQuantity,
  reservedQuantity: products.reservedQuantity,
};

/**
 * Holds the ready-stock pieces of a pending order until `expiresAt` (or extends its holds). Each hold is one
 * guarded UPDATE (reserved + n <= stock, under the product's row lock). Throws a 409 with a sentence when a
 * piece cannot be had. Returns whether a new hold was taken.
 */
export async function holdForOrder(
  tx: Tx,
  orderId: number,
  expiresAt: Date,
  holdMs = HOLD_MS,
  /** The lines of an order written in this transaction: they are not read again, and it has no holds yet. */
  placed?: { productId: number; quantity: number; productName: string }[],
): Promise<boolean> {
  const lines =
    placed ??
    (await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity, productName: orderItems.productName })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId)));
  const wanted = perProduct(lines);
  if (wanted.size === 0) return false;
  const [kinds, existing] = await Promise.all([
    tx
      .select(stockFields)
      .from(products)
      .where(inArray(products.id, [...wanted.keys()])),
    placed ? [] : tx.select().from(stockHolds).where(eq(stockHolds.orderId, orderId)),
  ]);
  let taken = false;
  for (const [productId, { quantity, line }] of wanted) {
    const product = kinds.find((k) => k.id === productId);
    if (!product) throw conflict(`${line.productName} is no longer sold. Please remove it from your cart.`);
    if (product.stockKind === 'made_to_order') {
      if (!product.inStock) throw conflict(shortMessage(line.productName, product, holdMs));
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
      const [now] = await tx.select(stockFields).from(products).where(eq(products.id, productId));
      throw conflict(shortMessage(line.productName, now ?? product, holdMs));
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
  return taken;
}

/** A take that came up short: its savepoint is undone, every line with it. */
class StockShort extends Error {}

type OrderLine = Pick<typeof orderItems.$inferSelect, 'productId' | 'quantity' | 'productName'>;

/**
 * Takes an order's pieces from stock for good: a held piece is converted (stock and reserved both go down), a
 * piece whose hold was released (expired, failed) is taken again if the shelf still has it. Answers the names
 * of the lines that could not be had. `lines`: the order's lines when the caller has read them already (they
 * never change once the order is made). `allOrNothing`: the takes are made in a savepoint of their own, undone
 * when a line is short, so that nothing is taken then; an order with nothing on the shelf (made to order) opens
 * none. Without it the caller undoes the whole transaction on a short line.
 */
export async function takeForOrder(tx: Tx, orderId: number, options: { lines?: OrderLine[]; allOrNothing?: boolean } = {}): Promise<string[]> {
  const lines = options.lines ?? (await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)));
  const wanted = perProduct(lines);
  if (wanted.size === 0) return [];
  const [kinds, holds] = await Promise.all([
    tx
      .select({ id: products.id, stockKind: products.stockKind })
      .from(products)
      .where(inArray(products.id, [...wanted.keys()])),
    tx.select().from(stockHolds).where(eq(stockHolds.orderId, orderId)),
  ]);
  const heldFor = (productId: number) => holds.find((h) => h.productId === productId && h.state === 'held');
  // Made to order (or no longer in the catalogue), and not held: made after the order, nothing to take.
  const toTake = [...wanted].filter(([productId]) => heldFor(productId) || kinds.find((k) => k.id === productId)?.stockKind === 'ready_stock');
  if (toTake.length === 0) return [];
  const take = async (sp: Tx) => {
    const short: string[] = [];
    for (const [productId, { quantity, line }] of toTake) {
      const hold = heldFor(productId);
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
    return short;
  };
  if (!options.allOrNothing) return take(tx);
  let short: string[] = [];
  try {
    await tx.transaction(async (sp) => {
      short = await take(sp);
      if (short.length > 0) throw new StockShort();
    });
  } catch (err) {
    if (!(err instanceof StockShort)) throw err;
  }
  return short;
}

/**
 * Gives back the pieces still held for an order (cancelled, expired, or its payment failed or was
 * abandoned). Each hold is released once however many callers race; returns how many holds were released.
 */
export async function releaseHolds(db: Db | Tx, orderId: number): Promise<number> {
  const released = await db
    .update(stockHolds)
    .set({ state: 'released', updatedAt: new Date() })
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.state, 'held')))
    .returning({ productId: stockHolds.productId, quantity: stockHolds.quantity });
  // One product row at a time, in id order, so that two releases never wait on each other crosswise.
  for (const hold of released.sort((a, b) => a.productId - b.productId)) {
    await db
      .update(products)
      .set({ reservedQuantity: sql`${products.reservedQuantity} - ${hold.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, hold.productId));
  }
  return released.length;
}

/**
 * Puts the pieces a paid order took back on the shelf (the order was cancelled, or a returned piece came back).
 * Each sold hold goes back once however many callers race. Orders placed before stock holds existed (`legacy`)
 * took their counted ready-stock lines from stock without a hold row: those lines go back instead.
 * Answers how many pieces went back.
 */
export async function restockOrder(tx: Tx, orderId: number, legacy = false): Promise<number> {
  const sold = await tx
    .update(stockHolds)
    .set({ state: 'released', updatedAt: new Date() })
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.state, 'sold')))
    .returning({ productId: stockHolds.productId, quantity: stockHolds.quantity });
  const back = !legacy
    ? sold
    : await tx
        .select({ productId: products.id, quantity: orderItems.quantity })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(and(eq(orderItems.orderId, orderId), eq(products.stockKind, 'ready_stock')));
  let n = 0;
  for (const line of back.sort((a, b) => a.productId - b.productId)) {
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId));
    n += line.quantity;
  }
  return n;
}

/**
 * The owner's count of a product on the shelf. Pieces held for buyers paying now cannot be counted away: the
 * count is written only while it stays at or above what is held (the table's CHECK holds it too).
 */
export async function setCount(db: Db | Tx, productId: number, count: number): Promise<void> {
  const written = await db
    .update(products)
    .set({ stockQuantity: count, updatedAt: new Date() })
    .where(and(eq(products.id, productId), sql`${products.reservedQuantity} <= ${count}`))
    .returning({ id: products.id });
  if (written.length > 0) return;
  const [held] = await db.select({ n: products.reservedQuantity }).from(products).where(eq(products.id, productId));
  if (!held) return;
  throw conflict(
    `${held.n} ${held.n === 1 ? 'piece is' : 'pieces are'} held for buyers paying right now, so the stock cannot go below ${held.n}. Try again in a few minutes.`,
  );
}

/** The holds of an order, for presenting and tests. */
export function holdsOf(db: Db | Tx, orderId: number) {
  return db.select().from(stockHolds).where(eq(stockHolds.orderId, orderId)).orderBy(asc(stockHolds.productId));
}

/**
 * Pieces per product held for the pending orders of one cart: the buyer's own holds, which must not stop that
 * buyer (coming back to pay, changing the cart) as if someone else held them.
 */
export async function cartHolds(db: Db | Tx, cartId: number, productIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: stockHolds.productId, quantity: sql<number>`sum(${stockHolds.quantity})::int` })
    .from(stockHolds)
    .innerJoin(orders, eq(orders.id, stockHolds.orderId))
    .where(
      and(
        eq(orders.cartId, cartId),
        eq(orders.status, 'pending'),
        eq(stockHolds.state, 'held'),
        productIds ? inArray(stockHolds.productId, productIds.length > 0 ? productIds : [-1]) : undefined,
      ),
    )
    .groupBy(stockHolds.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.quantity)]));
}
