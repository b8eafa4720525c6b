import pLimit from 'p-limit';
import { and, eq, sql } from 'drizzle-orm';
import { formatPaise } from '../../../contract/format';
import { paiseToDecimal, type PaymentStatus } from '../../../contract/money';
import type { CreateOrderResponse } from '../../../contract/orders';
import type { DeliveryService } from '../../../contract/delivery';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { orders } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { Payments, ProviderPayment } from '../../lib/payments';
import * as invoices from '../invoices/invoices.service';
import * as money from '../money/money.service';
import * as orders_ from '../orders/orders.service';
import * as stock from '../stock/stock.service';
import type { CartService } from '../cart/cart.service';
import type { AddressesService } from './addresses.service';

/**
 * What every step of checkout shares (decision 0037): the database, the modules it calls, and the few reads
 * and writes of its own orders that several steps make. Checkout is a workflow over modules: stock (holds and
 * takes), money (the ledger, the payment status, refunds), orders (moves and the timeline), invoices, delivery
 * and the cart; each step lives in a file of its own.
 */

const { createRefunder, movePayment } = money;
const { noteOrder, promisedWindow } = orders_;
const { HOLD_MS, releaseHolds } = stock;
export { HOLD_MS };

/** The modules checkout's steps call: the one seam between checkout and the rest of the shop. */
export const modules = { invoices, money, orders: orders_, stock };

export const SHOP_NAME = 'Teakwood Studio';
export const VERIFY_FAILED = 'Payment verification failed. Please contact support.';
/** The advisory lock key of the reconciler: one process reconciles at a time. */
export const RECONCILER_LOCK = 0x7eac_0001;

export type OrderRow = typeof orders.$inferSelect;
/** An order paid through a provider order (a cart's, a quote's): every order checkout meets. */
export type ProviderOrderRow = OrderRow & { provider: string; providerOrderId: string };

/** The order's provider order; only a replacement has none (orders_provider_order_named), and checkout never meets one. */
export function throughProvider(row: OrderRow): ProviderOrderRow {
  if (row.provider === null || row.providerOrderId === null) throw new Error(`order ${row.number} was paid through no provider`);
  return { ...row, provider: row.provider, providerOrderId: row.providerOrderId };
}
/** A signed-in buyer, as checkout needs them. */
export type Buyer = { id: number; email: string };
export type CompletionSource = 'checkout' | 'webhook' | 'reconciler';
export type Outcome = 'paid' | 'oversold' | 'undeliverable' | 'refund' | 'already';

/**
 * Payments the shop takes outside a cart (a quote's advance, an order's balance; decision 0039): the webhook and
 * the reconciler hand them over, so one machinery confirms every payment.
 */
export interface OtherPayments {
  /** Applies a provider event's payment when the provider order is its own; null when it is not. */
  apply(providerOrderId: string, payment: ProviderPayment, source: CompletionSource): Promise<string | null>;
  /** Asks the provider about its provider orders left unpaid; answers how many it completed. */
  reconcile(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number }): Promise<number>;
  /** Whether the provider order is one of this buyer's, still to pay (the simulated window pays it). */
  payableBy(userId: number, providerOrderId: string): Promise<boolean>;
}

export interface CheckoutDeps {
  payments: Payments;
  cart: CartService;
  addresses: AddressesService;
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
  /** The quotes' advances and balances, confirmed by the same webhook and reconciler. */
  otherPayments?: OtherPayments;
  /** See Config['paymentAnswerMs']. */
  paymentAnswerMs?: number;
  /**
   * Queues a paid order's e-mails as a durable job, so that the buyer's answer does not wait for the invoice's
   * PDF to be drawn; without it (a test's bare service) they are sent before the answer.
   */
  queuePaidMails?: (orderId: number) => Promise<void>;
}

/** Checkout transactions run at once per process: under half the connection pool (10), whatever the rush. */
export const CHECKOUT_TURNS = 4;

export const total = (paise: number) => formatPaise(paise, { decimals: 'always' });
export const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

/** The buyer's order of a provider order (verify_payment, cancel_payment, the simulated window), prepared (decision 0058). */
const ownOrderRead = preparedOn((db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.providerOrderId, sql.placeholder('providerOrderId')), eq(orders.userId, sql.placeholder('userId'))))
    .prepare('own_order'),
);

export function createCheckoutContext(db: Db, deps: CheckoutDeps) {
  const { payments } = deps;
  const holdMs = deps.holdMs ?? HOLD_MS;
  const exclusive = deps.exclusive ?? (<T>(_key: number, fn: () => Promise<T>) => fn());
  const refunder = createRefunder(db, {
    gateway: payments.gateway,
    mailer: deps.mailer,
    shopEmail: deps.shopEmail,
    shopName: SHOP_NAME,
    log: deps.log,
    note: (orderId, kind, data, note) => noteOrder(db, orderId, null, note, kind, data),
  });
  const holdMinutes = Math.round(holdMs / 60_000);

  async function ownOrder(user: Buyer, providerOrderId: string): Promise<ProviderOrderRow> {
    const [row] = await ownOrderRead(db).execute({ providerOrderId, userId: user.id });
    if (!row) throw notFound('This payment order');
    return throughProvider(row);
  }

  function paymentResponse(row: OrderRow): CreateOrderResponse {
    return {
      order_id: throughProvider(row).providerOrderId,
      razorpay_key: payments.gateway.keyId,
      amount: row.totalPaise,
      currency: 'INR',
      name: SHOP_NAME,
      description: `Order ${row.number}`,
      provider: payments.gateway.provider,
      shipping_method: row.shippingMethod,
      subtotal_amount: paiseToDecimal(row.subtotalPaise),
      shipping_amount: paiseToDecimal(row.shippingPaise),
      total_amount: paiseToDecimal(row.totalPaise),
      delivery_window: promisedWindow(row),
    };
  }

  /**
   * A failed or abandoned payment; the order stays open for another try. Only the buyer closing the
   * payment (abandoned) gives the held pieces back: after a failed attempt the buyer may still retry in
   * the same payment window, so the pieces stay held until the hold runs out.
   */
  async function paymentStopped(orderId: number, status: 'failed' | 'abandoned', onlyFrom: readonly PaymentStatus[]) {
    const released = await db.transaction(async (tx) => {
      const moved = await movePayment(tx, orderId, status, { from: onlyFrom, onlyIf: eq(orders.status, 'pending') });
      return moved && status === 'abandoned' ? releaseHolds(tx, orderId) : 0;
    });
    if (released > 0) deps.stockChanged();
  }

  /**
   * At most a few orders are placed, and a few payments completed, at once in this process; the others wait
   * their turn in memory. A rush then finishes buyer by buyer instead of every buyer's queries taking turns in
   * the connection pool until all of them are late (and a session check queued behind them times out): the
   * first buyers are answered at once, and the pool keeps room for everyone else's pages (decision 0040).
   */
  const turns = { placing: pLimit(CHECKOUT_TURNS), completing: pLimit(CHECKOUT_TURNS) };

  return {
    db,
    deps,
    payments,
    holdMs,
    holdMinutes,
    exclusive,
    refunder,
    ownOrder,
    paymentResponse,
    paymentStopped,
    turns,
  };
}

export type CheckoutContext = ReturnType<typeof createCheckoutContext>;
