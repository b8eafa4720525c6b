import { strictObject, z } from './zod';
import { COLLECTION_IDS, PRODUCT_LIMIT_MAX, PRODUCT_ORDERINGS } from './catalog-values';
import { formatRupees, plainRupees } from './format';
import { productShippingFormFields, productShippingSchema } from './delivery';

const categoryRef = z.object({ slug: z.string(), name: z.string() });

export const categorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable().describe('Root-relative URL under /media/'),
    hsn_code: z.string().describe('The HSN code its products are invoiced under'),
    gst_rate: z.number().describe('GST rate in percent, included in the prices'),
  })
  .meta({ id: 'Category' });

export const subcategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    category: categoryRef,
  })
  .meta({ id: 'Subcategory' });

export const dimensionsSchema = z.object({
  length: z.number().optional(),
  breadth: z.number().optional(),
  height: z.number().optional(),
});

/** What the shop sells: pieces made after the order (no stock limit) or counted pieces ready to ship. */
export const STOCK_KINDS = ['made_to_order', 'ready_stock'] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

export const productSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    price: z.number().describe('Rupees'),
    category: categoryRef,
    subcategory: categoryRef.nullable(),
    collection: z.string().nullable(),
    images: z.array(z.object({ id: z.number().int().optional().describe('Image id, for removing or reordering it'), image: z.string() })),
    image: z.string().nullable(),
    trending: z.boolean(),
    topselling: z.boolean(),
    newin: z.boolean(),
    in_stock: z.boolean().describe('Can be bought now: on sale, and made to order or with pieces on the shelf not held for other buyers'),
    stock_quantity: z.number().int().describe('Ready stock: pieces on the shelf (including held ones); not counted for made-to-order pieces'),
    stock_kind: z.enum(STOCK_KINDS).describe('made_to_order: made after the order, no stock limit; ready_stock: counted pieces ready to ship'),
    on_sale: z.boolean().describe('The owner’s switch (the in_stock form field): false takes the product off sale'),
    available_quantity: z
      .number()
      .int()
      .nullable()
      .describe('Ready stock: pieces a buyer can take now (stock less pieces held for buyers paying); null when made to order'),
    ratings: z
      .number()
      .describe('Stars, 0 to 5: the average of the published reviews rounded to a half once the piece has one, the owner’s figure before'),
    review_count: z.number().int().describe('How many published reviews the piece has'),
    customizable: z.boolean(),
    dimensions: dimensionsSchema,
    finishes: z.array(z.string()),
    finish_images: z
      .array(z.object({ finish: z.string(), image: z.string() }))
      .describe('The piece in each finish (drawings of the demo shop); empty when uploaded photos replace the drawings'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .extend(productShippingSchema.shape)
  .meta({ id: 'Product' });

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const queryBool = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'True', 'False'], { message: 'Use true or false.' })
    .transform((v) => v === 'true' || v === '1' || v === 'True')
    .optional(),
);
const queryText = z.preprocess(emptyToUndefined, z.string().trim().max(100, 'At most 100 characters.').optional());

export const productQuerySchema = z.object({
  category: queryText,
  subcategory: queryText,
  collection: queryText,
  newin: queryBool,
  topselling: queryBool,
  trending: queryBool,
  in_stock: queryBool,
  search: queryText,
  ordering: z.preprocess(emptyToUndefined, z.enum(PRODUCT_ORDERINGS, { message: `Use one of: ${PRODUCT_ORDERINGS.join(', ')}.` }).optional()),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'Use a whole number.' })
      .int('Use a whole number.')
      .min(1, 'Use at least 1.')
      .transform((n) => Math.min(n, PRODUCT_LIMIT_MAX))
      .optional(),
  ),
  after: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'Use the id of the last product of the page before.' })
      .int('Use the id of the last product of the page before.')
      .min(1, 'Use the id of the last product of the page before.')
      .max(2_147_483_647, 'Use the id of the last product of the page before.')
      .optional()
      .describe('The next page: the id of the last product of the page before (the `Link: rel="next"` header gives it). Not with `search`.'),
  ),
});

export type ProductQuery = z.infer<typeof productQuerySchema>;

export const readyToShipEntrySchema = z
  .object({ id: z.number().int(), product: productSchema, MostSold: z.boolean(), NewArrival: z.boolean() })
  .meta({ id: 'ReadyToShipEntry' });

export const readyToShipPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(readyToShipEntrySchema),
});

export type Category = z.infer<typeof categorySchema>;
export type Subcategory = z.infer<typeof subcategorySchema>;
export type Product = z.infer<typeof productSchema>;
export type ReadyToShipEntry = z.infer<typeof readyToShipEntrySchema>;
export type ReadyToShipPage = z.infer<typeof readyToShipPageSchema>;

// ── admin writes (forms arrive as strings: multipart fields, or JSON values turned into strings) ──

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const requiredText = (message: string, label: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters.`);
const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);
const formSlug = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .toLowerCase()
    .max(80, 'The slug must be at most 80 characters.')
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens in the slug.')
    .optional(),
);

/** A checkbox or boolean sent as text. */
export const formBoolean = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const t = v.toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(t)) return true;
    if (['false', '0', 'off', 'no', ''].includes(t)) return false;
    ctx.addIssue({ code: 'custom', message: 'Use true or false.' });
    return z.NEVER;
  });

/** Text that must hold JSON of a given shape ('Invalid JSON format' when it is not JSON at all). */
function jsonText<T extends z.ZodType>(shape: T, empty: z.infer<T>, shapeMessage: string) {
  return z.string().transform((text, ctx): z.infer<T> => {
    if (text.trim() === '') return empty;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid JSON format' });
      return z.NEVER;
    }
    const parsed = shape.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: shapeMessage });
      return z.NEVER;
    }
    return parsed.data;
  });
}

const centimetres = z.number().finite().min(0).max(10000);
export const dimensionsInputSchema = z.strictObject({
  length: centimetres.optional(),
  breadth: centimetres.optional(),
  height: centimetres.optional(),
});
export const finishesInputSchema = z.array(z.string().trim().min(1).max(60)).max(30);

export const PRICE_MAX_RUPEES = 10_000_000;

/** Rupees with at most two decimals, as text, to integer paise (no floating-point rounding). */
export const formPricePaise = z
  .string({ message: 'Valid price is required' })
  .trim()
  .transform((text, ctx) => {
    const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plainRupees(text) ?? '');
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'Valid price is required' });
      return z.NEVER;
    }
    const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (paise > PRICE_MAX_RUPEES * 100) {
      ctx.addIssue({ code: 'custom', message: `The price must be at most ${formatRupees(PRICE_MAX_RUPEES)}.` });
      return z.NEVER;
    }
    return paise;
  });

const formStock = z
  .string()
  .trim()
  .regex(/^\d{1,7}$/, 'Stock quantity must be a whole number, 0 or more.')
  .transform(Number);

/** Ratings 0 to 5 in steps of 0.1, kept as tenths. */
const formRatingTenths = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const n = Number(text);
    if (text === '' || !Number.isFinite(n) || n < 0 || n > 5 || Math.abs(Math.round(n * 10) - n * 10) > 1e-9) {
      ctx.addIssue({ code: 'custom', message: 'Ratings must be a number from 0 to 5 in steps of 0.1.' });
      return z.NEVER;
    }
    return Math.round(n * 10);
  });

/**
 * Product form (POST). PATCH takes any subset (`productPatchFormSchema`). Images travel as files
 * (`images`, repeated); on PATCH, `remove_images` (ids or URLs, repeated or comma-separated) and
 * `image_order` (ids or URLs in the new order) edit single images.
 */
export const productFormSchema = strictObject({
  name: requiredText('Name is required', 'Name', 200),
  slug: formSlug,
  price: formPricePaise,
  category: requiredText('Category is required', 'Category', 100),
  subcategory: z
    .string()
    .trim()
    .max(100)
    .transform((v) => v || null)
    .optional(),
  description: optionalText('Description', 10000).optional(),
  collection: z
    .string()
    .trim()
    .max(60, 'The collection must be at most 60 characters.')
    .refine((v) => v === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), {
      message: `Use a collection's id, such as ${COLLECTION_IDS[0]}, or leave it empty.`,
    })
    .transform((v) => v || null)
    .optional(),
  trending: formBoolean.optional(),
  topselling: formBoolean.optional(),
  newin: formBoolean.optional(),
  in_stock: formBoolean.optional(),
  customizable: formBoolean.optional(),
  stock_kind: z.enum(STOCK_KINDS, { message: 'Choose made to order or ready stock.' }).optional(),
  stock_quantity: formStock.optional(),
  ratings: formRatingTenths.optional(),
  dimensions: jsonText(
    dimensionsInputSchema,
    {},
    'Dimensions must be a JSON object with length, breadth and height in cm, e.g. {"length": 180, "breadth": 90, "height": 75}.',
  ).optional(),
  finishes: jsonText(finishesInputSchema, [], 'Finishes must be a JSON array of names, e.g. ["Natural Teak", "Walnut"].').optional(),
  // Shipping weight, packed size and production weeks (contract/delivery.ts).
  ...productShippingFormFields,
});
export const productPatchFormSchema = productFormSchema.partial();
export type ProductFormInput = z.infer<typeof productFormSchema>;
export type ProductPatchInput = z.infer<typeof productPatchFormSchema>;

/** Category form: multipart `name`*, `description`, `image` (file), optional `slug`. */
const taxonomyFields = {
  name: requiredText('Name is required', 'Name', 100),
  slug: formSlug,
  description: optionalText('Description', 5000).optional(),
};

/** The GST rates in force (percent). */
export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28] as const;

export const categoryFormSchema = z.object({
  ...taxonomyFields,
  hsn_code: z
    .string()
    .trim()
    .regex(/^[0-9]{4}([0-9]{2}){0,2}$/, 'Enter the HSN code as 4, 6 or 8 digits, such as 9403.')
    .optional(),
  gst_rate: z.coerce
    .number({ message: `Choose a GST rate: ${GST_RATES.join(', ')} (percent).` })
    .refine((v) => (GST_RATES as readonly number[]).includes(v), `Choose a GST rate: ${GST_RATES.join(', ')} (percent).`)
    .optional(),
});
export const categoryPatchFormSchema = categoryFormSchema.partial();

/** Subcategory form: multipart `name`*, `category`* (slug), `description`, `image` (file), optional `slug`. */
export const subcategoryFormSchema = z.object(taxonomyFields).extend({
  category: requiredText('Category is required', 'Category', 100),
});
export const subcategoryPatchFormSchema = subcategoryFormSchema.partial();

/** Ready-to-ship entry: `product` (slug)*, `MostSold`, `NewArrival`. */
export const readyToShipFormSchema = z.object({
  product: requiredText('Product is required', 'Product', 200),
  MostSold: formBoolean.optional(),
  NewArrival: formBoolean.optional(),
});
export const readyToShipPatchFormSchema = readyToShipFormSchema.partial();

/** Product images on write answers carry their id, so single images can be removed or reordered. */
export const PRODUCT_IMAGES_MAX = 12;

/** A word buyers type for what the catalogue calls otherwise ("mandap" for mandir), kept by the owner. */
export const searchSynonymSchema = z.object({ id: z.number().int(), term: z.string(), means: z.string() }).meta({ id: 'SearchSynonym' });
export type SearchSynonym = z.infer<typeof searchSynonymSchema>;

export const searchSynonymInputSchema = z.object({
  term: z.string({ message: 'Enter the word buyers type.' }).trim().min(1, 'Enter the word buyers type.').max(40, 'Use at most 40 characters.'),
  means: z
    .string({ message: 'Enter the catalogue word or words it stands for.' })
    .trim()
    .min(1, 'Enter the catalogue word or words it stands for.')
    .max(80, 'Use at most 80 characters.'),
});
