import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ShippingMethod } from '../../../contract/cart';
import type { Tx } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema/addresses';
import { orderEvents, orderItems, orders } from '../../db/schema';
import { conflict } from '../../lib/errors';

type OrderRow = typeof orders.$inferSelect;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const tail = (n: number) => [...randomBytes(n)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
const day = (now: Date) => now.toISOString().slice(2, 10).replace(/-/g, '');

/** An order's number: the shop's pattern, the day and a random tail (`TW-261213-ABC234`). */
export function newOrderNumber(now = new Date()): string {
  return `TW-${day(now)}-${tail(6)}`;
}

/** A replacement's number: R for replacement before its random tail. */
export function replacementNumber(now = new Date()): string {
  return `TW-${day(now)}-R${tail(5)}`;
}

/** One line of a new order: what was bought, at its unit price (its total is the order module's sum). */
export interface NewOrderLine {
  /** Null: a piece made to the buyer's size with no catalogue product (a quote's line), or a product since deleted. */
  productId: number | null;
  productName: string;
  /** Null when the line names no catalogue product. */
  productSlug: string | null;
  productImage: string | null;
  quantity: number;
  finish: string;
  unitPricePaise: number;
}

/** Where an order comes from, and what it holds of it. */
export type OrderOrigin =
  /** A cart's payment attempt: pending until its payment, its pieces held until `expiresAt`. */
  | { kind: 'cart'; cartId: number; fingerprint: string; expiresAt: Date }
  /** A quote's order, made when its advance is captured: pending until the money module moves it. */
  | { kind: 'quote' }
  /** A replacement at no charge for a return: owes nothing, so it is paid from its first row. */
  | { kind: 'replacement'; ofOrder: string };

export interface NewOrder {
  number: string;
  userId: number;
  email: string;
  origin: OrderOrigin;
  /** The provider order the buyer pays through; null for a replacement, which nobody pays. */
  payment: { provider: string; providerOrderId: string } | null;
  /** Where it goes. Only a cart's attempt may wait for the address its payment brings (decision 0046). */
  address: AddressSnapshot | null;
  shippingMethod: ShippingMethod;
  shippingPaise: number;
  /** The pincode the delivery was priced to, and the window promised (India dates); nulls when none was. */
  delivery: { pincode: string | null; from: string | null; to: string | null };
  lines: NewOrderLine[];
  /** The first line of the order's timeline, for the owner. */
  note: string;
}

/** Why a replacement cannot be written: the order it replaces names no address to send it to. */
export const NO_ADDRESS_TO_REPLACE = (number: string) =>
  `Order ${number} names no delivery address, so a replacement has nowhere to go. Refund the return instead.`;

/**
 * The one way to make an order (decision 0053, issue 39): the order and its lines in the caller's transaction, its
 * figures summed here from the lines (subtotal, each line's total, total with delivery), and its first timeline
 * event. Checkout (a cart's attempt), quotes (an advance captured) and the after-sale's replacement call it; the
 * payment status then moves only through the money module. Answers the order's row.
 */
export async function makeOrder(tx: Tx, input: NewOrder): Promise<OrderRow> {
  if (input.lines.length === 0) throw conflict('An order needs at least one piece.');
  if (!input.address && input.origin.kind !== 'cart')
    throw conflict(
      input.origin.kind === 'replacement'
        ? NO_ADDRESS_TO_REPLACE(input.origin.ofOrder)
        : 'Choose a delivery address for this quote before paying its advance.',
    );
  if ((input.payment === null) !== (input.origin.kind === 'replacement'))
    throw new Error('Only a replacement is made without a provider order, and a replacement never has one.');
  const lines = input.lines.map((l) => ({ ...l, totalPaise: l.unitPricePaise * l.quantity }));
  const subtotalPaise = lines.reduce((s, l) => s + l.totalPaise, 0);
  const free = input.origin.kind === 'replacement';
  if (free && subtotalPaise + input.shippingPaise !== 0) throw new Error('A replacement is sent at no charge.');
  const [created] = await tx
    .insert(orders)
    .values({
      number: input.number,
      userId: input.userId,
      email: input.email,
      cartId: input.origin.kind === 'cart' ? input.origin.cartId : null,
      cartFingerprint: input.origin.kind === 'cart' ? input.origin.fingerprint : null,
      expiresAt: input.origin.kind === 'cart' ? input.origin.expiresAt : null,
      ...(free ? { status: 'paid' as const, stage: 'paid' as const, paymentStatus: 'captured' as const, paidAt: new Date() } : {}),
      subtotalPaise,
      shippingPaise: input.shippingPaise,
      totalPaise: subtotalPaise + input.shippingPaise,
      shippingMethod: input.shippingMethod,
      provider: input.payment?.provider ?? null,
      providerOrderId: input.payment?.providerOrderId ?? null,
      address: input.address,
      deliveryPincode: input.delivery.pincode,
      deliveryFrom: input.delivery.from,
      deliveryTo: input.delivery.to,
    })
    .returning();
  await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: created!.id })));
  await tx.insert(orderEvents).values({ orderId: created!.id, status: created!.status, stage: created!.stage ?? created!.status, note: input.note });
  return created!;
}

/** A cart's attempt kept open for its buyer coming back to pay: until `expiresAt` (its pieces are held as long). */
export async function keepOrderOpen(tx: Tx, orderId: number, expiresAt: Date): Promise<void> {
  await tx.update(orders).set({ expiresAt, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/** A cart's attempt given the address chosen before paying, with the delivery priced to it. Answers the row. */
export async function addressOrder(tx: Tx, orderId: number, address: AddressSnapshot, delivery: NewOrder['delivery']): Promise<OrderRow | undefined> {
  const [updated] = await tx
    .update(orders)
    .set({ address, deliveryPincode: delivery.pincode, deliveryFrom: delivery.from, deliveryTo: delivery.to, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  return updated;
}
