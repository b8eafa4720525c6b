import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryEstimateQuerySchema,
  deliveryEstimateSchema,
  deliveryPlacesSchema,
  exclusionIdParamsSchema,
  exclusionInputSchema,
  exclusionSchema,
  rateTableSchema,
  unservedPincodeSchema,
} from '../../../contract/delivery';
import { errorSchema } from '../../lib/errors';
import type { Services } from '../../services';
import { requireSuperuser } from '../../lib/request-user';

const ESTIMATE_NOTE =
  'A malformed pincode is 400 with a sentence. A pincode India Post does not list, or one the shop does not deliver to, is 200 with `serviceable: false`, no methods and a sentence saying why. With `product` the charge and window are those of one of that piece; without, the lightest weight band’s prices and a ready-to-ship piece’s window. Prices in rupees; dates ISO (India dates). Standard and express keep the flat ₹500 / ₹1,000 in the home zone around the Chennai workshop; beyond it the owner’s rate table prices them by chargeable weight (the larger of the weight and L×W×H/5000).';

export const deliveryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { delivery } = services;
  const security = [{ bearer: [] }];
  const onRequest = requireSuperuser;
  const adminTags = ['delivery (admin)'];
  const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

  app.get(
    '/api/delivery/estimate/',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Can the shop deliver to a pincode, at what charge and when',
        description: ESTIMATE_NOTE,
        querystring: deliveryEstimateQuerySchema,
        response: { 200: deliveryEstimateSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    (request) => delivery.estimate({ pincode: request.query.pincode, productSlug: request.query.product, cartCode: request.query.cart_code }),
  );

  app.get(
    '/api/admin/delivery/exclusions/',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'States, districts and pincode ranges not delivered to',
        response: { 200: z.array(exclusionSchema), ...adminErrors },
      },
    },
    () => delivery.listExclusions(),
  );
  app.post(
    '/api/admin/delivery/exclusions/',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'Stop delivering to a state, a district or a pincode range (superuser)',
        description:
          'JSON `{kind: "state", state}`, `{kind: "district", state, district}` or `{kind: "range", pincode_from, pincode_to}`, each with an optional `note`. States and districts as India Post names them (see /api/admin/delivery/places/; case does not matter). 409 when it is already excluded or the place is not in the list.',
        body: exclusionInputSchema,
        response: { 201: exclusionSchema, ...adminErrors, 409: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await delivery.addExclusion(request.body)),
  );
  app.delete(
    '/api/admin/delivery/exclusions/:id/',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'Deliver again to what an exclusion covered (superuser)',
        params: exclusionIdParamsSchema,
        response: { 204: z.null(), ...adminErrors, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await delivery.removeExclusion(request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/admin/delivery/unserved/',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'Pincodes buyers asked for that are not delivered to, last asked first',
        response: { 200: z.array(unservedPincodeSchema), ...adminErrors },
      },
    },
    () => delivery.listUnserved(),
  );
  app.get(
    '/api/admin/delivery/places/',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'States and their districts as India Post lists them',
        response: { 200: deliveryPlacesSchema, ...adminErrors },
      },
    },
    () => delivery.places(),
  );
  app.get(
    '/api/admin/delivery/rates/',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'The rate table: zones by distance from the workshop, weight bands, prices',
        response: { 200: rateTableSchema, ...adminErrors },
      },
    },
    () => delivery.getRateTable(),
  );
  app.put(
    '/api/admin/delivery/rates/',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'Replace the rate table (superuser)',
        description:
          'Zones near to far (`max_km` from the Chennai workshop, straight line; the last one null), each with transit days and weight bands light to heavy (`up_to_kg`, the last one null) with `standard` and `express` prices in rupees. The first zone is the home zone: no bands, always ₹500 / ₹1,000.',
        body: rateTableSchema,
        response: { 200: rateTableSchema, ...adminErrors },
      },
    },
    (request) => delivery.setRateTable(request.body),
  );
};
