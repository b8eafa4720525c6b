import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  REVIEW_ROOMS,
  REVIEWS_PAGE_SIZE,
  roundToHalf,
  type Review,
  type ReviewInput,
  type ReviewPage,
  type ReviewPatch,
  type ReviewSort,
  type ReviewStatus,
  type ReviewSummary,
} from '../../../contract/reviews';
import type { Db } from '../../db/client';
import {
  orderEvents,
  orderItems,
  orders,
  productReviews,
  products,
  reviewMailOptOuts,
  reviewPhotos,
  reviewRequests,
  reviewVotes,
  users,
} from '../../db/schema';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';

type ReviewRow = typeof productReviews.$inferSelect;

export interface ReviewsDeps {
  mailer: Mailer;
  publicUrl: string;
  /** Signs the review e-mails' unsubscribe links (JWT_SECRET). */
  secret: string;
  /** Days after delivery before the review e-mail goes out (REVIEW_MAIL_DAYS). */
  mailAfterDays: number;
  /** Whether a new or edited review waits for the owner (REVIEWS_WAIT_FOR_OWNER); otherwise it is published at once. */
  waitForOwner: boolean;
  /** A published review changed: the catalogue's cached reads and the kept pages must be dropped. */
  published: () => void;
}

const DAY_MS = 86_400_000;
const noReviews = (): ReviewSummary => ({ average: null, count: 0, breakdown: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } });
export const NOT_RECEIVED =
  'Only a buyer who has received this piece can review it. Your review can be written once an order holding it has been delivered.';
export const ALREADY_REVIEWED = 'You have already reviewed this piece. You can edit your review from the product page.';

/** The writer as the pages show her: first name and the initial of the last. */
function authorOf(first: string, last: string): string {
  const name = [first.trim(), last.trim() ? `${last.trim()[0]!.toUpperCase()}.` : ''].filter(Boolean).join(' ');
  return name || 'A verified buyer';
}

/**
 * Reviews from verified buyers (decision 0050): a buyer whose order holding the piece was delivered writes one per
 * product; the owner publishes, hides and replies; the products' counts follow the published ones by a trigger.
 */
export function createReviewsService(db: Db, deps: ReviewsDeps) {
  async function productBySlug(slug: string) {
    const [row] = await db
      .select({ id: products.id, slug: products.slug, name: products.name, finishes: products.finishes })
      .from(products)
      .where(eq(products.slug, slug));
    if (!row) throw notFound('This product');
    return row;
  }

  /** The latest delivered order of this buyer holding the product, or null. */
  async function deliveredOrder(userId: number, productId: number): Promise<number | null> {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered'), eq(orderItems.productId, productId)))
      .orderBy(desc(orders.id))
      .limit(1);
    return row?.id ?? null;
  }

  async function present(rows: ReviewRow[]): Promise<Review[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [photos, names, productNames] = await Promise.all([
      db.select().from(reviewPhotos).where(inArray(reviewPhotos.reviewId, ids)).orderBy(asc(reviewPhotos.position), asc(reviewPhotos.id)),
      db
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
      db
        .select({ id: products.id, slug: products.slug, name: products.name })
        .from(products)
        .where(inArray(products.id, [...new Set(rows.map((r) => r.productId))])),
    ]);
    const nameOf = new Map(names.map((n) => [n.id, authorOf(n.first, n.last)]));
    const productOf = new Map(productNames.map((p) => [p.id, { slug: p.slug, name: p.name }]));
    return rows.map((r) => ({
      id: r.id,
      product: productOf.get(r.productId) ?? { slug: '', name: '' },
      stars: r.stars,
      title: r.title,
      text: r.text,
      finish: r.finish,
      room: r.room ? (REVIEW_ROOMS[r.room as keyof typeof REVIEW_ROOMS] ?? null) : null,
      author: nameOf.get(r.userId) ?? 'A verified buyer',
      verified_buyer: true as const,
      status: r.status,
      photos: photos.filter((p) => p.reviewId === r.id).map((p) => ({ image: p.image })),
      helpful: r.helpfulCount,
      reply: r.reply,
      replied_at: r.repliedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }));
  }

  async function ownReview(userId: number, id: number): Promise<ReviewRow> {
    const [row] = await db
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.id, id), eq(productReviews.userId, userId)));
    if (!row) throw notFound('This review');
    return row;
  }

  async function anyReview(id: number): Promise<ReviewRow> {
    const [row] = await db.select().from(productReviews).where(eq(productReviews.id, id));
    if (!row) throw notFound('This review');
    return row;
  }

  function checkFinish(finishes: string[], finish: string | undefined) {
    if (finish && !finishes.includes(finish)) throw invalid({ finish: ['Choose one of the piece’s finishes.'] });
  }

  function unsubscribeToken(email: string): string {
    return createHmac('sha256', deps.secret).update(`review-mails:${email.toLowerCase()}`).digest('base64url');
  }

  const service = {
    /** The published reviews' average (to a half), count and breakdown by stars. */
    async summary(productId: number): Promise<ReviewSummary> {
      const rows = await db
        .select({ stars: productReviews.stars, n: count() })
        .from(productReviews)
        .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'published')))
        .groupBy(productReviews.stars);
      const breakdown = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
      let total = 0;
      let sum = 0;
      for (const r of rows) {
        breakdown[r.stars as 1 | 2 | 3 | 4 | 5] = Number(r.n);
        total += Number(r.n);
        sum += r.stars * Number(r.n);
      }
      return { average: total ? roundToHalf(sum / total) : null, count: total, breakdown };
    },

    /** One page of a product's published reviews, newest or most helpful first. */
    /**
     * `options.product`: the piece as the caller has just read it (the product page), with its count of published
     * reviews: it is not read again, and a piece without any published review asks nothing more of the database.
     */
    async forProduct(
      slug: string,
      asked: { page: number; sort: ReviewSort },
      options: { lastPageAtMost?: boolean; product?: { id: number; review_count: number } } = {},
    ): Promise<ReviewPage> {
      const product = options.product ?? (await productBySlug(slug));
      const none = options.product?.review_count === 0;
      const rowsOf = (page: number) => {
        const order =
          asked.sort === 'helpful'
            ? [desc(productReviews.helpfulCount), desc(productReviews.createdAt), desc(productReviews.id)]
            : [desc(productReviews.createdAt), desc(productReviews.id)];
        return db
          .select()
          .from(productReviews)
          .where(and(eq(productReviews.productId, product.id), eq(productReviews.status, 'published')))
          .orderBy(...order)
          .limit(REVIEWS_PAGE_SIZE)
          .offset((page - 1) * REVIEWS_PAGE_SIZE);
      };
      // The first page (nearly every ask) is read with the summary; a later one once the summary says it exists.
      const [summary, firstRows] = none
        ? [noReviews(), []]
        : await Promise.all([service.summary(product.id), asked.page === 1 ? rowsOf(1) : undefined]);
      const pages = Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE));
      // The API answers 404 past the end; the product page shows its last page of reviews instead.
      if (asked.page > pages && !options.lastPageAtMost) throw notFound('This page of reviews');
      const page = Math.min(asked.page, pages);
      const rows = firstRows ?? (await rowsOf(page));
      return { summary, page, pages, sort: asked.sort, results: await present(rows) };
    },

    /**
     * Whether this buyer may review the piece: 404 for an unknown piece, 403 with a sentence before an order
     * holding it was delivered, 409 when she already has. Checked before any photo is read.
     */
    async checkReviewable(userId: number, slug: string) {
      const product = await productBySlug(slug);
      const orderId = await deliveredOrder(userId, product.id);
      if (orderId === null) throw forbidden(NOT_RECEIVED);
      const [mine] = await db
        .select({ id: productReviews.id })
        .from(productReviews)
        .where(and(eq(productReviews.productId, product.id), eq(productReviews.userId, userId)));
      if (mine) throw conflict(ALREADY_REVIEWED);
      return { product, orderId };
    },

    /** What the review form needs: the piece, and the buyer's own review of it when she has written one. */
    async formFor(
      userId: number,
      slug: string,
    ): Promise<{ product: { slug: string; name: string; finishes: string[] }; mine: Review | null; received: boolean }> {
      const product = await productBySlug(slug);
      const [row] = await db
        .select()
        .from(productReviews)
        .where(and(eq(productReviews.productId, product.id), eq(productReviews.userId, userId)));
      const mine = row ? ((await present([row]))[0] ?? null) : null;
      const received = mine !== null || (await deliveredOrder(userId, product.id)) !== null;
      return { product: { slug: product.slug, name: product.name, finishes: product.finishes }, mine, received };
    },

    async create(userId: number, slug: string, input: ReviewInput, photos: string[]): Promise<Review> {
      const { product, orderId } = await service.checkReviewable(userId, slug);
      checkFinish(product.finishes, input.finish);
      const status: ReviewStatus = deps.waitForOwner ? 'pending' : 'published';
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(productReviews)
          .values({
            productId: product.id,
            userId,
            orderId,
            stars: input.stars,
            title: input.title,
            text: input.text,
            finish: input.finish ?? null,
            room: input.room ?? null,
            status,
          })
          .onConflictDoNothing()
          .returning();
        // Two tabs sent the form at once: the database keeps one review per buyer and piece.
        if (!made) throw conflict(ALREADY_REVIEWED);
        if (photos.length) await tx.insert(reviewPhotos).values(photos.map((image, position) => ({ reviewId: made.id, image, position })));
        return made;
      });
      if (status === 'published') deps.published();
      return (await present([row]))[0]!;
    },

    /** The writer's edit: the review waits for the owner again (when reviews wait); new photos replace the old. */
    async update(userId: number, id: number, patch: ReviewPatch, photos: string[] | null): Promise<{ review: Review; dropped: string[] }> {
      const current = await ownReview(userId, id);
      const [product] = await db.select({ finishes: products.finishes }).from(products).where(eq(products.id, current.productId));
      checkFinish(product?.finishes ?? [], patch.finish);
      const wasPublished = current.status === 'published';
      const dropped: string[] = [];
      const row = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(productReviews)
          .set({
            ...(patch.stars !== undefined ? { stars: patch.stars } : {}),
            ...(patch.title !== undefined ? { title: patch.title } : {}),
            ...(patch.text !== undefined ? { text: patch.text } : {}),
            ...(patch.finish !== undefined ? { finish: patch.finish } : {}),
            ...(patch.room !== undefined ? { room: patch.room } : {}),
            // An edited review waits for the owner again (a hidden one always: she decides whether the edit mends it).
            status: deps.waitForOwner || current.status === 'hidden' ? 'pending' : 'published',
            updatedAt: new Date(),
          })
          .where(eq(productReviews.id, id))
          .returning();
        if (photos) {
          const old = await tx.delete(reviewPhotos).where(eq(reviewPhotos.reviewId, id)).returning({ image: reviewPhotos.image });
          dropped.push(...old.map((p) => p.image));
          if (photos.length) await tx.insert(reviewPhotos).values(photos.map((image, position) => ({ reviewId: id, image, position })));
        }
        return changed!;
      });
      if (wasPublished || row.status === 'published') deps.published();
      return { review: (await present([row]))[0]!, dropped };
    },

    /** Deletes the writer's own review; answers its photos, for the caller to release. */
    async remove(userId: number, id: number): Promise<string[]> {
      const current = await ownReview(userId, id);
      const photos = await db.select({ image: reviewPhotos.image }).from(reviewPhotos).where(eq(reviewPhotos.reviewId, id));
      await db.delete(productReviews).where(eq(productReviews.id, id));
      if (current.status === 'published') deps.published();
      return photos.map((p) => p.image);
    },

    /** The buyer's own reviews, any status (a hidden one says so to her). */
    async mine(userId: number): Promise<Review[]> {
      const rows = await db.select().from(productReviews).where(eq(productReviews.userId, userId)).orderBy(desc(productReviews.createdAt));
      return present(rows);
    },

    /** One "helpful" per reader; her own review cannot be voted by her. */
    async helpful(userId: number, id: number): Promise<Review> {
      const review = await anyReview(id);
      if (review.status !== 'published') throw notFound('This review');
      if (review.userId === userId) throw conflict('You cannot mark your own review as helpful.');
      const row = await db.transaction(async (tx) => {
        const [vote] = await tx.insert(reviewVotes).values({ reviewId: id, userId }).onConflictDoNothing().returning();
        if (!vote) return review;
        const [counted] = await tx
          .update(productReviews)
          .set({ helpfulCount: sql`${productReviews.helpfulCount} + 1` })
          .where(eq(productReviews.id, id))
          .returning();
        return counted!;
      });
      return (await present([row]))[0]!;
    },

    /** The owner's list: new ones first, of one status or all. */
    async adminList(status?: ReviewStatus): Promise<Review[]> {
      const rows = await db
        .select()
        .from(productReviews)
        .where(status ? eq(productReviews.status, status) : undefined)
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
        .limit(500);
      return present(rows);
    },

    /** The owner publishes or hides a review; the product's average and the kept pages follow. */
    async moderate(id: number, status: 'published' | 'hidden'): Promise<Review> {
      await anyReview(id);
      const [row] = await db.update(productReviews).set({ status, updatedAt: new Date() }).where(eq(productReviews.id, id)).returning();
      deps.published();
      return (await present([row!]))[0]!;
    },

    /** The studio's public reply under a review (replaces an earlier one). */
    async reply(id: number, reply: string): Promise<Review> {
      await anyReview(id);
      const [row] = await db.update(productReviews).set({ reply, repliedAt: new Date() }).where(eq(productReviews.id, id)).returning();
      deps.published();
      return (await present([row!]))[0]!;
    },

    /**
     * The review e-mails (a scheduled job): each order delivered at least `mailAfterDays` ago gets one, once,
     * with a link to each piece's review form, unless its address asked for none. An order is claimed before its
     * mail is written; one whose mail could not be written is given back for the next run.
     */
    async sendReviewRequests(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - deps.mailAfterDays * DAY_MS);
      const delivered = db
        .select({ orderId: orderEvents.orderId, at: sql<Date>`min(${orderEvents.createdAt})`.as('at') })
        .from(orderEvents)
        .where(eq(orderEvents.status, 'delivered'))
        .groupBy(orderEvents.orderId)
        .as('delivered');
      const due = await db
        .select({ id: orders.id, email: orders.email, number: orders.number })
        .from(orders)
        .innerJoin(delivered, eq(delivered.orderId, orders.id))
        .leftJoin(reviewRequests, eq(reviewRequests.orderId, orders.id))
        .leftJoin(reviewMailOptOuts, eq(reviewMailOptOuts.email, sql`lower(${orders.email})`))
        .where(and(eq(orders.status, 'delivered'), lte(delivered.at, before), isNull(reviewRequests.orderId), isNull(reviewMailOptOuts.email)))
        .limit(200);
      let sent = 0;
      const failures: unknown[] = [];
      for (const order of due) {
        const [claimed] = await db.insert(reviewRequests).values({ orderId: order.id }).onConflictDoNothing().returning();
        if (!claimed) continue;
        try {
          const items = await db
            .selectDistinct({ slug: orderItems.productSlug, name: orderItems.productName })
            .from(orderItems)
            // A piece made to the buyer's size that is no catalogue product has no page to review it on.
            .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.productSlug)));
          if (items.length === 0) continue;
          const unsubscribe = service.unsubscribeLink(order.email);
          const lines = items.map((i) => `${i.name}: ${deps.publicUrl}/product/${i.slug}/review`);
          await deps.mailer.send({
            to: order.email,
            subject: `How is your ${items.length === 1 ? items[0]!.name : 'furniture'}? Order ${order.number}`,
            text: [
              'Thank you for buying from Teakwood Studio. Your order was delivered a few days ago, and we would love to know how the furniture is settling in.',
              '',
              'Write a review (with photos, if you like) for each piece:',
              ...lines,
              '',
              'Your review helps other families choose their furniture.',
              '',
              `To receive no more review requests, open ${unsubscribe}`,
            ].join('\n'),
            secrets: [unsubscribe],
          });
          sent += 1;
        } catch (err) {
          failures.push(err);
          await db.delete(reviewRequests).where(eq(reviewRequests.orderId, order.id));
        }
      }
      if (failures.length)
        throw new AggregateError(failures, `${failures.length} review e-mails could not be written; they are left for the next run`);
      return sent;
    },

    /** The review e-mail's unsubscribe link: the address with its signature, opened on the shop's page. */
    unsubscribeLink(email: string): string {
      return `${deps.publicUrl}/reviews/unsubscribe?${new URLSearchParams({ email, token: unsubscribeToken(email) }).toString()}`;
    },

    /** The review e-mail's unsubscribe line: a signed link for that address. */
    async unsubscribe(email: string, token: string): Promise<void> {
      const expected = Buffer.from(unsubscribeToken(email));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw invalid({ token: ['This unsubscribe link is not valid. Please use the link from the e-mail as it is.'] });
      }
      await db.insert(reviewMailOptOuts).values({ email: email.toLowerCase() }).onConflictDoNothing();
    },
  };
  return service;
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
