import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REVIEW_PHOTOS_MAX,
  REVIEW_STATUSES,
  reviewInputSchema,
  reviewPageSchema,
  reviewPatchSchema,
  reviewReplySchema,
  reviewSchema,
  reviewsQuerySchema,
} from '../../../contract/reviews';
import { errorSchema } from '../../lib/errors';
import type { Media } from '../../lib/media';
import { FORM_RATE_LIMIT } from '../../lib/rate-limit-store';
import { currentUser, requireSuperuser, requireUser } from '../../lib/request-user';
import { parseFields, parsePatch, readForm, withStoredImages } from '../../lib/uploads';
import type { Services } from '../../services';

const idParams = z.object({
  id: z.coerce.number({ message: 'The id must be a number.' }).int('The id must be a number.').positive('The id must be a number.'),
});
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const PHOTOS = `\`photos\` (at most ${REVIEW_PHOTOS_MAX}: JPEG, PNG or WebP checked by their bytes, 415 otherwise; at most 5 MB each, 413)`;

/** Reviews from verified buyers (decision 0050): the product's published reviews, the buyer's own, the owner's moderation. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ services: Services; media: Media }> = async (app, { services, media }) => {
  const { reviews } = services;
  const tags = ['reviews'];
  const security = [{ bearer: [] }];
  const admin = { preHandler: requireSuperuser };

  app.get(
    '/api/products/:slug/reviews/',
    {
      schema: {
        tags,
        summary: 'A product’s published reviews, 10 a page, newest or most helpful first, with the average (to a half), count and breakdown',
        params: slugParams,
        querystring: reviewsQuerySchema,
        response: { 200: reviewPageSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    (request) => reviews.forProduct(request.params.slug, request.query),
  );

  app.post(
    '/api/products/:slug/reviews/',
    {
      preHandler: requireUser,
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: 'Review a piece the caller has received',
        description: `Multipart (or JSON without photos): \`stars\` (1 to 5), \`title\`, \`text\` (20 to 2,000 characters), \`finish\` and \`room\` (optional), ${PHOTOS}. 201 with the review, which waits for the owner (status pending) unless the shop publishes at once. 403 with a sentence before an order holding the piece was delivered to the caller; 409 for a second review of the same piece. Nothing is stored on any refusal.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: slugParams,
        response: {
          201: reviewSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Someone who has not received the piece, or has reviewed it, is refused before the photos are read or stored.
      await reviews.checkReviewable(user.id, request.params.slug);
      const form = await readForm(request, { files: { photos: REVIEW_PHOTOS_MAX } });
      const input = parseFields(reviewInputSchema, form, ['photos']);
      const made = await withStoredImages(media, form.files('photos'), { folder: 'reviews', maxWidth: 1600 }, (photos) =>
        reviews.create(user.id, request.params.slug, input, photos),
      );
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/api/reviews/mine/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The caller’s own reviews, any status (a hidden one says so)',
        response: { 200: z.array(reviewSchema), 401: errorSchema },
      },
    },
    (request) => reviews.mine(currentUser(request).id),
  );

  app.patch(
    '/api/reviews/:id/',
    {
      preHandler: requireUser,
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: 'Edit the caller’s own review; it waits for the owner again',
        description: `Multipart or JSON, any of the review’s fields; ${PHOTOS} replace the review’s photos when sent. 404 for another buyer’s review.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: { 200: reviewSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const form = await readForm(request, { files: { photos: REVIEW_PHOTOS_MAX } });
      const patch = parsePatch(reviewPatchSchema, form, ['photos']);
      const files = form.files('photos');
      const { review, dropped } = await withStoredImages(media, files, { folder: 'reviews', maxWidth: 1600 }, (photos) =>
        reviews.update(user.id, request.params.id, patch, files.length ? photos : null),
      );
      await media.release(dropped);
      return review;
    },
  );

  app.delete(
    '/api/reviews/:id/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete the caller’s own review (404 for another buyer’s)',
        params: idParams,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const photos = await reviews.remove(currentUser(request).id, request.params.id);
      await media.release(photos);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/reviews/:id/helpful/',
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Mark a published review as helpful (once per reader)',
        params: idParams,
        response: { 200: reviewSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    (request) => reviews.helpful(currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/admin/reviews/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Reviews for the owner, newest first: all, or of one status (pending, published, hidden)',
        querystring: z.object({ status: z.enum(REVIEW_STATUSES, { message: 'The status is pending, published or hidden.' }).optional() }),
        response: { 200: z.array(reviewSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    (request) => reviews.adminList(request.query.status),
  );

  for (const [action, status] of [
    ['publish', 'published'],
    ['hide', 'hidden'],
  ] as const) {
    app.post(
      `/api/admin/reviews/:id/${action}/`,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: action === 'publish' ? 'Publish a review on its product’s page' : 'Hide a review (its writer sees it is hidden)',
          params: idParams,
          response: { 200: reviewSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
        },
      },
      (request) => reviews.moderate(request.params.id, status),
    );
  }

  app.post(
    '/api/admin/reviews/:id/reply/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'The studio’s public reply under a review',
        params: idParams,
        body: reviewReplySchema,
        response: { 200: reviewSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    (request) => reviews.reply(request.params.id, request.body.reply),
  );

  app.post(
    '/api/reviews/unsubscribe/',
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags,
        summary: 'The review e-mail’s unsubscribe line: no more review requests to this address',
        body: z.object({ email: z.string().trim().min(3).max(320), token: z.string().trim().min(1).max(200) }),
        response: { 200: z.object({ detail: z.string() }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await reviews.unsubscribe(request.body.email, request.body.token);
      return { detail: 'You will receive no more review requests at this address.' };
    },
  );
};
