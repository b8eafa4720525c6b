import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderCountsQuerySchema,
  adminOrderCountsSchema,
  adminOrderQuerySchema,
  adminOrderSchema,
  orderSchema,
  orderStatusUpdateSchema,
  trackedOrderSchema,
  trackOrderQuerySchema,
} from '../../../contract/orders';
import { errorSchema } from '../../lib/errors';
import type { Services } from '../../services';
import { currentUser, requireSuperuser, requireUser } from '../accounts/auth';

/** Tracking needs the number and the e-mail; the limit keeps anyone from guessing pairs. */
const TRACK_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };

const idParams = z.object({
  id: z.coerce.number({ message: 'The order id must be a number.' }).int('The order id must be a number.').positive('The order id must be a number.'),
});

export const ordersRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
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
          'Move an order along (paid → in_production → ready_to_dispatch → shipped → delivered, or cancelled); shipped needs `carrier` and `tracking_number` (400 without them); e-mails the buyer',
        params: idParams,
        body: orderStatusUpdateSchema,
        response: { 200: adminOrderSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => orders.adminSetStatus(request.params.id, request.body),
  );
};
