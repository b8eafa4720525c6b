/**
 * After the sale (issue 31, decision 0038): cancellations, returns and refunds as the shop's policy promises,
 * shared by the server and the web. The policy's rules are written once here.
 */
import type { OrderStage } from './orders';
import { formatDay, formatPaise, toPaise } from './format';
import { strictObject, typedRupees, z } from './zod';

/** A return is possible for this many days after the order reached delivered. */
export const RETURN_WINDOW_DAYS = 7;
/** A refund reaches the buyer within this many days of its cancellation or return being accepted. */
export const REFUND_DUE_DAYS = 15;
/** At most this many photos with a reported problem. */
export const RETURN_PHOTOS_MAX = 5;
/** Non-furniture orders under this sum (paise) that have not shipped carry the cancellation fee. */
export const FEE_ORDER_LIMIT_PAISE = 500_000;
/** The fee: ₹500 or the gateway's charges, whichever is higher. */
export const CANCELLATION_FEE_PAISE = 50_000;
/** The payment gateway's charges: 2% plus 18% GST on it, in basis points of the amount. */
export const GATEWAY_CHARGES_BP = 236;

export const RETURN_WINDOW_SENTENCE = `Returns are accepted only within ${RETURN_WINDOW_DAYS} days of delivery, for a fulfilment mistake. This order was delivered more than ${RETURN_WINDOW_DAYS} days ago; please write to us if something is wrong.`;

/** The policy's fee on a cancellation: for a non-furniture order under ₹5,000 that has not shipped. */
export function cancellationFeePaise(order: { totalPaise: number; nonFurniture: boolean; shipped: boolean }): number {
  if (!order.nonFurniture || order.shipped || order.totalPaise >= FEE_ORDER_LIMIT_PAISE) return 0;
  const gateway = Math.ceil((order.totalPaise * GATEWAY_CHARGES_BP) / 10_000);
  return Math.min(order.totalPaise, Math.max(CANCELLATION_FEE_PAISE, gateway));
}

/**
 * Whether the workshop has started: a made-to-order piece past design sign-off, a ready-to-ship piece dispatched.
 * Before it, a cancellation is immediate; after it, a request the owner answers.
 */
export function workshopStarted(stage: OrderStage, madeToOrder: boolean): boolean {
  const before: readonly OrderStage[] = madeToOrder ? ['paid', 'design_signoff'] : ['paid', 'ready_to_dispatch'];
  return !before.includes(stage);
}

export const CANCEL_REASONS = {
  changed_mind: 'I changed my mind',
  found_elsewhere: 'I found it elsewhere',
  delivery_too_late: 'The delivery date is too late',
  ordered_by_mistake: 'I ordered by mistake',
  other: 'Other',
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

export const RETURN_REASONS = {
  wrong_piece: 'Wrong piece delivered',
  wrong_finish: 'Wrong finish',
  damaged_in_transit: 'Damaged in transit',
  size_outside_tolerance: 'Size outside the stated ±1 to 2 inches',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

export const CANCELLATION_STATUSES = ['requested', 'accepted', 'declined'] as const;
export type CancellationStatus = (typeof CANCELLATION_STATUSES)[number];
export const RETURN_STATUSES = ['reported', 'accepted', 'received', 'refunded', 'replaced', 'declined'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

const text = (max: number, message = 'This field is required.') =>
  z.string({ message }).trim().min(1, message).max(max, `Use at most ${max} characters.`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((v) => v || undefined);
/**
 * Rupees as a JSON number or a form's text as a person writes it (`1500`, `1500.50`, `1,35,000`, `₹1,35,000`), at most
 * two decimals, more than zero. Nothing else is read as a number: `"0x10"`, `"1e3"`, `true` or `[]` are refused with
 * the sentence, never coerced.
 */
const rupees = typedRupees(z.number({ message: 'Give the amount in rupees, as a number such as 1,35,000 or 1500.50.' }))
  .refine((v) => Number.isFinite(v) && v > 0, 'The amount must be more than zero.')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Give the amount in rupees with at most two decimals.')
  .refine((v) => v <= 100_000_000, 'The amount is too large.');

export const cancelOrderSchema = strictObject({
  reason: z.enum(Object.keys(CANCEL_REASONS) as [CancelReason, ...CancelReason[]], { message: 'Choose why you are cancelling.' }),
  note: optionalText(1000),
}).superRefine((v, ctx) => {
  if (v.reason === 'other' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Tell us why you are cancelling.' });
});
export type CancelOrderInput = z.infer<typeof cancelOrderSchema>;

export const returnReportSchema = z.object({
  reason: z.enum(Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]], { message: 'Choose what went wrong.' }),
  description: text(2000, 'Describe the problem.'),
  items: z.preprocess(
    (v: unknown): unknown[] =>
      v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? (v as unknown[]) : typeof v === 'string' ? v.split(',') : [v],
    z
      .array(
        z.coerce.number({ message: 'Choose the pieces concerned.' }).int('Choose the pieces concerned.').positive('Choose the pieces concerned.'),
      )
      .min(1, 'Choose the pieces concerned.')
      .max(50, 'Choose the pieces concerned.'),
  ),
});
export type ReturnReportInput = z.infer<typeof returnReportSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD.');

export const returnDecisionSchema = strictObject({
  decision: z.enum(['accept', 'decline'], { message: 'Accept or decline.' }),
  note: text(1000, 'Write a sentence for the buyer.'),
  pickup_date: isoDate.nullish().transform((v) => v || undefined),
  /** Whether the accepted piece is collected (on the pickup date) or the buyer keeps it (nothing collected). */
  piece: z
    .enum(['collect', 'keep'], { message: 'Say whether the piece is collected or kept.' })
    .nullish()
    .transform((v) => v ?? 'collect'),
}).superRefine((v, ctx) => {
  if (v.decision === 'accept' && v.piece === 'collect' && !v.pickup_date)
    ctx.addIssue({ code: 'custom', path: ['pickup_date'], message: 'Give the pickup date, or let the buyer keep the piece.' });
});

export const returnReceivedSchema = strictObject({ note: optionalText(1000) });

export const cancellationDecisionSchema = strictObject({
  decision: z.enum(['accept', 'decline'], { message: 'Accept or decline.' }),
  refund_amount: rupees.nullish().transform((v) => v ?? undefined),
  note: text(1000, 'Write a sentence for the buyer.'),
});

export const adminRefundSchema = strictObject({
  amount: rupees.refine((v) => v >= 1, 'A refund is at least ₹1.'),
  note: text(1000, 'Write a sentence for the buyer.'),
  return_id: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? undefined),
});

// ── answers ──────────────────────────────────────────────────────────────────────────────────────
export const refundSchema = z
  .object({
    id: z.number().int(),
    amount: z.number().describe('Rupees'),
    status: z.enum(['pending', 'processed', 'failed']),
    provider_refund_id: z.string().nullable().describe('Razorpay’s refund id, once made'),
    note: z.string().nullable(),
    created_at: z.string(),
    credit_note_url: z.string().nullable().describe('The PDF of this refund’s GST credit note (buyer and superusers)'),
    error: z.string().nullable().describe('Why the provider refused it (superusers only)').optional(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

export const cancellationRequestSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    order_number: z.string(),
    email: z.string().optional(),
    status: z.enum(CANCELLATION_STATUSES),
    reason: z.string(),
    reason_label: z.string(),
    note: z.string().nullable(),
    fee: z.number().describe('Rupees: the policy’s fee, when it applies'),
    refundable: z.number().describe('Rupees still refundable on the order'),
    decision_note: z.string().nullable(),
    refund_due_on: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CancellationRequest' });
export type CancellationRequest = z.infer<typeof cancellationRequestSchema>;

export const returnSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    order_number: z.string(),
    email: z.string().optional(),
    status: z.enum(RETURN_STATUSES),
    reason: z.string(),
    reason_label: z.string(),
    description: z.string(),
    items: z.array(z.object({ id: z.number().int(), name: z.string(), quantity: z.number().int(), finish: z.string() })),
    photos: z.array(z.string()),
    pickup_date: z.string().nullable(),
    piece: z.enum(['collect', 'keep']).nullable().describe('Once accepted: the piece is collected, or the buyer keeps it'),
    decision_note: z.string().nullable(),
    refund_due_on: z.string().nullable(),
    worth: z.number().describe('Rupees: the returned pieces’ price'),
    refunded: z.number().describe('Rupees refunded against this return'),
    refundable: z.number().describe('Rupees still refundable on this return: its pieces’ price less its refunds, within what is left of the payment'),
    created_at: z.string(),
  })
  .meta({ id: 'Return' });
export type ReturnCase = z.infer<typeof returnSchema>;

export const cancelAnswerSchema = z.object({ cancellation_request: cancellationRequestSchema }).meta({ id: 'CancellationPending' });

export const afterSaleCountsSchema = z.object({
  cancellation_requests: z.number().int(),
  returns_open: z.number().int(),
  refunds_due: z.number().int(),
  refunds_overdue: z.number().int(),
});
export type AfterSaleCounts = z.infer<typeof afterSaleCountsSchema>;

/** The buyer's line for a refund: "Refund of ₹X initiated on …, reference …." and the studio's note, if any. */
export function refundLine(r: { amount: number; created_at: string; provider_refund_id: string | null; note?: string | null }): string {
  return `Refund of ${formatPaise(toPaise(r.amount))} initiated on ${formatDay(r.created_at)}${r.provider_refund_id ? `, reference ${r.provider_refund_id}` : ', reference to follow'}.${r.note ? ` ${r.note}` : ''}`;
}

const sentence = (text: string | null | undefined) => (text ? ` ${/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`}` : '');

/**
 * What became of a return, for the buyer: the decision, whether the piece is collected or kept, and once refunded,
 * what was refunded of the pieces' price and what the studio kept (with its note saying why).
 */
export function returnStory(
  r: Pick<ReturnCase, 'status' | 'reason_label' | 'piece' | 'pickup_date' | 'decision_note' | 'worth' | 'refunded'>,
): string {
  const head = `Problem reported (${r.reason_label}):`;
  const kept = r.piece === 'keep' ? ' You keep the piece; nothing will be collected.' : '';
  switch (r.status) {
    case 'reported':
      return `${head} the studio will answer soon.`;
    case 'declined':
      return `${head} your return was declined.${sentence(r.decision_note)}`;
    case 'accepted':
      return `${head} return accepted.${
        r.piece === 'keep' ? kept : ` We will collect the piece on ${r.pickup_date ? formatDay(r.pickup_date) : 'a date we will confirm'}.`
      }${sentence(r.decision_note)}`;
    case 'received':
      return `${head} we received the piece you returned; your refund follows.${sentence(r.decision_note)}`;
    case 'replaced':
      return `${head} a replacement is on its way at no charge.${kept}`;
    case 'refunded': {
      const worth = toPaise(r.worth);
      const refunded = toPaise(r.refunded);
      const rest = worth - refunded;
      return `${head} ${formatPaise(refunded)} refunded for the returned pieces (${formatPaise(worth)})${
        rest > 0 ? `; the studio kept ${formatPaise(rest)}, as its note with the refund says` : ''
      }.${kept}`;
    }
  }
}

/**
 * What became of the money of a cancelled order: paid, refunded, and what the studio kept and why (the policy's
 * fee, or the studio's note).
 */
export function cancelledStory(m: { paid: number; refunded: number; fee: number; note: string | null }): string {
  const paid = toPaise(m.paid);
  const refunded = toPaise(m.refunded);
  const kept = paid - refunded;
  const base = `Of the ${formatPaise(paid)} you paid, ${formatPaise(refunded)} ${refunded === paid ? 'is refunded in full' : 'is refunded'}`;
  if (kept <= 0) return `${base}.`;
  const why =
    m.fee > 0 && toPaise(m.fee) === kept
      ? 'the cancellation fee our policy states'
      : m.note
        ? `as the studio wrote: ${m.note.trim()}`
        : 'the studio will write to you about it';
  return `${base}; the studio kept ${formatPaise(kept)}: ${why}${/[.!?]$/.test(why) ? '' : '.'}`;
}

/** Rupees for the buyer's sentences, in the shop's one money format: ₹12,500 or ₹12,500.50. */
export function rupeesText(paise: number): string {
  return formatPaise(paise);
}

/** The India date of an instant (or an India calendar date) as "12 January 2027". */
export function indiaDay(at: Date | string): string {
  return formatDay(at);
}

const labelOf = (list: Record<string, string>, key: string | undefined) => (key ? (list[key] ?? key) : '');

/**
 * The buyer's timeline sentence of an after-sale step, made from the event's facts (never parsed from a note).
 * Null for kinds that are not after-sale steps.
 */
export function afterSaleSentence(
  kind: string,
  data: {
    reason?: string;
    decision_note?: string;
    pickup_date?: string;
    amount_paise?: number;
    fee_paise?: number;
    refund_id?: string;
    replacement?: string;
  },
): string | null {
  const note = data.decision_note ? ` ${data.decision_note}` : '';
  const amount = data.amount_paise === undefined ? '' : rupeesText(data.amount_paise);
  switch (kind) {
    case 'cancellation_requested':
      return `You asked us to cancel this order (${labelOf(CANCEL_REASONS, data.reason)}). The workshop has started, so the studio will answer your request.`;
    case 'cancellation_accepted':
      // The move to cancelled says it was cancelled; this line tells the fee kept and the studio's words, if any.
      if (!data.fee_paise && !data.decision_note) return null;
      return `Cancellation accepted.${data.fee_paise ? ` The policy's cancellation fee of ${rupeesText(data.fee_paise)} was kept.` : ''}${note}`;
    case 'cancellation_declined':
      return `Your cancellation request was declined.${note}`;
    case 'return_reported':
      return `You reported a problem: ${labelOf(RETURN_REASONS, data.reason).toLowerCase()}.`;
    case 'return_accepted':
      return data.pickup_date
        ? `Return accepted: we will collect the piece on ${indiaDay(data.pickup_date)}.${note}`
        : `Return accepted: you keep the piece; nothing will be collected.${note}`;
    case 'return_received':
      return `We received the returned piece.${note}`;
    case 'return_replaced':
      return `A replacement is on its way at no charge: order ${data.replacement ?? ''}.${note}`;
    case 'return_declined':
      return `Your return was declined.${note}`;
    case 'return_refunded':
    case 'refund_initiated':
      return `Refund of ${amount} initiated.${note}`;
    default:
      return null;
  }
}
