import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRefundSchema,
  afterSaleCountsSchema,
  cancelAnswerSchema,
  cancelOrderSchema,
  cancellationDecisionSchema,
  cancellationRequestSchema,
  refundSchema,
  RETURN_PHOTOS_MAX,
  returnDecisionSchema,
  returnReceivedSchema,
  returnReportSchema,
  returnSchema,
} from '../../../contract/after-sale';
import { orderSchema } from '../../../contract/orders';
import { errorSchema, invalid } from '../../lib/errors';
import type { Media } from '../../lib/media';
import { readForm, withStoredImages, zodFieldErrors } from '../../lib/uploads';
import type { Services } from '../../services';
import { currentUser, requireSuperuser, requireUser } from '../../lib/request-user';

const idParams = z.object({
  id: z.coerce.number({ message: 'The id must be a number.' }).int('The id must be a number.').positive('The id must be a number.'),
});
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(8).max(100).optional().describe('Optional: the same key makes one refund however often it is sent'),
});

/** After the sale (decision 0038): the buyer's cancellations and returns, the owner's queues, decisions and refunds. */
export const afterSaleRoutes: FastifyPluginAsyncZod<{ services: Services; media: Media }> = async (app, { services, media }) => {
  const { afterSale, orders } = services;
  const tags = ['after the sale'];
  const security = [{ bearer: [] }];
  const admin = { preHandler: requireSuperuser };

  app.post(
    '/api/orders/:id/cancel/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Cancel one of the caller’s paid orders, with a reason',
        description:
          'Before the workshop starts (a made-to-order piece not past design sign-off, a ready-to-ship piece not dispatched) the order is cancelled at once: 200 with the order (cancelled, with `refunds`), the pieces back in stock, the refund asked of Razorpay (less the policy’s fee for a non-furniture order under ₹5,000), a credit note issued. Later, 202 with a pending `cancellation_request` the owner answers. 404 for an order that is not the caller’s; A shipped order may still be cancelled before delivery, as a request. 409 with a sentence for one that cannot be cancelled (delivered, already cancelled or requested).',
        params: idParams,
        body: cancelOrderSchema,
        response: { 200: orderSchema, 202: cancelAnswerSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const done = await afterSale.cancel(user.id, request.params.id, request.body);
      if (!done.immediate) return reply.status(202).send({ cancellation_request: done.request });
      return reply.status(200).send(await orders.getForUser(user.id, request.params.id));
    },
  );

  app.post(
    '/api/orders/:id/returns/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Report a problem with a delivered order (a fulfilment mistake), within 7 days of delivery',
        description: `Multipart (or JSON without photos): \`reason\` (wrong_piece, wrong_finish, damaged_in_transit, size_outside_tolerance), \`description\`, \`items\` (the order item ids concerned, repeated), \`photos\` (at most ${RETURN_PHOTOS_MAX}: JPEG, PNG or WebP checked by their bytes, 415 otherwise; at most 5 MB each, 413). 201 with the return. After 7 days, 409 with the policy’s sentence; nothing is stored on any refusal.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: { 201: returnSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Another customer's order and a closed window are refused before the photos are read or stored.
      await afterSale.checkReportable(user.id, request.params.id);
      const form = await readForm(request, { files: { photos: RETURN_PHOTOS_MAX } });
      const fields = form.object();
      const parsed = returnReportSchema.safeParse({ ...fields, items: form.values('items').length > 1 ? form.values('items') : fields.items });
      if (!parsed.success) throw invalid(zodFieldErrors(parsed.error));
      const made = await withStoredImages(media, form.files('photos'), { folder: 'returns', maxWidth: 1600 }, (photos) =>
        afterSale.reportReturn(user.id, request.params.id, parsed.data, photos),
      );
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/api/orders/:id/returns/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The returns of one of the caller’s orders',
        params: idParams,
        response: { 200: z.array(returnSchema), 404: errorSchema },
      },
    },
    (request) => afterSale.returnsOf(currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/admin/returns/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          'The returns queue: open returns (reported, accepted, received) oldest first; `status=closed` the closed ones (refunded, replaced, declined) newest first; or `status=all`',
        querystring: z.object({ status: z.enum(['open', 'closed', 'all']).optional() }),
        response: { 200: z.array(returnSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    (request) => afterSale.returnsQueue(request.query.status),
  );

  app.post(
    '/api/admin/returns/:id/decision/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Accept a reported return (with the `pickup_date` the buyer sees) or decline it with a sentence; e-mails the buyer',
        params: idParams,
        body: returnDecisionSchema,
        response: { 200: returnSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => afterSale.decideReturn(request.params.id, request.body),
  );

  app.post(
    '/api/admin/returns/:id/received/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Mark an accepted return’s piece received at the workshop; e-mails the buyer',
        params: idParams,
        body: returnReceivedSchema,
        response: { 200: returnSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => afterSale.returnReceived(request.params.id, request.body),
  );

  app.post(
    '/api/admin/returns/:id/replacement/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          'Send a replacement for an accepted return: a new order at no charge for its pieces, linked to the first, through the workshop like any other',
        description:
          '409 with a sentence when the return is not accepted, already closed, or a ready-to-ship piece is not on the shelf; nothing is written then.',
        params: idParams,
        body: returnReceivedSchema,
        response: {
          201: returnSchema.extend({ replacement_order_id: z.number().int() }),
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await afterSale.replaceReturn(request.params.id, request.body)),
  );

  app.get(
    '/api/admin/cancellation-requests/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Cancellation requests awaiting an answer, oldest first, or `status=all`',
        querystring: z.object({ status: z.enum(['requested', 'all']).optional() }),
        response: { 200: z.array(cancellationRequestSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    (request) => afterSale.cancellationRequests(request.query.status),
  );

  app.post(
    '/api/admin/cancellation-requests/:id/decision/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          'Accept a cancellation request (the order cancelled, `refund_amount` in rupees refunded, by default what is left less the policy’s fee) or decline it',
        description:
          'The `note` is the sentence the buyer reads. 409 with a sentence for an amount above what is left or a request already answered; nothing changes then.',
        params: idParams,
        body: cancellationDecisionSchema,
        response: { 200: cancellationRequestSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => afterSale.decideCancellation(request.params.id, request.body),
  );

  app.post(
    '/api/admin/orders/:id/refunds/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Refund an order in full or in part: `amount` in rupees, `note` the buyer reads, `return_id` the return it settles',
        description:
          'One row of the ledger, one Razorpay refund with its idempotency key, one GST credit note for exactly the amount. Any amount up to what was captured less what was refunded; above it 409 with a sentence (of two owners refunding the remainder at once, one refund is made). An `Idempotency-Key` header makes a retried call one refund. A refund Razorpay refuses is answered with `status: failed` and its `error`.',
        params: idParams,
        headers: idempotencyHeaders,
        body: adminRefundSchema,
        response: { 200: refundSchema, 201: refundSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const made = await afterSale.refund(request.params.id, request.body, request.headers['idempotency-key']);
      return reply.status(made.fresh ? 201 : 200).send(made.refund);
    },
  );

  app.get(
    '/api/admin/after-sale/counts/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'The overview’s counts: cancellation requests and returns awaiting the owner, refunds due within their 15 days and overdue',
        response: { 200: afterSaleCountsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    () => afterSale.counts(),
  );

  app.get(
    '/api/admin/orders/:id/refunds/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'An order’s refunds with their status and the provider’s refusal',
        params: idParams,
        response: { 200: z.array(refundSchema), 403: errorSchema },
      },
    },
    (request) => afterSale.refundsOf(request.params.id, true),
  );
};
