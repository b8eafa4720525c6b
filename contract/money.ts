/**
 * The shop's money vocabulary, shared by the server and the web (decision 0037): the statuses of an order's
 * payment and the table of their moves, the ledger's rows (charges and refunds) and their states, and the
 * named sets of order statuses, defined once.
 */
import type { OrderStatus } from './orders';

/** An order's payment, as the API has always answered it (`payment_status`). */
export const PAYMENT_STATUSES = ['created', 'attempted', 'abandoned', 'captured', 'failed', 'part_paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The moves of an order's payment status: the one table the server's `movePayment` obeys. A captured payment
 * is final (its money leaves again only as refunds, rows of the ledger); a failed attempt may be tried again
 * in the same payment window; a payment the buyer closed may still be paid. An order made from a quote is
 * `part_paid` once its advance is captured, and captured when its balance is (decision 0039).
 */
export const PAYMENT_FLOW: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['attempted', 'abandoned', 'failed', 'captured', 'part_paid'],
  attempted: ['abandoned', 'failed', 'captured'],
  abandoned: ['attempted', 'failed', 'captured'],
  failed: ['attempted', 'failed', 'captured'],
  captured: [],
  part_paid: ['captured'],
};

/** Which statuses may move to `to`: the table read backwards. */
export function paymentMovesTo(to: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter((from) => PAYMENT_FLOW[from].includes(to));
}

/** What a charge (a row of the ledger that takes money) was for. */
export const CHARGE_PURPOSES = ['order', 'advance', 'balance'] as const;
export type ChargePurpose = (typeof CHARGE_PURPOSES)[number];

/**
 * An order's money in Shopify's words (decision 0045), derived from its payments and refunds only: nothing
 * received yet (`pending`), an advance received and a balance due (`partially_paid`), received in full (`paid`),
 * some given back (`partially_refunded`), all given back (`refunded`), or an attempt closed with nothing
 * received (`voided`).
 */
export const FINANCIAL_STATUSES = ['pending', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided'] as const;
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];

/** The financial status in the words the buyer and the owner read. */
export const FINANCIAL_STATUS_LABELS: Record<FinancialStatus, string> = {
  pending: 'Awaiting payment',
  partially_paid: 'Part paid',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  voided: 'Not paid',
};

/** One payment of an order as the summary reads it: its amount, what was given back of it, and whether it was a duplicate. */
export interface PaymentFigures {
  purpose: ChargePurpose;
  amountPaise: number;
  refundedPaise: number;
  /** A second payment of something already paid (or of an order cancelled meanwhile), given back in full: not the order's money. */
  duplicate: boolean;
}

/** What an order's money comes to, in paise, with its financial status: the one answer every page and rule reads. */
export interface MoneySummary {
  totalPaise: number;
  /** Every payment captured, duplicates included (they were received, and given back). */
  receivedPaise: number;
  /** Every refund written down (being made or made), duplicates included. */
  refundedPaise: number;
  /** Still to be paid before dispatch: 0 for an order cancelled, expired or never paid. */
  duePaise: number;
  /** What may still be given back: received less refunded. */
  refundablePaise: number;
  financialStatus: FinancialStatus;
}

/** The summary of an order from its payments (decision 0045). */
export function summarize(order: { totalPaise: number; status: OrderStatus }, payments: readonly PaymentFigures[]): MoneySummary {
  const sum = (rows: readonly PaymentFigures[], f: (p: PaymentFigures) => number) => rows.reduce((s, p) => s + f(p), 0);
  const receivedPaise = sum(payments, (p) => p.amountPaise);
  const refundedPaise = sum(payments, (p) => p.refundedPaise);
  const own = payments.filter((p) => !p.duplicate);
  const kept = sum(own, (p) => p.amountPaise);
  const keptRefunded = sum(own, (p) => p.refundedPaise);
  const closed = order.status === 'cancelled' || order.status === 'expired' || order.status === 'pending';
  const duePaise = closed ? 0 : Math.max(0, order.totalPaise - kept);
  const financialStatus: FinancialStatus =
    kept === 0 && order.totalPaise > 0
      ? order.status === 'cancelled' || order.status === 'expired'
        ? 'voided'
        : 'pending'
      : kept > 0 && keptRefunded >= kept
        ? 'refunded'
        : keptRefunded > 0
          ? 'partially_refunded'
          : kept < order.totalPaise
            ? 'partially_paid'
            : 'paid';
  return { totalPaise: order.totalPaise, receivedPaise, refundedPaise, duePaise, refundablePaise: receivedPaise - refundedPaise, financialStatus };
}

/** A refund's life: written down, being asked of the provider, made, or refused (a person settles it). */
export const REFUND_STATUSES = ['pending', 'requesting', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Orders whose payment has been taken and whose goods are owed: paid and in the workshop or on its way. */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'in_production', 'ready_to_dispatch', 'shipped', 'delivered'];
/** Orders a tax invoice was issued for (every paid order; a cancelled one keeps its invoice and gets a credit note). */
export const INVOICED_STATUSES: readonly OrderStatus[] = PAID_STATUSES;
/** Paid orders the owner may still cancel with a full refund: nothing has left the workshop. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['paid', 'in_production', 'ready_to_dispatch'];
/** Orders not (yet) paid. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['pending', 'expired'];

/** Why a timeline event was written, as data: the sentences the buyer and the owner read are made from it. */
export const ORDER_EVENT_KINDS = [
  'moved',
  'note',
  'payment_received',
  'payment_refused',
  'late_payment',
  'amount_mismatch',
  'refund_made',
  'refund_failed',
  'cart_leftover',
  'address_kept',
  'delivery_revised',
  'cancelled_paid',
  // After the sale (decision 0038): the buyer's and the owner's steps, their sentences made from `data`.
  'cancellation_requested',
  'cancellation_accepted',
  'cancellation_declined',
  'return_reported',
  'return_accepted',
  'return_received',
  'return_refunded',
  'return_replaced',
  'return_declined',
  'refund_initiated',
  'advance_received',
  'balance_requested',
  'balance_received',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Why a payment could not buy its order: the shop does not deliver there, or a piece sold out meanwhile. */
export type PaymentRefusal = { reason: 'unserved'; pincode: string } | { reason: 'sold_out'; items: string[] };

/** The structured part of a timeline event (its `data`), by kind. Every field is optional: old events have none. */
export type OrderEventData = {
  payment_id?: string;
  refund_id?: string;
  amount_paise?: number;
  refusal?: PaymentRefusal;
  late?: 'cancelled' | 'paid_already';
  pieces?: number;
  pincode?: string;
  kept_pincode?: string;
  source?: 'checkout' | 'webhook' | 'reconciler';
  /** After the sale: the case, its reason (a key of the policy's list), the owner's sentence, the pickup date, the fee. */
  cancellation_id?: number;
  return_id?: number;
  reason?: string;
  decision_note?: string;
  pickup_date?: string;
  fee_paise?: number;
  /** A replacement order's number. */
  replacement?: string;
  /** The quote an order was made from (its advance, its balance). */
  quote_id?: number;
  /** The receipt voucher or tax invoice issued with the payment. */
  document?: string;
};

/** An amount in rupees (a JSON number or a form's text) as paise; refuses what is not a finite amount. */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError('Amount must be a finite number.');
  // One rounding rule for the whole shop: half away from zero, on the paise.
  return Math.sign(rupees) * Math.round(Math.abs(rupees) * 100);
}

/** Rupees as a JSON number (products' `price`). */
export function paiseToRupees(paise: number): number {
  if (!Number.isFinite(paise)) throw new RangeError('Amount must be a finite number.');
  return paise / 100;
}

/** Rupees as a decimal string with two places (orders' `total_amount`). */
export function paiseToDecimal(paise: number): string {
  if (!Number.isFinite(paise)) throw new RangeError('Amount must be a finite number.');
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
