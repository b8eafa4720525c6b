/**
 * What buyers say about a piece, and the pieces shoppers keep for later (issue 44, decision 0050): the rules
 * written once, shared by the server and the web.
 */
import { strictObject, z } from './zod';

/** At most this many photos with a review. */
export const REVIEW_PHOTOS_MAX = 5;
/** Reviews on one page of a product's reviews. */
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_TITLE_MAX = 120;

/** pending: waits for the owner; published: shown on the product page; hidden: taken down by the owner. */
export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Rooms a piece may live in (optional on a review). */
export const REVIEW_ROOMS = {
  living_room: 'Living room',
  dining_room: 'Dining room',
  bedroom: 'Bedroom',
  study: 'Study',
  balcony: 'Balcony or veranda',
  other: 'Elsewhere',
} as const;
export type ReviewRoom = keyof typeof REVIEW_ROOMS;

/** An average of stars rounded to a half (4.26 → 4.5, 4.24 → 4). */
export function roundToHalf(average: number): number {
  return Math.round(average * 2) / 2;
}

/** A form's empty field is no value. */
const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max, message).optional());

const stars = z.coerce
  .number({ message: 'Choose from 1 to 5 stars.' })
  .int('Choose from 1 to 5 stars.')
  .min(1, 'Choose from 1 to 5 stars.')
  .max(5, 'Choose from 1 to 5 stars.');

/** A buyer's review, from the form or the API's multipart fields (photos come as files beside it). */
export const reviewInputSchema = z.object({
  stars,
  title: z
    .string({ message: 'Give your review a title.' })
    .trim()
    .min(1, 'Give your review a title.')
    .max(REVIEW_TITLE_MAX, `Keep the title within ${REVIEW_TITLE_MAX} characters.`),
  text: z
    .string({ message: `Write at least ${REVIEW_TEXT_MIN} characters about the piece.` })
    .trim()
    .min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters about the piece.`)
    .max(REVIEW_TEXT_MAX, `Keep the review within ${REVIEW_TEXT_MAX.toLocaleString('en-IN')} characters.`),
  finish: optionalText(60, 'Choose one of the piece’s finishes.'),
  room: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(Object.keys(REVIEW_ROOMS) as [ReviewRoom, ...ReviewRoom[]], { message: 'Choose one of the rooms listed.' }).optional(),
  ),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
/** An edit: any of the fields; an edited review waits for the owner again. */
export const reviewPatchSchema = reviewInputSchema.partial();
export type ReviewPatch = z.infer<typeof reviewPatchSchema>;

export const reviewReplySchema = strictObject({
  reply: z
    .string({ message: 'Write the studio’s reply.' })
    .trim()
    .min(1, 'Write the studio’s reply.')
    .max(REVIEW_TEXT_MAX, `Keep the reply within ${REVIEW_TEXT_MAX.toLocaleString('en-IN')} characters.`),
});

export const reviewsQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'The page must be a number.' })
    .int('The page must be a number.')
    .min(1, 'Pages start at 1.')
    .max(10_000)
    .default(1),
  sort: z.enum(REVIEW_SORTS, { message: 'Sort by newest or helpful.' }).default('newest'),
});

export const reviewPhotoSchema = z.object({ image: z.string() });

export const reviewSchema = z.object({
  id: z.number(),
  product: z.object({ slug: z.string(), name: z.string() }),
  stars: z.number(),
  title: z.string(),
  text: z.string(),
  finish: z.string().nullable(),
  room: z.string().nullable(),
  /** The writer as shown: her first name and the initial of her last. */
  author: z.string(),
  verified_buyer: z.literal(true),
  status: z.enum(REVIEW_STATUSES),
  photos: z.array(reviewPhotoSchema),
  helpful: z.number(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  /** The published reviews' average, rounded to a half; null before the first. */
  average: z.number().nullable(),
  count: z.number(),
  /** How many published reviews gave 5, 4, 3, 2 and 1 stars. */
  breakdown: z.object({ 5: z.number(), 4: z.number(), 3: z.number(), 2: z.number(), 1: z.number() }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewPageSchema = z.object({
  summary: reviewSummarySchema,
  page: z.number(),
  pages: z.number(),
  sort: z.enum(REVIEW_SORTS),
  results: z.array(reviewSchema),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** Saved pieces: a product with its finish ('' for none), kept by a visitor's cart code or a user's account. */
export const savedInputSchema = z.object({
  product: z.string({ message: 'Name the piece to save.' }).trim().min(1, 'Name the piece to save.').max(200),
  finish: z.string().trim().max(60).optional().default(''),
  cart_code: z.string().trim().max(100).optional(),
});
export type SavedInput = z.infer<typeof savedInputSchema>;

export const savedPieceSchema = z.object({
  id: z.number(),
  product: z.object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    price: z.number(),
    in_stock: z.boolean(),
    /** Made to order: its production weeks; ready stock: null. */
    lead_time: z.string(),
  }),
  finish: z.string(),
  created_at: z.string(),
});
export type SavedPiece = z.infer<typeof savedPieceSchema>;
