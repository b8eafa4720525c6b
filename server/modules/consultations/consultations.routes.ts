import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingInputSchema, bookingSchema, consultationKindSchema, consultationSlotSchema, slotsQuerySchema } from '../../../contract/consultations';
import { errorSchema } from '../../lib/errors';
import { PUBLIC_FORM_BODY_LIMIT } from '../../lib/edge';
import type { Services } from '../../services';
import { FORM_RATE_LIMIT } from '../../lib/rate-limit-store';

export const consultationsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { consultations } = services;
  const tags = ['consultations'];

  app.get(
    '/api/consultations/kinds/',
    { schema: { tags, summary: 'The kinds of consultation a visitor can book', response: { 200: z.array(consultationKindSchema) } } },
    () => consultations.kinds(),
  );

  app.get(
    '/api/consultations/slots/',
    {
      schema: {
        tags,
        summary: "A day's slots of one kind of consultation (India time, +05:30), free or taken",
        querystring: slotsQuerySchema,
        response: { 200: z.array(consultationSlotSchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      // Live data: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return consultations.slots(request.query.kind, request.query.date);
    },
  );

  app.post(
    '/api/consultations/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Book a consultation (409 when the slot was just taken); the e-mail carries the calendar file and the manage link',
        body: bookingInputSchema,
        response: { 201: bookingSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { booking } = await consultations.book(request.body);
      return reply.status(201).send(booking);
    },
  );
};
