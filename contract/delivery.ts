import { strictObject, z } from './zod';
import { CART_CODE_MESSAGE, CART_CODE_PATTERN, SHIPPING_METHODS, type ShippingMethod } from './cart-values';

/**
 * Delivery to a pincode: whether the shop reaches it, what each method costs there and when a piece
 * arrives. Decision 0030 (delivery) tells how zones, freight and dates are computed.
 *
 * Prices in this contract are rupees (numbers), as everywhere in the API; the server keeps paise.
 * Dates are India dates written as ISO "YYYY-MM-DD".
 */

// ── pincodes ─────────────────────────────────────────────────────────────────────────────────────

export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const PINCODE_MESSAGE = 'Enter a 6-digit pincode, such as 560001.';

/** A pincode as typed: spaces are forgiven ("560 001"), anything else that is not 6 digits is refused. */
export const pincodeSchema = z
  .string({ message: PINCODE_MESSAGE })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(PINCODE_PATTERN, PINCODE_MESSAGE));

/** A well-formed code that India Post's list does not have. */
export const unknownPincodeMessage = (pincode: string) => `We could not find pincode ${pincode}. Please check it.`;

/** A pincode the owner does not deliver to (an excluded state, district or range): the same sentence everywhere. */
export const unservedPincodeMessage = (pincode: string, place: string) =>
  `Sorry, we do not deliver to pincode ${pincode} (${place}) yet. Please choose another delivery address, or write to us and we will see what we can do.`;

// ── the estimate ─────────────────────────────────────────────────────────────────────────────────

export const deliveryEstimateQuerySchema = z.object({
  pincode: pincodeSchema.describe('6 digits, e.g. 560001'),
  product: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200, 'A product slug is at most 200 characters.').optional())
    .describe('A product slug: the window and charge for that piece (one of it)'),
  cart_code: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().regex(CART_CODE_PATTERN, CART_CODE_MESSAGE).optional())
    .describe('An open cart’s code: the window and charge for everything in it (when no product is given)'),
});
export type DeliveryEstimateQuery = z.infer<typeof deliveryEstimateQuerySchema>;

export const deliveryMethodSchema = z
  .object({
    code: z.enum(SHIPPING_METHODS),
    name: z.string().describe('Standard Delivery or Express Delivery'),
    price: z.number().describe('Rupees'),
    days_min: z.number().int().describe('Days from the order to the earliest delivery day'),
    days_max: z.number().int().describe('Days from the order to the latest delivery day'),
    date_from: z.string().describe('YYYY-MM-DD, India date: the earliest delivery day'),
    date_to: z.string().describe('YYYY-MM-DD, India date: the latest delivery day'),
    offered: z
      .boolean()
      .describe(
        'Whether the shop offers this method here: Express only where it brings the piece materially sooner (decision 0040); `create_order` refuses a method not offered (409 method_not_offered)',
      ),
  })
  .meta({ id: 'DeliveryMethod' });

export const deliveryEstimateSchema = z
  .object({
    pincode: z.string(),
    serviceable: z.boolean(),
    city: z.string().nullable().describe('The district (India Post), null when the pincode is unknown'),
    state: z.string().nullable(),
    district: z.string().nullable(),
    zone: z.string().nullable().describe('The delivery zone’s code (distance band from the Chennai workshop); null when not served'),
    methods: z.array(deliveryMethodSchema).describe('Empty when not served'),
    message: z.string().describe('A sentence for the buyer: the window, or why the pincode is not served'),
  })
  .meta({ id: 'DeliveryEstimate' });

export type DeliveryMethodQuote = z.infer<typeof deliveryMethodSchema>;
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;

export { deliveryMessage, deliveryWindowText, FLAT_PRICES } from './delivery-text';

/** The promised window an order keeps (India dates), null for orders placed before windows were promised. */
export const deliveryWindowSchema = z
  .object({ from: z.string().describe('YYYY-MM-DD'), to: z.string().describe('YYYY-MM-DD') })
  .nullable()
  .describe('The delivery window promised when the order was placed (India dates)')
  .meta({ id: 'DeliveryWindow' });
export type DeliveryWindow = z.infer<typeof deliveryWindowSchema>;

// ── production and dispatch ──────────────────────────────────────────────────────────────────────

/** Production weeks and dispatch days (contract/lead-time.ts, free of schema code for the pages). */
export { DISPATCH_DAYS, PRODUCTION_WEEKS_DEFAULT } from './lead-time';
/** Volumetric weight (kg) = length × width × height (cm) / 5000, the couriers' divisor. */
export const VOLUMETRIC_DIVISOR = 5000;
/** Weight charged for a piece with neither a shipping weight nor a size. */
export const DEFAULT_SHIPPING_WEIGHT_KG = 20;
/** The workshop the distances are measured from. */
export const WORKSHOP_PINCODE = '600001';

export const packedSizeSchema = z
  .object({ length: z.number(), width: z.number(), height: z.number() })
  .describe('Packed size in cm')
  .meta({ id: 'PackedSize' });

/** The shipping fields the product API answers carry (added to Product). */
export const productShippingSchema = z.object({
  shipping_weight_kg: z.number().nullable().describe('Packed weight in kg; null: not given (the size or a default is charged)'),
  packed_size: packedSizeSchema.nullable().describe('Packed size L×W×H in cm; null: not given'),
  chargeable_weight_kg: z.number().describe('The larger of the weight and the volumetric weight (L×W×H/5000), or the default 20 kg'),
  production_weeks_min: z.number().int().describe('Made to order: production time in weeks (default 6)'),
  production_weeks_max: z.number().int().describe('Made to order: production time in weeks (default 10)'),
});
export type ProductShipping = z.infer<typeof productShippingSchema>;

/** Volumetric weight in kg of a packed size in cm, to 0.1 kg. */
export const volumetricKg = (size: { length: number; width: number; height: number }) =>
  Math.round(((size.length * size.width * size.height) / VOLUMETRIC_DIVISOR) * 10) / 10;

/** What a piece is charged as: its weight or its volume, whichever is larger (the default when neither is known). */
export function chargeableKg(weightKg: number | null, size: { length: number; width: number; height: number } | null): number {
  const volume = size ? volumetricKg(size) : 0;
  if (weightKg === null && !size) return DEFAULT_SHIPPING_WEIGHT_KG;
  return Math.max(weightKg ?? 0, volume);
}

// Product form fields (multipart strings; blank clears a value).
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const formNumber = (message: string, max: number, decimals: number) =>
  z.preprocess(
    blank,
    z
      .string({ message })
      .trim()
      .transform((text, ctx) => {
        const n = Number(text);
        const scaled = n * 10 ** decimals;
        if (text === '' || !Number.isFinite(n) || n <= 0 || n > max || Math.abs(Math.round(scaled) - scaled) > 1e-9) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return n;
      })
      .nullable(),
  );
const WEIGHT_MESSAGE = 'The shipping weight is a number of kg above 0, at most 2000, with at most one decimal.';
const SIZE_MESSAGE = 'A packed size is a whole number of cm from 1 to 1000.';
const WEEKS_MESSAGE = 'Production weeks are a whole number from 1 to 52.';
const weeks = z.union([z.number(), z.string()], { message: WEEKS_MESSAGE }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v.trim());
  if ((typeof v === 'string' && v.trim() === '') || !Number.isInteger(n) || n < 1 || n > 52) {
    ctx.addIssue({ code: 'custom', message: WEEKS_MESSAGE });
    return z.NEVER;
  }
  return n;
});

/**
 * The shipping fields of the product form (admin POST/PATCH, multipart or JSON): every one optional,
 * blank clears the weight or a size. The stock kind (made_to_order / ready_stock) says which of
 * production weeks or dispatch days applies.
 */
export const productShippingFormFields = {
  shipping_weight_kg: formNumber(WEIGHT_MESSAGE, 2000, 1).optional(),
  packed_length_cm: formNumber(SIZE_MESSAGE, 1000, 0).optional(),
  packed_width_cm: formNumber(SIZE_MESSAGE, 1000, 0).optional(),
  packed_height_cm: formNumber(SIZE_MESSAGE, 1000, 0).optional(),
  production_weeks_min: weeks.optional(),
  production_weeks_max: weeks.optional(),
};
export const PACKED_SIZE_MESSAGE = 'Give the packed length, width and height together, or none of them.';
export const PRODUCTION_WEEKS_ORDER_MESSAGE = 'The shortest production time cannot be longer than the longest.';

// ── serviceability (admin) ───────────────────────────────────────────────────────────────────────

export const EXCLUSION_KINDS = ['state', 'district', 'range'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

const placeName = (what: string) =>
  z
    .string({ message: `Choose the ${what}.` })
    .trim()
    .min(1, `Choose the ${what}.`)
    .max(100, `The ${what} must be at most 100 characters.`);
const note = z.string().trim().max(300, 'The note must be at most 300 characters.').optional();
const rangeEnd = (which: string) =>
  z
    .string({ message: `Enter the ${which} pincode of the range (6 digits).` })
    .trim()
    .regex(PINCODE_PATTERN, `Enter the ${which} pincode of the range (6 digits).`);

/** One exclusion: a whole state, a district of a state, or a range of pincodes (both ends included). */
export const exclusionInputSchema = z.discriminatedUnion(
  'kind',
  [
    strictObject({ kind: z.literal('state'), state: placeName('state'), note }),
    strictObject({ kind: z.literal('district'), state: placeName('state'), district: placeName('district'), note }),
    strictObject({ kind: z.literal('range'), pincode_from: rangeEnd('first'), pincode_to: rangeEnd('last'), note }).refine(
      (v) => v.pincode_from <= v.pincode_to,
      { message: 'The first pincode of the range must not be above the last.', path: ['pincode_to'] },
    ),
  ],
  { error: () => 'Choose what to exclude: a state, a district or a pincode range.' },
);
export type ExclusionInput = z.infer<typeof exclusionInputSchema>;

export const exclusionSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(EXCLUSION_KINDS),
    state: z.string().nullable(),
    district: z.string().nullable(),
    pincode_from: z.string().nullable(),
    pincode_to: z.string().nullable(),
    note: z.string(),
    label: z.string().describe('What is excluded, in words: "Andaman & Nicobar Islands", "Nicobar, Andaman & Nicobar Islands", "744101 to 744304"'),
    created_at: z.string(),
  })
  .meta({ id: 'DeliveryExclusion' });
export type Exclusion = z.infer<typeof exclusionSchema>;

/** A pincode buyers asked about that the shop does not serve (excluded), for the owner to weigh. */
export const unservedPincodeSchema = z
  .object({
    pincode: z.string(),
    city: z.string(),
    state: z.string(),
    count: z.number().int().describe('How many times it was asked (estimates, addresses, orders)'),
    first_asked_at: z.string(),
    last_asked_at: z.string(),
  })
  .meta({ id: 'UnservedPincode' });
export type UnservedPincode = z.infer<typeof unservedPincodeSchema>;

/** States and their districts as India Post lists them, for the exclusion form's choices. */
export const deliveryPlacesSchema = z.array(z.object({ state: z.string(), districts: z.array(z.string()) }));
export type DeliveryPlaces = z.infer<typeof deliveryPlacesSchema>;

// ── the rate table (admin) ───────────────────────────────────────────────────────────────────────

/** A price of the rate table: a number of rupees in the API; the owner's form reads typed sums into it first. */
const rupees = (what: string) =>
  z
    .number({ message: `The ${what} price is a number of rupees, 0 or more, such as 1,500.` })
    .finite()
    .min(0, `The ${what} price is a number of rupees, 0 or more, such as 1,500.`)
    .max(1_000_000, `The ${what} price must be at most ₹10,00,000.`)
    .refine((n) => Math.round(n * 100) === n * 100, `The ${what} price has at most two decimals.`);
const days = (what: string) =>
  z
    .number({ message: `${what} are a whole number of days from 1 to 60.` })
    .int(`${what} are a whole number of days from 1 to 60.`)
    .min(1, `${what} are a whole number of days from 1 to 60.`)
    .max(60, `${what} are a whole number of days from 1 to 60.`);

export const rateSchema = z.object({
  up_to_kg: z
    .number()
    .int('Weight bands are whole kg.')
    .positive('Weight bands are whole kg above 0.')
    .max(5000)
    .nullable()
    .describe('The band covers chargeable weights up to this many kg; null: any heavier (the last band)'),
  standard: rupees('standard'),
  express: rupees('express'),
});

export const zoneSchema = z
  .object({
    code: z
      .string({ message: 'Give the zone a short code.' })
      .trim()
      .regex(/^[a-z0-9-]{1,20}$/, 'A zone code is 1 to 20 lower-case letters, digits or hyphens.'),
    name: z.string({ message: 'Give the zone a name.' }).trim().min(1, 'Give the zone a name.').max(100, 'A zone name is at most 100 characters.'),
    max_km: z
      .number()
      .int('Distances are whole km.')
      .positive('Distances are whole km above 0.')
      .max(5000)
      .nullable()
      .describe('The zone reaches pincodes up to this distance (km, straight line) from the workshop; null: all farther (the last zone)'),
    transit_days_min: days('Transit days'),
    transit_days_max: days('Transit days'),
    express_days_min: days('Express transit days'),
    express_days_max: days('Express transit days'),
    rates: z
      .array(rateSchema)
      .max(10, 'At most 10 weight bands per zone.')
      .describe('Empty for the home zone (the first): it is always priced at the flat ₹500 / ₹1,000'),
  })
  .meta({ id: 'DeliveryZone' });

export const HOME_ZONE_MESSAGE = 'The home zone (the first) is always priced at ₹500 standard and ₹1,000 express: give it no weight bands.';

/**
 * The owner's rate table: zones by distance band from the Chennai workshop (nearest first, the last one
 * open-ended), each with weight bands (lightest first, the last one open-ended) and a standard and an
 * express price. The first zone is the home zone, priced at the spec's flat rates.
 */
export const rateTableSchema = z
  .object({ zones: z.array(zoneSchema).min(2, 'Give the home zone and at least one zone beyond it.').max(10, 'At most 10 zones.') })
  .superRefine((table, ctx) => {
    const zones = table.zones;
    const codes = new Set<string>();
    zones.forEach((zone, i) => {
      const at = (field: string | number, ...rest: (string | number)[]) => ['zones', i, field, ...rest];
      if (codes.has(zone.code)) ctx.addIssue({ code: 'custom', message: `Zone code “${zone.code}” is used twice.`, path: at('code') });
      codes.add(zone.code);
      const last = i === zones.length - 1;
      if (last && zone.max_km !== null)
        ctx.addIssue({ code: 'custom', message: 'The last zone takes all farther pincodes: leave its distance empty.', path: at('max_km') });
      if (!last && zone.max_km === null)
        ctx.addIssue({ code: 'custom', message: 'Only the last zone is open-ended: give this one a distance.', path: at('max_km') });
      const prev = zones[i - 1]?.max_km;
      if (!last && i > 0 && prev != null && zone.max_km !== null && zone.max_km <= prev)
        ctx.addIssue({ code: 'custom', message: 'Zones go from near to far: each distance must be larger than the one before.', path: at('max_km') });
      if (zone.transit_days_min > zone.transit_days_max)
        ctx.addIssue({ code: 'custom', message: 'The fewest transit days cannot be more than the most.', path: at('transit_days_min') });
      if (zone.express_days_min > zone.express_days_max)
        ctx.addIssue({ code: 'custom', message: 'The fewest express days cannot be more than the most.', path: at('express_days_min') });
      if (i === 0) {
        if (zone.rates.length > 0) ctx.addIssue({ code: 'custom', message: HOME_ZONE_MESSAGE, path: at('rates') });
        return;
      }
      if (zone.rates.length === 0)
        ctx.addIssue({ code: 'custom', message: 'Give this zone at least one weight band with its prices.', path: at('rates') });
      zone.rates.forEach((rate, j) => {
        const lastBand = j === zone.rates.length - 1;
        if (lastBand && rate.up_to_kg !== null)
          ctx.addIssue({
            code: 'custom',
            message: 'The last weight band takes all heavier pieces: leave its weight empty.',
            path: at('rates', j, 'up_to_kg'),
          });
        if (!lastBand && rate.up_to_kg === null)
          ctx.addIssue({
            code: 'custom',
            message: 'Only the last weight band is open-ended: give this one a weight.',
            path: at('rates', j, 'up_to_kg'),
          });
        const before = zone.rates[j - 1]?.up_to_kg;
        if (!lastBand && j > 0 && before != null && rate.up_to_kg !== null && rate.up_to_kg <= before)
          ctx.addIssue({
            code: 'custom',
            message: 'Weight bands go from light to heavy: each must be larger than the one before.',
            path: at('rates', j, 'up_to_kg'),
          });
      });
    });
  })
  .meta({ id: 'DeliveryRateTable' });
export type DeliveryZone = z.infer<typeof zoneSchema>;
export type DeliveryRate = z.infer<typeof rateSchema>;
export type RateTable = z.infer<typeof rateTableSchema>;

export const exclusionIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'Give a valid exclusion id.' }).int('Give a valid exclusion id.').positive('Give a valid exclusion id.'),
});

// ── the service (reachable from page loaders as services.delivery) ──────────────────────────────

/** A pincode as India Post lists it (the first post office's place and coordinates). */
export interface PincodePlace {
  pincode: string;
  /** The district, which is what buyers call their city ("Bengaluru", "Chennai"). */
  city: string;
  district: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
}

/** One cart or order line as delivery sees it. */
export interface DeliveryLine {
  productId: number;
  quantity: number;
}

/** What create_order is charged: the method's price in paise and the promised window. */
export interface DeliveryQuote {
  pincode: string | null;
  zone: string | null;
  /** Paise per method. */
  prices: Record<ShippingMethod, number>;
  /** The window per method (null without a pincode). */
  windows: Record<ShippingMethod, { from: string; to: string } | null>;
  /** Whether each method is offered there (every one without a pincode: the spec's flat choice). Decision 0046. */
  offered: Record<ShippingMethod, boolean>;
}

export interface DeliveryService {
  /** India Post's entry for a pincode, or null (loaded once, lazily). */
  lookup(pincode: string): Promise<PincodePlace | null>;
  /** The estimate the API and the pages show; records unserved pincodes asked about. */
  estimate(input: { pincode: string; productSlug?: string; cartCode?: string; now?: Date }): Promise<DeliveryEstimate>;
  /** Throws a 409 with unknownPincodeMessage / unservedPincodeMessage when the pincode cannot be delivered to. */
  requireServed(pincode: string): Promise<PincodePlace>;
  /**
   * Prices the lines to a pincode (null: the flat rates, no window). Refuses an unserved pincode (409), unless
   * `served` gives its place as `requireServed` has just answered it (the check is not made twice).
   */
  quote(input: { pincode: string | null; lines: DeliveryLine[]; now?: Date; served?: PincodePlace }): Promise<DeliveryQuote>;
  listExclusions(): Promise<Exclusion[]>;
  addExclusion(input: ExclusionInput): Promise<Exclusion>;
  removeExclusion(id: number): Promise<void>;
  listUnserved(): Promise<UnservedPincode[]>;
  getRateTable(): Promise<RateTable>;
  setRateTable(table: RateTable): Promise<RateTable>;
  /** States and districts of India Post's list. */
  places(): Promise<DeliveryPlaces>;
}
