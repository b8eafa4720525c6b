import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderCountsQuerySchema,
  adminOrderCountsSchema,
  adminOrderQuerySchema,
  adminOrderSchema,
  expectedDeliveryUpdateSchema,
  orderSchema,
  orderStatusUpdateSchema,
  STAGE_PHOTOS_MAX,
  trackedOrderSchema,
  trackOrderQuerySchema,
} from '../../../contract/orders';
import { errorSchema } from '../../lib/errors';
import type { Media } from '../../lib/media';
import { parseFields, readForm, withStoredImages } from '../../lib/uploads';
import type { Services } from '../../services';
import { currentUser, requireSuperuser, requireUser } from '../../lib/request-user';

/** Tracking needs the number and the e-mail; the limit keeps anyone from guessing pairs. */
const TRACK_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };

const idParams = z.object({
  id: z.coerce.number({ message: 'The order id must be a number.' }).int('The order id must be a number.').positive('The order id must be a number.'),
});

export const ordersRoutes: FastifyPluginAsyncZod<{ services: Services; media: Media }> = async (app, { services, media }) => {
  const { orders } = services;
  const tags = ['orders'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/orders/track/',
    {
      config: { rateLimit: TRACK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Track an order by its number and the buyer’s e-mail',
        querystring: trackOrderQuerySchema,
        response: { 200: trackedOrderSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    (request) => orders.track(request.query.number, request.query.email),
  );
  app.get(
    '/api/orders/:id/',
    {
      preHandler: requireUser,
      schema: { tags, security, summary: 'One of the caller’s orders', params: idParams, response: { 200: orderSchema, 404: errorSchema } },
    },
    (request) => orders.getForUser(currentUser(request).id, request.params.id),
  );
  app.get(
    '/api/user/orders/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The caller’s orders, newest first (unpaid attempts left out)',
        response: { 200: z.array(orderSchema), 401: errorSchema },
      },
    },
    (request) => orders.listForUser(currentUser(request).id),
  );

  const admin = { preHandler: requireSuperuser };
  const adminTags = ['admin'];
  app.get(
    '/api/admin/orders/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Orders, newest first: paid orders unless `view` asks for those awaiting payment, expired or all; filter by status, search by number or e-mail',
        querystring: adminOrderQuerySchema,
        response: { 200: z.array(adminOrderSchema), 400: errorSchema, 403: errorSchema },
      },
    },
    (request) => orders.adminList(request.query),
  );
  app.get(
    '/api/admin/orders/counts/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'How many orders each view of the list holds (paid, awaiting payment, expired, all), with the same search',
        querystring: adminOrderCountsQuerySchema,
        response: { 200: adminOrderCountsSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    (request) => orders.adminCounts(request.query),
  );
  app.get(
    '/api/admin/orders/:id/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'One order with its payment ids',
        params: idParams,
        response: { 200: adminOrderSchema, 404: errorSchema },
      },
    },
    (request) => orders.adminGet(request.params.id),
  );
  app.post(
    '/api/admin/orders/:id/status/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Move an order to its next stage (paid → design_signoff → timber_selection → joinery → finishing → quality_check → ready_to_dispatch → shipped → delivered → installed; a ready-to-ship order goes from paid to ready_to_dispatch), or cancel it; e-mails the buyer',
        description: `JSON, or multipart with photos. Fields: \`stage\` (or \`status\`, which moves to the next stage with that status), \`note\`, \`carrier\` and \`tracking_number\` (required for shipped, 400 without them), \`tracking_url\`, \`eway_bill_number\` (12 digits; required for shipped when the order is above the e-way bill threshold, 400 without it), \`photos\` (files, at most ${STAGE_PHOTOS_MAX}: JPEG, PNG or WebP checked by their bytes, 415 otherwise; at most 5 MB each, 413). Skipping a stage or going back is refused (409) with a sentence; nothing is stored then.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: { 200: adminOrderSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) => {
      const form = await readForm(request, { files: { photos: STAGE_PHOTOS_MAX } });
      const input = parseFields(orderStatusUpdateSchema, form, ['photos']);
      // The order must exist before anything is stored; the move itself is checked again in its transaction.
      await orders.adminGet(request.params.id);
      return withStoredImages(media, form.files('photos'), { folder: 'workshop', maxWidth: 1600 }, (photos) =>
        orders.adminSetStatus(request.params.id, input, photos),
      );
    },
  );
  app.post(
    '/api/admin/orders/:id/expected-delivery/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Revise when the order is expected at the buyer’s door (`from`, `to` as YYYY-MM-DD, and the `reason`, required); e-mails the buyer',
        params: idParams,
        body: expectedDeliveryUpdateSchema,
        response: { 200: adminOrderSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => orders.reviseExpectedDelivery(request.params.id, request.body),
  );
};
