import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressInputSchema,
  addressSchema,
  cancelPaymentSchema,
  checkoutConflictSchema,
  createOrderResponseSchema,
  createOrderSchema,
  deleteAddressSchema,
  paymentSuccessSchema,
  simulatedPaySchema,
  verifyPaymentResponseSchema,
  verifyPaymentSchema,
} from '../../../contract/orders';
import { AppError, errorSchema } from '../../lib/errors';
import type { Services } from '../../services';
import { ADDRESSES_MAX } from './addresses.service';
import { currentUser, requireUser } from '../../lib/request-user';

/** A buyer retries a payment a few times; a script probing signatures is stopped. */
const PAYMENT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Saving addresses is a form: a person fills in a few, a script filling the table is stopped. */
const ADDRESS_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };

export const checkoutRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { checkout, addresses } = services;
  const tags = ['checkout'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: requireUser };

  app.get(
    '/api/get_user_addresses/',
    { ...auth, schema: { tags, security, summary: 'The caller’s saved addresses', response: { 200: z.array(addressSchema), 401: errorSchema } } },
    (request) => addresses.list(currentUser(request).id),
  );
  app.post(
    '/api/addresses/',
    {
      ...auth,
      config: { rateLimit: ADDRESS_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: `Save an address (India only; 6-digit PIN; at most ${ADDRESSES_MAX} kept)`,
        body: addressInputSchema,
        response: { 201: addressSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addresses.create(currentUser(request).id, request.body)),
  );
  app.delete(
    '/api/delete_user_address/',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Delete a saved address (orders keep their copy)',
        body: deleteAddressSchema,
        response: { 204: z.null(), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await addresses.remove(currentUser(request).id, request.body.id);
      return reply.status(204).send(null);
    },
  );

  const paymentConfig = { rateLimit: PAYMENT_RATE_LIMIT };
  app.post(
    '/api/create_order/',
    {
      ...auth,
      config: paymentConfig,
      schema: {
        tags,
        security,
        summary: 'Price the cart on the server and open a payment order (the same one again for an unchanged cart)',
        body: createOrderSchema,
        response: {
          200: createOrderResponseSchema,
          400: errorSchema,
          404: errorSchema,
          409: checkoutConflictSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    (request) => checkout.createOrder(currentUser(request), request.body),
  );
  app.post(
    '/api/verify_payment/',
    {
      ...auth,
      config: paymentConfig,
      schema: {
        tags,
        security,
        summary: 'Confirm a payment: signature, then the provider; the order becomes paid exactly once',
        description:
          '200: the order is paid. 202: the payment was received and is being confirmed (the shop was busy); the order becomes paid within seconds, by this confirmation going on, the provider’s webhook or the reconciler.',
        body: verifyPaymentSchema,
        response: {
          200: verifyPaymentResponseSchema,
          202: z.object({ detail: z.string(), order_id: z.number().int().nullable() }),
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await checkout.verifyPayment(currentUser(request), request.body);
      if (answer.received) return reply.code(202).send({ detail: answer.detail, order_id: answer.order_id });
      const { received: _, ...paid } = answer;
      return paid;
    },
  );
  app.post(
    '/api/cancel_payment/',
    {
      ...auth,
      config: paymentConfig,
      schema: {
        tags,
        security,
        summary: 'The buyer closed the payment window; the order stays open for a late payment',
        body: cancelPaymentSchema,
        response: { 200: z.object({ detail: z.string() }), 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => checkout.cancelPayment(currentUser(request), request.body),
  );

  const simulatedAnswer = z.union([
    paymentSuccessSchema,
    z.object({
      error: z.object({ code: z.string(), description: z.string(), metadata: z.object({ order_id: z.string(), payment_id: z.string() }) }),
    }),
  ]);
  for (const [path, outcome] of [
    ['/api/payments/simulated/pay/', 'captured'],
    ['/api/payments/simulated/fail/', 'failed'],
  ] as const) {
    app.post(
      path,
      {
        ...auth,
        config: paymentConfig,
        schema: {
          tags,
          security,
          summary: `Simulated provider (no payment keys; never in production): the checkout window’s ${outcome === 'captured' ? 'Pay' : 'Fail'} button`,
          body: simulatedPaySchema,
          response: { 200: simulatedAnswer, 404: errorSchema, 409: errorSchema },
        },
      },
      (request) => checkout.simulatePayment(currentUser(request), request.body.razorpay_order_id, outcome),
    );
  }

  // The webhook signature covers the exact bytes sent, so this route keeps the body raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/payments/razorpay/webhook/',
      {
        schema: {
          tags,
          summary: 'Razorpay events (payment.captured, order.paid, payment.failed), signed in X-Razorpay-Signature',
          response: { 200: z.object({ status: z.string() }), 400: errorSchema },
        },
      },
      async (request) => {
        const signature = request.headers['x-razorpay-signature'];
        const eventId = request.headers['x-razorpay-event-id'];
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw new AppError('invalid', 'The webhook signature is missing.');
        const status = await checkout.applyWebhook(request.body, signature, typeof eventId === 'string' ? eventId : undefined);
        request.log.info({ status }, 'payment webhook');
        return { status };
      },
    );
  });
};
