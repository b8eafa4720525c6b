import { z } from './zod';
import { formBoolean, formPricePaise } from './catalog';

/** Rooms and collections: pictures with hotspots leading to products, and curated sets of products. */

export const ROOM_KINDS = ['room', 'bedroom'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** What a room or a collection says of one of its products. */
export const showcaseProductSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    price: z.number().describe('Rupees'),
    image: z.string().nullable(),
    in_stock: z.boolean(),
  })
  .meta({ id: 'ShowcaseProduct' });

export const hotspotSchema = z
  .object({
    x: z.number().describe('Percent of the picture’s width, from its left edge'),
    y: z.number().describe('Percent of the picture’s height, from its top edge'),
    product: z.object({ slug: z.string(), name: z.string(), price: z.number().describe('Rupees') }),
  })
  .meta({ id: 'Hotspot' });

export const roomSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    image: z.string().nullable().describe('Root-relative URL under /media/'),
    kind: z.enum(ROOM_KINDS).describe('room: the room page’s main picture and collage; bedroom: the Featured Bedrooms carousel'),
    on_home: z.boolean().describe('Shown in the home page’s Shop by Room'),
    position: z.number().int(),
    hotspots: z.array(hotspotSchema).describe('Only hotspots whose product can be bought now'),
    products: z.array(showcaseProductSchema).describe('Only products that can be bought now'),
  })
  .meta({ id: 'Room' });

export const collectionSchema = z
  .object({
    id: z.string().describe('The id used in links: /collect?collection={id}'),
    title: z.string(),
    tagline: z.string(),
    image: z.string().nullable(),
    starts_from: z.number().nullable().describe('Rupees: the owner’s figure, else the cheapest product’s price; null when it has none'),
    starts_from_set: z.number().nullable().describe('Rupees: the owner’s own figure, or null'),
    position: z.number().int(),
    products: z.array(showcaseProductSchema),
  })
  .meta({ id: 'Collection' });

export type ShowcaseProduct = z.infer<typeof showcaseProductSchema>;
export type Hotspot = z.infer<typeof hotspotSchema>;
export type Room = z.infer<typeof roomSchema>;
export type Collection = z.infer<typeof collectionSchema>;

// ── writes (forms arrive as strings: multipart fields, or JSON values turned into strings) ─────────

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const requiredText = (message: string, label: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters.`);

const formPosition = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, 'Position must be a whole number, 0 or more.')
  .transform(Number);

/** The most products a room or a collection holds. */
export const PRODUCTS_MAX = 60;

/** Product slugs as a JSON array or separated by commas (a form's text field). */
const productSlugs = z.string().transform((text, ctx): string[] => {
  const t = text.trim();
  if (t === '') return [];
  let list: unknown;
  if (t.startsWith('[')) {
    try {
      list = JSON.parse(t);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid JSON format' });
      return z.NEVER;
    }
  } else list = t.split(',');
  if (!Array.isArray(list) || !list.every((s) => typeof s === 'string')) {
    ctx.addIssue({ code: 'custom', message: 'Products must be a list of product slugs, e.g. ["kaveri-three-seater-sofa"].' });
    return z.NEVER;
  }
  const slugs = [...new Set(list.map((s: string) => s.trim()).filter(Boolean))];
  if (slugs.length > PRODUCTS_MAX) {
    ctx.addIssue({ code: 'custom', message: `Choose at most ${PRODUCTS_MAX} products.` });
    return z.NEVER;
  }
  return slugs;
});

export const HOTSPOTS_MAX = 20;
export type HotspotInput = { x: number; y: number; product: string };

/** `[{"x": 52, "y": 40, "product": "a-slug"}]`: x and y in percent of the picture, to two decimals. */
const hotspotsText = z.string().transform((text, ctx): HotspotInput[] => {
  if (text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Invalid JSON format' });
    return z.NEVER;
  }
  if (!Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'Hotspots must be a list, e.g. [{"x": 52, "y": 40, "product": "a-product-slug"}].' });
    return z.NEVER;
  }
  if (value.length > HOTSPOTS_MAX) {
    ctx.addIssue({ code: 'custom', message: `A room can have at most ${HOTSPOTS_MAX} hotspots.` });
    return z.NEVER;
  }
  const out: HotspotInput[] = [];
  for (const [i, item] of value.entries()) {
    const spot = item as { x?: unknown; y?: unknown; product?: unknown };
    const n = i + 1;
    if (typeof spot !== 'object' || spot === null || typeof spot.product !== 'string' || spot.product.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `Hotspot ${n}: choose the product it leads to.` });
      return z.NEVER;
    }
    const x = typeof spot.x === 'string' ? Number(spot.x) : spot.x;
    const y = typeof spot.y === 'string' ? Number(spot.y) : spot.y;
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
      ctx.addIssue({ code: 'custom', message: `Hotspot ${n}: x and y must be numbers (percent of the picture).` });
      return z.NEVER;
    }
    if (x < 0 || x > 100 || y < 0 || y > 100) {
      ctx.addIssue({ code: 'custom', message: `Hotspot ${n} is outside the picture: x and y must be between 0 and 100 (percent).` });
      return z.NEVER;
    }
    out.push({ x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100, product: spot.product.trim() });
  }
  return out;
});

/** Room form: multipart `name`*, `slug` (made from the name when left out), `kind`, `on_home`, `position`, `hotspots`, `products`, `image` (file). */
export const roomFormSchema = z.object({
  name: requiredText('Name is required', 'Name', 100),
  slug: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .max(80, 'The slug must be at most 80 characters.')
      .regex(ID_PATTERN, 'Use lower-case letters, digits and single hyphens in the slug.')
      .optional(),
  ),
  kind: z.enum(ROOM_KINDS, { message: 'Choose room or bedroom.' }).optional(),
  on_home: formBoolean.optional(),
  position: formPosition.optional(),
  hotspots: hotspotsText.optional(),
  products: productSlugs.optional(),
});
export const roomPatchFormSchema = roomFormSchema.partial();
export type RoomFormInput = z.infer<typeof roomFormSchema>;
export type RoomPatchInput = z.infer<typeof roomPatchFormSchema>;

/** Collection form: multipart `id`*, `title`*, `tagline`, `starts_from` (rupees; empty: the cheapest product), `position`, `products`, `image` (file). */
export const collectionFormSchema = z.object({
  id: z
    .string({ message: 'Id is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Id is required')
    .max(60, 'The id must be at most 60 characters.')
    .regex(ID_PATTERN, 'Use lower-case letters, digits and single hyphens in the id, e.g. collection5.'),
  title: requiredText('Title is required', 'Title', 100),
  tagline: z.string().trim().max(300, 'Tagline must be at most 300 characters.').optional(),
  starts_from: z
    .string()
    .transform((v, ctx) => {
      if (v.trim() === '') return null;
      const parsed = formPricePaise.safeParse(v);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'Enter "starts from" in rupees, such as 8,999, or leave it empty.' });
        return z.NEVER;
      }
      return parsed.data;
    })
    .optional(),
  position: formPosition.optional(),
  products: productSlugs.optional(),
});
export const collectionPatchFormSchema = collectionFormSchema.partial();
export type CollectionFormInput = z.infer<typeof collectionFormSchema>;
export type CollectionPatchInput = z.infer<typeof collectionPatchFormSchema>;
