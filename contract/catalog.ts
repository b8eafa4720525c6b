import { z } from 'zod';
import { PRODUCT_LIMIT_MAX, PRODUCT_ORDERINGS } from './catalog-values';

const categoryRef = z.object({ slug: z.string(), name: z.string() });

export const categorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable().describe('Root-relative URL under /media/'),
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
    images: z.array(z.object({ image: z.string() })),
    image: z.string().nullable(),
    trending: z.boolean(),
    topselling: z.boolean(),
    newin: z.boolean(),
    in_stock: z.boolean(),
    stock_quantity: z.number().int(),
    ratings: z.number(),
    customizable: z.boolean(),
    dimensions: dimensionsSchema,
    finishes: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
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
  ordering: z.preprocess(
    emptyToUndefined,
    z.enum(PRODUCT_ORDERINGS, { message: `Use one of: ${PRODUCT_ORDERINGS.join(', ')}.` }).optional(),
  ),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'Use a whole number.' })
      .int('Use a whole number.')
      .min(1, 'Use at least 1.')
      .transform((n) => Math.min(n, PRODUCT_LIMIT_MAX))
      .optional(),
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
