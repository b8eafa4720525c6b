/**
 * A piece in the buyer's size (issue 32, decision 0039): the buyer's request, the owner's quote (in versions),
 * its advance and its balance. Shared by the API, the pages and the server.
 */
import { createOrderResponseSchema } from './orders';
import { pincodeSchema } from './delivery';
import { strictObject, typedRupees, z } from './zod';

/** Where a request was made: a customizable product's page, or the Bespoke / Design Solution pages (no product). */
export const QUOTE_REQUEST_SOURCES = ['product', 'bespoke', 'design_solution'] as const;
export type QuoteRequestSource = (typeof QUOTE_REQUEST_SOURCES)[number];

/**
 * A quote's life: a draft the owner prices; sent to the buyer; the buyer accepts it (its advance being paid), asks for a change, or lets it
 * expire; a newer version withdraws it; paid once its advance is captured (it is an order then).
 */
export const QUOTE_STATUSES = ['draft', 'sent', 'change_requested', 'accepted', 'paid', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A request for a quote as the buyer and the owner name it (its versions are numbered beside it): Q-12. */
export const quoteReference = (requestId: number) => `Q-${requestId}`;

/** The most reference photos a request carries. */
export const QUOTE_PHOTOS_MAX = 5;
/** The advance the owner asks by default (percent of the quote's total) and the quote's default validity. */
export const DEFAULT_ADVANCE_PERCENT = 50;
export const DEFAULT_VALID_DAYS = 14;
/** A customizable product's allowed range around each of its own dimensions (±25 %). */
export const SIZE_RANGE = 0.25;
/** The finish a buyer describes in words instead of choosing one of the shop's. */
export const OTHER_FINISH = 'another, described';

export type SizeRange = { min: number; max: number };
/** The range a product allows for one of its dimensions (cm), or a free range when it has none. */
export function sizeRange(own: number | undefined): SizeRange {
  if (!own || own <= 0) return { min: 10, max: 400 };
  return { min: Math.ceil(own * (1 - SIZE_RANGE)), max: Math.floor(own * (1 + SIZE_RANGE)) };
}

const cm = (what: string) =>
  z.coerce
    .number({ message: `Give the ${what} in cm.` })
    .int(`Give the ${what} in whole cm.`)
    .positive(`Give the ${what} in cm.`)
    .max(1000, `The ${what} is at most 1000 cm.`);

/** The request's fields, as the form and the multipart API send them (photos travel as files beside them). */
export const quoteRequestFormSchema = z.object({
  product: z.string().trim().max(120).optional().describe('The product’s slug; left out on the Bespoke and Design Solution pages'),
  source: z.enum(QUOTE_REQUEST_SOURCES).optional().describe('product (the default with a product), bespoke or design_solution'),
  description: z.string().trim().max(2000, 'Keep the description under 2000 characters.').optional(),
  length: cm('length').optional(),
  breadth: cm('breadth').optional(),
  height: cm('height').optional(),
  finish: z.string().trim().max(60).optional().describe(`One of the product’s (or the shop’s) finishes, or "${OTHER_FINISH}"`),
  finish_other: z.string().trim().max(200, 'Describe the finish in under 200 characters.').optional(),
  notes: z.string().trim().max(2000, 'Keep the notes under 2000 characters.').optional(),
  pincode: pincodeSchema,
});
export type QuoteRequestForm = z.infer<typeof quoteRequestFormSchema>;

export const quoteLineInputSchema = strictObject({
  piece: z.string().trim().min(1, 'Name the piece.').max(120),
  dimensions: z.string().trim().max(60).default(''),
  finish: z.string().trim().max(60).default(''),
  price: typedRupees(
    z
      .number({ message: 'Give the line’s price in rupees.' })
      .min(0, 'A line’s price is zero (a piece included) or more.')
      .max(10_000_000, 'A line’s price is at most ₹1,00,00,000.'),
  ).describe('Rupees, GST included: a number, or text as typed ("1,35,000")'),
  product: z
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe('The product the line is priced as (its category’s GST rate); the request’s by default'),
});

/** The most lines a quote carries. */
export const QUOTE_LINES_MAX = 20;

export const quoteInputSchema = strictObject({
  request: z.number().int().positive(),
  lines: z
    .array(quoteLineInputSchema)
    .min(1, 'A quote needs at least one line.')
    .max(QUOTE_LINES_MAX, `A quote has at most ${QUOTE_LINES_MAX} lines.`),
  delivery: typedRupees(
    z
      .number({ message: 'Give the delivery price in rupees (0 when it is free), such as 2,500.' })
      .min(0, 'The delivery price cannot be below zero.')
      .max(1_000_000, 'The delivery price is at most ₹10,00,000.'),
  )
    .optional()
    .describe('Rupees; the shop’s freight to the request’s pincode when left out'),
  production_weeks: z
    .number({ message: 'Give the number of production weeks.' })
    .int('Give the production time in whole weeks.')
    .min(1, 'Production takes 1 to 52 weeks.')
    .max(52, 'Production takes 1 to 52 weeks.'),
  advance_percent: z
    .number({ message: 'Give the advance in percent of the total.' })
    .int('Give the advance as a whole percent.')
    .min(10, 'The advance is 10 to 100 percent.')
    .max(100, 'The advance is 10 to 100 percent.')
    .default(DEFAULT_ADVANCE_PERCENT),
  valid_until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the “valid until” date as YYYY-MM-DD.')
    .optional()
    .describe(`India date; ${DEFAULT_VALID_DAYS} days from today when left out`),
});
export type QuoteInput = z.infer<typeof quoteInputSchema>;

/** The owner's quote form's line fields, in words. */
const LINE_FIELDS: Record<string, string> = { piece: 'name of the piece', dimensions: 'dimensions', finish: 'finish', price: 'price' };

/**
 * One refusal of the quote's schema as the owner reads it, naming the field in words:
 * "The price of line 2 is missing: give it in rupees (0 for a piece included)."
 */
export function quoteIssueSentence(issue: { path: PropertyKey[]; code: string; message: string; input?: unknown }): string {
  const [first, index, field] = issue.path;
  const missing = issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null || issue.input === '');
  if (first === 'lines' && typeof index === 'number' && typeof field === 'string') {
    const what = `The ${LINE_FIELDS[field] ?? field} of line ${index + 1}`;
    if (field === 'price') {
      if (missing) return `${what} is missing: give it in rupees (0 for a piece included).`;
      if (issue.code === 'invalid_type') return `${what} cannot be read: give it in rupees, such as 1,35,000 (0 for a piece included).`;
      if (issue.code === 'too_small') return `${what} cannot be below zero.`;
      return `${what} is at most ₹1,00,00,000.`;
    }
    if (field === 'piece' && issue.code === 'too_small') return `Name the piece of line ${index + 1}, or leave that line’s price empty too.`;
    if (issue.code === 'too_big') return `${what} is too long: shorten it.`;
    return `${what} cannot be read: give it as text.`;
  }
  // The quote's own fields carry sentences that name them.
  return issue.message;
}

export const quoteLineSchema = z.object({
  piece: z.string(),
  dimensions: z.string(),
  finish: z.string(),
  price: z.number().describe('Rupees, incl. GST'),
  product: z.number().int().nullable(),
});

export const quoteSchema = z
  .object({
    id: z.number().int(),
    request: z.number().int(),
    version: z.number().int(),
    status: z.enum(QUOTE_STATUSES),
    lines: z.array(quoteLineSchema),
    delivery: z.number(),
    total: z.number().describe('Rupees: lines and delivery, incl. GST'),
    advance_percent: z.number().int(),
    advance: z.number().describe('Rupees due on acceptance'),
    balance: z.number().describe('Rupees due before dispatch'),
    production_weeks: z.number().int(),
    valid_until: z.string(),
    change_note: z.string().nullable(),
    sent_at: z.string().nullable(),
    order: z.number().int().nullable().describe('The order the paid quote became'),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

export const quoteRequestSchema = z
  .object({
    id: z.number().int(),
    source: z.enum(QUOTE_REQUEST_SOURCES),
    product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
    description: z.string(),
    length: z.number().int().nullable(),
    breadth: z.number().int().nullable(),
    height: z.number().int().nullable(),
    finish: z.string(),
    notes: z.string(),
    photos: z.array(z.string()),
    pincode: z.string(),
    created_at: z.string(),
    quotes: z.array(quoteSchema).describe('Every version, newest last'),
  })
  .meta({ id: 'QuoteRequest' });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const adminQuoteRequestSchema = quoteRequestSchema
  .extend({
    user: z.object({ id: z.number().int(), email: z.string() }),
    default_delivery: z.number().nullable().describe('The shop’s freight to the pincode (rupees), for a new quote'),
  })
  .meta({ id: 'AdminQuoteRequest' });
export type AdminQuoteRequest = z.infer<typeof adminQuoteRequestSchema>;

/** A quote as the buyer reads it, with its request. */
export const buyerQuoteSchema = quoteSchema.extend({ request_detail: quoteRequestSchema.omit({ quotes: true }) }).meta({ id: 'BuyerQuote' });
export type BuyerQuote = z.infer<typeof buyerQuoteSchema>;

export const changeRequestSchema = strictObject({ note: z.string().trim().min(1, 'Say what should change.').max(2000) });

/** Razorpay's three fields, as the checkout script hands them back. */
const providerField = (what: string) =>
  z
    .string({ message: `The ${what} is missing.` })
    .trim()
    .min(1, `The ${what} is missing.`)
    .max(100);
export const quotePaymentSchema = strictObject({
  razorpay_payment_id: providerField('payment id'),
  razorpay_order_id: providerField('payment order id'),
  razorpay_signature: providerField('payment signature'),
});
export type QuotePayment = z.infer<typeof quotePaymentSchema>;

/** The Razorpay order for an advance or a balance: the shape `create_order` answers. */
export const quotePaymentOrderSchema = createOrderResponseSchema;

/** What waits for the owner in Quotes: requests not yet priced, and changes asked of a sent version. */
export const quoteWaitingSchema = z.object({ to_price: z.number().int(), changes_asked: z.number().int() });
export type QuoteWaiting = z.infer<typeof quoteWaitingSchema>;

/**
 * A saved address as a quote's page offers it for the advance (decision 0046): in the pincode the quote was priced
 * for (its own figures), in another one (re-priced from the shop's freight, `note` says so), or beyond the freight
 * (`served` false: accepting sends the quote back to the owner). Rupees.
 */
export interface QuoteAddressChoice {
  address_id: number;
  text: string;
  pincode: string;
  city: string;
  as_priced: boolean;
  served: boolean;
  delivery: number | null;
  total: number | null;
  advance: number | null;
  note: string | null;
}
