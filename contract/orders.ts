import { gstinProblem } from './gst';
import { phoneSchema } from './phone';
import { strictObject, z } from './zod';
import { cartCodeSchema, SHIPPING_METHODS } from './cart';
import { deliveryWindowSchema, PINCODE_PATTERN } from './delivery';
import { CHARGE_PURPOSES, FINANCIAL_STATUSES, PAYMENT_STATUSES } from './money';

export { PAYMENT_STATUSES, UNPAID_STATUSES, type PaymentStatus } from './money';

export const PIN_MESSAGE = 'Enter a valid 6-digit PIN code.';
export { PHONE_MESSAGE as ADDRESS_PHONE_MESSAGE } from './phone';
export const COUNTRY_MESSAGE = 'We deliver within India only.';

const required = (max: number) =>
  z.string({ message: 'This field is required.' }).trim().min(1, 'This field is required.').max(max, `Use at most ${max} characters.`);

/** The fields a buyer fills in; every one is required but the second address line. */
export const addressInputSchema = z.object({
  first_name: required(100),
  last_name: required(100),
  email: required(254).pipe(z.email({ message: 'Enter a valid e-mail address.' })),
  phone: phoneSchema,
  address_line1: required(200),
  address_line2: z
    .string()
    .trim()
    .max(200, 'Use at most 200 characters.')
    .nullish()
    .transform((v) => v ?? ''),
  city: required(100),
  state: required(100),
  postal_code: z.string({ message: 'This field is required.' }).trim().min(1, 'This field is required.').regex(PINCODE_PATTERN, PIN_MESSAGE),
  country: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : 'India'))
    .refine((v) => v.toLowerCase() === 'india', COUNTRY_MESSAGE)
    .transform(() => 'India'),
  /** A business buyer's GSTIN, printed on the tax invoice; blank for a consumer. */
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .nullish()
    .transform((v) => v || undefined)
    .superRefine((v, ctx) => {
      const problem = v ? gstinProblem(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** The business's registered name, with its GSTIN. */
  business_name: z
    .string()
    .trim()
    .max(200, 'Use at most 200 characters.')
    .nullish()
    .transform((v) => v || undefined),
});

/** An address as stored on an order: a copy, so later edits or deletions never change a placed order. */
export const addressSnapshotSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    address_line1: z.string(),
    address_line2: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
    gstin: z.string().optional(),
    business_name: z.string().optional(),
  })
  .meta({ id: 'AddressSnapshot' });

export const addressSchema = addressSnapshotSchema.extend({ id: z.number().int() }).meta({ id: 'Address' });

export const deleteAddressSchema = z.object({
  id: z.coerce.number({ message: 'Give a valid address id.' }).int('Give a valid address id.').positive('Give a valid address id.'),
});

// ── payment ────────────────────────────────────────────────────────────────────────────────────
export const createOrderSchema = strictObject({
  cart_code: cartCodeSchema,
  shipping_method: z.enum(SHIPPING_METHODS, { message: 'Choose standard or express delivery.' }).optional(),
  amount: z.coerce
    .number({ message: 'The amount must be a whole number of paise.' })
    .int('The amount must be a whole number of paise.')
    .positive('The amount must be a whole number of paise.')
    .optional()
    .describe('Paise (total × 100). Used only to pick the shipping method when none is given.'),
  address: z
    .union([z.coerce.number().int().positive(), addressInputSchema], { message: 'Choose a delivery address.' })
    .optional()
    .describe(
      'Optional: the delivery address (saved id or full), kept so a payment confirmed later by the provider still has it. Delivery is priced to its pincode (the flat ₹500 / ₹1,000 without one); an unserved pincode is 409.',
    ),
  address_id: z.coerce
    .number({ message: 'Choose a delivery address.' })
    .int('Choose a delivery address.')
    .positive('Choose a delivery address.')
    .optional()
    .describe('Optional: a saved address’s id (the same as `address` with an id)'),
});

/**
 * A refusal of `create_order` (409): the shop's error envelope, and for the two refusals a page acts on
 * (contract/checkout-refusals.ts) their facts.
 */
export const checkoutConflictSchema = z
  .object({
    detail: z.string(),
    code: z
      .string()
      .describe(
        'conflict, or cart_paid (the cart was paid: see order_number), or price_changed (see total_paise), or method_not_offered (the method is not offered at the pincode: see offered_method and total_paise)',
      ),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    order_number: z.string().optional().describe('cart_paid: the order that paid the cart'),
    order_id: z.number().int().optional().describe('cart_paid: its id'),
    shipping_method: z.enum(SHIPPING_METHODS).optional().describe('price_changed: the method priced; method_not_offered: the method asked for'),
    pincode: z.string().nullable().optional().describe('price_changed, method_not_offered: the pincode delivery was priced to'),
    subtotal_paise: z.number().int().optional().describe('price_changed: the pieces, now'),
    shipping_paise: z.number().int().optional().describe('price_changed: delivery, now; method_not_offered: delivery by the offered method'),
    total_paise: z.number().int().optional().describe('price_changed: the total to send again; method_not_offered: the total by the offered method'),
    shown_paise: z.number().int().optional().describe('price_changed: the total that was sent'),
    offered_method: z.enum(SHIPPING_METHODS).optional().describe('method_not_offered: the method offered at the pincode instead'),
  })
  .meta({ id: 'CheckoutConflict' });

export const createOrderResponseSchema = z
  .object({
    order_id: z.string().describe('The payment provider order id'),
    razorpay_key: z.string().describe('Key id for the checkout script; "simulated" with the built-in provider'),
    amount: z.number().int().describe('Paise'),
    currency: z.literal('INR'),
    name: z.string(),
    description: z.string(),
    provider: z.enum(['razorpay', 'simulated']),
    shipping_method: z.enum(SHIPPING_METHODS),
    subtotal_amount: z.string(),
    shipping_amount: z.string(),
    total_amount: z.string(),
    delivery_window: deliveryWindowSchema.describe('The window promised for the chosen method to the address’s pincode; null without an address'),
  })
  .meta({ id: 'PaymentOrder' });

const providerId = (what: string) =>
  z
    .string({ message: `The ${what} is missing.` })
    .trim()
    .min(1, `The ${what} is missing.`)
    .max(100, `The ${what} is not valid.`);

export const verifyPaymentSchema = z.object({
  cart_code: cartCodeSchema,
  razorpay_payment_id: providerId('payment id'),
  razorpay_order_id: providerId('order id'),
  razorpay_signature: z.string({ message: 'The payment signature is missing.' }).max(200, 'The payment signature is not valid.'),
  address: z.union([z.coerce.number().int().positive(), addressInputSchema], {
    message: 'Choose a delivery address.',
  }),
});

export const verifyPaymentResponseSchema = z.object({
  detail: z.string(),
  order_id: z.number().int(),
  items_left_in_cart: z
    .number()
    .int()
    .optional()
    .describe('Pieces added to the cart after the payment started: not paid for, they stay in the open cart'),
});

/** How an order was paid, from the provider's payment: what the order history shows. */
export const paymentMethodSchema = z
  .object({
    method: z.string().describe('card | upi | netbanking | wallet | emi | … as Razorpay reports it; simulated for the built-in test provider'),
    card_network: z.string().nullable(),
    card_last4: z.string().nullable(),
    label: z.string().describe('e.g. "Visa ending 4242", "UPI", "Netbanking", "Test payment (simulated)"'),
  })
  .meta({ id: 'PaymentMethod' });

export const refundSchema = z
  .object({
    amount: z.string().describe('Rupees, two decimals'),
    status: z
      .enum(['pending', 'processed', 'failed'])
      .describe('pending: being asked of the provider; processed: the provider made it; failed: the provider refused it, the shop acts'),
    provider_refund_id: z.string().nullable(),
    razorpay_payment_id: z.string().describe('The payment this refund gives back'),
    created_at: z.string(),
  })
  .meta({ id: 'Refund' });

/** One payment of an order (decision 0045): the whole order, an advance or a balance, with what was given back of it. */
export const orderPaymentSchema = z
  .object({
    kind: z.enum(CHARGE_PURPOSES).describe('order: the whole price; advance and balance: an order made from a quote'),
    amount: z.number().describe('Rupees received'),
    refunded: z.number().describe('Rupees given back of this payment'),
    refundable: z.number().describe('Rupees that may still be given back of this payment'),
    status: z
      .enum(['captured', 'partially_refunded', 'refunded'])
      .describe('captured: received and kept; partially_refunded / refunded: some or all of it given back'),
    duplicate: z.boolean().describe('A second payment of something already paid, given back in full'),
    provider_order_id: z.string().nullable().describe("The provider's order this payment was made against"),
    provider_payment_id: z.string().describe("The provider's payment"),
    razorpay_order_id: z.string().nullable().describe('The same as provider_order_id, in the names the rest of the order answer uses'),
    razorpay_payment_id: z.string().describe('The same as provider_payment_id'),
    paid_at: z.string(),
  })
  .meta({ id: 'OrderPayment' });

/** A refund as the owner sees it on the order: with why it failed, which the buyer never reads. */
export const adminOrderRefundSchema = refundSchema
  .extend({
    error: z
      .string()
      .nullable()
      .optional()
      .describe(
        'Why a failed refund was not made: the payment provider’s refusal (say, above what was captured), or the last error of its tries; null otherwise',
      ),
  })
  .meta({ id: 'AdminOrderRefund' });

const CARD_NETWORK_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  rupay: 'RuPay',
  amex: 'American Express',
  'american express': 'American Express',
  diners: 'Diners Club',
  'diners club': 'Diners Club',
  maestro: 'Maestro',
};
const METHOD_NAMES: Record<string, string> = {
  upi: 'UPI',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  emi: 'EMI',
  card: 'Card',
  paylater: 'Pay Later',
  simulated: 'Test payment (simulated)',
};

/**
 * How an order was paid, from what its provider said: Razorpay's method ("Visa ending 4242", "UPI", …), and
 * "Test payment (simulated)" for the built-in provider, which takes no card (orders it paid before it said so
 * were recorded with a made-up test card, which is not shown).
 */
export function paymentMethodOf(
  provider: string,
  method: string,
  network: string | null,
  last4: string | null,
): { method: string; card_network: string | null; card_last4: string | null; label: string } {
  if (provider === 'simulated') return { method: 'simulated', card_network: null, card_last4: null, label: METHOD_NAMES.simulated! };
  return { method, card_network: network, card_last4: last4, label: paymentMethodLabel(method, network, last4) };
}

/** "Visa ending 4242", "UPI", … from what the provider said about a payment. */
export function paymentMethodLabel(method: string, network: string | null, last4: string | null): string {
  if (method === 'card' || method === 'emi') {
    const name = network ? (CARD_NETWORK_NAMES[network.toLowerCase()] ?? network) : 'Card';
    return last4 ? `${name} ending ${last4}` : name;
  }
  return METHOD_NAMES[method] ?? method.charAt(0).toUpperCase() + method.slice(1);
}

export const cancelPaymentSchema = strictObject({ cart_code: cartCodeSchema, razorpay_order_id: providerId('order id') });

/** The built-in simulated provider's stand-in for the checkout window (never in production). */
export const simulatedPaySchema = z.object({ razorpay_order_id: providerId('order id') });
export const paymentSuccessSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});

// ── orders ─────────────────────────────────────────────────────────────────────────────────────
export const ORDER_STATUSES = ['pending', 'paid', 'in_production', 'ready_to_dispatch', 'shipped', 'delivered', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  in_production: 'In production',
  ready_to_dispatch: 'Ready to dispatch',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * The stages an order goes through: the statuses above, and the workshop's own steps for a piece made to
 * order. `status` stays the coarse word existing clients know (every workshop stage is `in_production`, an
 * installed order is `delivered`); `stage` is the step itself.
 */
export const ORDER_STAGES = [
  'pending',
  'expired',
  'paid',
  'in_production',
  'design_signoff',
  'timber_selection',
  'joinery',
  'finishing',
  'quality_check',
  'ready_to_dispatch',
  'shipped',
  'delivered',
  'installed',
  'cancelled',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** The workshop's steps, in order: a made-to-order piece goes through each; a ready-to-ship order skips them. */
export const WORKSHOP_STAGES = [
  'design_signoff',
  'timber_selection',
  'joinery',
  'finishing',
  'quality_check',
] as const satisfies readonly OrderStage[];

interface StageRow {
  /** What `status` says while the order is at this stage. */
  status: OrderStatus;
  label: string;
  /** The stages that may follow (the forward step, and cancellation where it is still possible). */
  next: readonly OrderStage[];
  /** Where a ready-to-ship order goes instead (it skips the workshop). */
  nextReadyToShip?: readonly OrderStage[];
}

/**
 * The one forward-only table of an order's life: every stage, the status it shows, and what may follow it.
 * The server refuses any other move (going back, skipping a stage) with a sentence.
 */
export const ORDER_FLOW: Record<OrderStage, StageRow> = {
  // expired: the buyer did not pay in time and the held pieces went back; a late payment still completes
  // it when the pieces can be had again (otherwise it is refunded and the order cancelled).
  pending: { status: 'pending', label: 'Awaiting payment', next: ['paid', 'cancelled', 'expired'] },
  expired: { status: 'expired', label: 'Expired', next: ['paid', 'cancelled'] },
  paid: { status: 'paid', label: 'Paid', next: ['design_signoff', 'cancelled'], nextReadyToShip: ['ready_to_dispatch', 'cancelled'] },
  // Orders that went into the workshop before its steps were followed one by one.
  in_production: { status: 'in_production', label: 'In production', next: ['ready_to_dispatch', 'cancelled'] },
  design_signoff: { status: 'in_production', label: 'Design sign-off', next: ['timber_selection', 'cancelled'] },
  timber_selection: { status: 'in_production', label: 'Timber selection', next: ['joinery', 'cancelled'] },
  joinery: { status: 'in_production', label: 'Joinery', next: ['finishing', 'cancelled'] },
  finishing: { status: 'in_production', label: 'Finishing and polish', next: ['quality_check', 'cancelled'] },
  quality_check: { status: 'in_production', label: 'Quality check', next: ['ready_to_dispatch', 'cancelled'] },
  ready_to_dispatch: { status: 'ready_to_dispatch', label: 'Ready to dispatch', next: ['shipped', 'cancelled'] },
  // Cancellation is allowed before delivery (the shipping policy): from shipped only as the owner's answer to a request.
  shipped: { status: 'shipped', label: 'Shipped', next: ['delivered', 'cancelled'] },
  delivered: { status: 'delivered', label: 'Delivered', next: ['installed'] },
  installed: { status: 'delivered', label: 'Installed', next: [] },
  cancelled: { status: 'cancelled', label: 'Cancelled', next: [] },
};

export const ORDER_STAGE_LABELS = Object.fromEntries(ORDER_STAGES.map((s) => [s, ORDER_FLOW[s].label])) as Record<OrderStage, string>;

/** The stages that may follow `from` for an order that is made to order or ready to ship. */
export function nextStages(from: OrderStage, madeToOrder: boolean): readonly OrderStage[] {
  const row = ORDER_FLOW[from];
  return madeToOrder ? row.next : (row.nextReadyToShip ?? row.next);
}

/** The road an order travels after payment, as the buyer sees it (a cancelled order stops where it was). */
export function orderRoad(madeToOrder: boolean, reached: readonly OrderStage[] = []): OrderStage[] {
  // An order that went into the workshop before its steps were followed keeps its one "In production" step.
  const workshop: OrderStage[] = reached.includes('in_production') ? ['in_production'] : madeToOrder ? [...WORKSHOP_STAGES] : [];
  return ['paid', ...workshop, 'ready_to_dispatch', 'shipped', 'delivered', 'installed'];
}

/**
 * The owner's views of the orders list: paid orders (every status after payment, the default), payment
 * attempts still open, expired attempts, or everything.
 */
export const ADMIN_ORDER_VIEWS = ['paid', 'pending', 'expired', 'all'] as const;
export type AdminOrderView = (typeof ADMIN_ORDER_VIEWS)[number];
export const ADMIN_ORDER_VIEW_LABELS: Record<AdminOrderView, string> = {
  paid: 'Paid orders',
  pending: 'Awaiting payment',
  expired: 'Expired',
  all: 'All',
};

export const orderItemSchema = z
  .object({
    id: z.number().int().optional().describe('The order item’s id (the `items` of a return)'),
    product: z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      slug: z.string().nullable().describe('Null for a piece made to the buyer’s size that is no product of the catalogue (a quote’s line)'),
      images: z.array(z.object({ image: z.string() })),
      price: z.number().describe('The unit price paid, in rupees (as the existing client reads it)'),
    }),
    quantity: z.number().int(),
    finish: z.string(),
    unit_price: z.string().describe('Rupees, two decimals'),
    total: z.string().describe('Rupees, two decimals'),
  })
  .meta({ id: 'OrderItem' });

export const timelineEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  stage: z.enum(ORDER_STAGES).describe('The step itself (a workshop stage, installed, …); `status` is its coarse word'),
  at: z.string(),
  note: z
    .string()
    .describe(
      'Buyer views: one entry per move, with the shop’s words for it (empty when the step speaks for itself). The admin views also hold the owner-only payment notes.',
    ),
  photos: z.array(z.string()).describe('Photos of the step from the workshop (image URLs, `/media/...`)'),
});

export const expectedDeliverySchema = z
  .object({ from: z.string().describe('YYYY-MM-DD'), to: z.string().describe('YYYY-MM-DD') })
  .nullable()
  .describe('When the piece is expected at the buyer’s door (India dates), or null when not known yet')
  .meta({ id: 'ExpectedDelivery' });

/**
 * The papers of an order's money: the receipt voucher of an advance, the tax invoice, the credit note of a refund,
 * the refund voucher of an advance refunded before any tax invoice.
 */
export const DOCUMENT_KINDS = ['receipt_voucher', 'invoice', 'credit_note', 'refund_voucher'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const orderDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  url: z.string().describe('The PDF, for the buyer and superusers'),
});

export const orderSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    total_amount: z.string().describe('Rupees, two decimals, e.g. "54999.00"'),
    subtotal_amount: z.string(),
    shipping_amount: z.string(),
    shipping_method: z.enum(SHIPPING_METHODS),
    razorpay_order_id: z.string().nullable().describe('The provider order paid for it; null for a replacement sent at no charge'),
    tracking_number: z.string().nullable(),
    carrier: z.string().nullable().describe('The delivery company, set when the order is shipped'),
    tracking_url: z.string().nullable().describe('The carrier’s tracking page for this parcel, when the owner gave one'),
    eway_bill_number: z
      .string()
      .nullable()
      .optional()
      .describe('The e-way bill’s 12 digits, when the order was dispatched with one (above the e-way bill threshold)'),
    payment_method: paymentMethodSchema.nullable().describe('Null until the order is paid'),
    refunds: z.array(refundSchema).describe('Money given back through the payment provider'),
    address: addressSnapshotSchema.nullable().describe('Null until the order is paid'),
    items: z.array(orderItemSchema),
    cart: z.object({ items: z.array(orderItemSchema) }).describe('Mirrors items, for clients that read the order cart'),
    stage: z.enum(ORDER_STAGES).describe('The step the order is at; `status` is its coarse word'),
    made_to_order: z.boolean().describe('True when a piece of the order is made to order: it goes through the workshop’s stages'),
    timeline: z.array(timelineEntrySchema),
    expected_delivery: expectedDeliverySchema,
    delivery_window: deliveryWindowSchema,
    delivery_pincode: z.string().nullable().describe('The pincode the delivery was priced to; null when placed without an address'),
    amount_paid: z.number().describe('Rupees received and not refunded (an advance, a balance, the whole price)'),
    balance_due: z.number().describe('Rupees still to pay before dispatch (an order from a quote whose advance is paid); 0 otherwise'),
    financial_status: z
      .enum(FINANCIAL_STATUSES)
      .describe('The order’s money in Shopify’s words: pending, partially_paid, paid, partially_refunded, refunded or voided'),
    amount_refunded: z.number().describe('Rupees given back, every refund written down (being made or made)'),
    refundable: z.number().describe('Rupees that may still be given back: every payment received less every refund'),
    payments: z.array(orderPaymentSchema).describe('Every payment captured for the order, oldest first'),
    documents: z.array(orderDocumentSchema).describe('Receipt voucher, tax invoice and credit note issued for the order'),
  })
  .meta({ id: 'Order' });

export const adminOrderSchema = orderSchema
  .extend({
    email: z.string(),
    user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
    provider: z.string().nullable().describe('The payment provider; null for a replacement sent at no charge'),
    razorpay_payment_id: z.string().nullable(),
    refunds: z.array(adminOrderRefundSchema).describe('Money given back through the payment provider, with why a failed refund was not made'),
    next_statuses: z.array(z.enum(ORDER_STATUSES)),
    next_stages: z.array(z.enum(ORDER_STAGES)).describe('The stages the owner may move the order to (the next one, or cancelled)'),
    expected_revision: z
      .object({ from: z.string(), to: z.string(), reason: z.string(), at: z.string() })
      .nullable()
      .describe('The owner’s last revision of the expected delivery, with its reason'),
    late: z.boolean().describe('Not delivered yet and past the last day of its expected delivery (India date)'),
  })
  .meta({ id: 'AdminOrder' });

export const adminOrderQuerySchema = z.object({
  view: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(ADMIN_ORDER_VIEWS, { message: `Use one of: ${ADMIN_ORDER_VIEWS.join(', ')}.` })
      .default('paid')
      .describe('paid (default: every order that was paid), pending (awaiting payment), expired, or all'),
  ),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ORDER_STATUSES, { message: `Use one of: ${ORDER_STATUSES.join(', ')}.` }).optional(),
  ),
  search: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(254).optional()),
});

export const adminOrderCountsQuerySchema = z.object({
  search: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(254).optional()),
});

export const adminOrderCountsSchema = z
  .object({
    paid: z.number().int(),
    pending: z.number().int(),
    expired: z.number().int(),
    all: z.number().int(),
  })
  .describe('Orders in each view of the list (with the search applied)')
  .meta({ id: 'AdminOrderCounts' });

export const SHIPMENT_MESSAGES = {
  carrier: 'Enter the carrier that takes the parcel.',
  tracking_number: 'Enter the tracking number the carrier gave.',
  tracking_url: 'Enter the tracking page as an https:// link, or leave it empty.',
  detail: 'An order can be marked shipped only with its carrier and tracking number, so the buyer can follow the parcel.',
  eway_bill_number: 'Enter the e-way bill number: its 12 digits, as the e-way bill portal gave it.',
  eway_bill_required: 'Enter the e-way bill number: an order of this value travels with an e-way bill (generate it on the e-way bill portal first).',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);

export const STAGE_MESSAGE = 'Choose the stage to move the order to.';

/** The most photos one stage change carries. */
export const STAGE_PHOTOS_MAX = 6;

export const orderStatusUpdateSchema = strictObject({
  status: z
    .enum(ORDER_STATUSES, { message: `Use one of: ${ORDER_STATUSES.join(', ')}.` })
    .optional()
    .describe('The coarse status to move to, for clients that do not know stages: the next stage with that status'),
  stage: z
    .enum(ORDER_STAGES, { message: `Use one of: ${ORDER_STAGES.join(', ')}.` })
    .optional()
    .describe('The stage to move to (the next one, or cancelled); or send `status` as before'),
  note: z.string().trim().max(500, 'Use at most 500 characters.').optional(),
  carrier: optionalText(100).describe('Required to mark an order shipped'),
  tracking_number: optionalText(100).describe('Required to mark an order shipped'),
  tracking_url: optionalText(500)
    .refine((v) => v === undefined || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), SHIPMENT_MESSAGES.tracking_url)
    .describe('Optional: the carrier’s tracking page for this parcel (https)'),
  eway_bill_number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{12}$/.test(v), SHIPMENT_MESSAGES.eway_bill_number)
    .optional()
    .transform((v) => v || undefined)
    .describe('The e-way bill’s 12 digits: required to mark shipped an order above the e-way bill threshold (₹50,000 unless configured)'),
}).refine((v) => v.stage !== undefined || v.status !== undefined, { message: STAGE_MESSAGE, path: ['stage'] });

const isoDay = (message: string) =>
  z
    .string({ message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), message);

export const EXPECTED_MESSAGES = {
  from: 'Enter the first day of the new delivery window.',
  to: 'Enter the last day of the new delivery window.',
  order: 'The window must end on or after its first day.',
  reason: 'Give the reason for the new date: the buyer reads it.',
} as const;

/** The owner's revision of when the piece is expected at the buyer's door; the reason is required. */
export const expectedDeliveryUpdateSchema = strictObject({
  from: isoDay(EXPECTED_MESSAGES.from).describe('YYYY-MM-DD'),
  to: isoDay(EXPECTED_MESSAGES.to).describe('YYYY-MM-DD, on or after `from`'),
  reason: z
    .string({ message: EXPECTED_MESSAGES.reason })
    .trim()
    .min(1, EXPECTED_MESSAGES.reason)
    .max(500, 'Use at most 500 characters.')
    .describe('Why the date changed; told to the buyer'),
}).refine((v) => v.to >= v.from, { message: EXPECTED_MESSAGES.order, path: ['to'] });

/** What anyone holding the order number and the buyer's e-mail may see: no address, no payment ids. */
export const trackedOrderSchema = z
  .object({
    number: z.string(),
    created_at: z.string(),
    status: z.enum(ORDER_STATUSES),
    shipping_method: z.enum(SHIPPING_METHODS),
    tracking_number: z.string().nullable(),
    carrier: z.string().nullable(),
    tracking_url: z.string().nullable(),
    total_amount: z.string(),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int(), finish: z.string() })),
    stage: z.enum(ORDER_STAGES),
    made_to_order: z.boolean(),
    timeline: z.array(timelineEntrySchema),
    expected_delivery: expectedDeliverySchema,
    delivery_window: deliveryWindowSchema,
  })
  .meta({ id: 'TrackedOrder' });

export const trackOrderQuerySchema = z.object({
  number: z.string({ message: 'Enter your order number.' }).trim().min(1, 'Enter your order number.').max(40),
  email: z.string({ message: 'Enter the e-mail address used for the order.' }).trim().min(1, 'Enter the e-mail address used for the order.').max(254),
});

export type AddressInput = z.input<typeof addressInputSchema>;
export type Address = z.infer<typeof addressSchema>;
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;
export type PaymentSuccess = z.infer<typeof paymentSuccessSchema>;
export type OrderItem = z.infer<typeof orderItemSchema>;
export type Order = z.infer<typeof orderSchema>;
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export type ExpectedDelivery = z.infer<typeof expectedDeliverySchema>;
export type AdminOrderCounts = z.infer<typeof adminOrderCountsSchema>;
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type Refund = z.infer<typeof refundSchema>;
