import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedInputSchema, savedPieceSchema } from '../../../contract/reviews';
import { errorSchema, invalid } from '../../lib/errors';
import type { Services } from '../../services';
import type { SavedOwner } from './saved.service';

/** As generous as the cart's calls: hearts are pressed often; this only stops a script. */
const SAVED_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };
const codeQuery = z.object({ cart_code: z.string().trim().max(100).optional() });
const removeSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  product: z.string().trim().min(1).max(200).optional(),
  finish: z.string().trim().max(60).optional(),
  cart_code: z.string().trim().max(100).optional(),
});

/**
 * Saved pieces (decision 0050): a visitor's live with her cart code; a signed-in user's on her account, and a
 * cart code sent with her token moves that visitor's pieces to it, as the cart is merged.
 */
export const savedRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { saved } = services;
  const tags = ['saved pieces'];
  const config = { rateLimit: SAVED_RATE_LIMIT };

  async function ownerOf(request: FastifyRequest, cartCode: string | undefined): Promise<SavedOwner> {
    if (request.user) {
      if (cartCode) await saved.mergeGuest(cartCode, request.user.id);
      return { userId: request.user.id };
    }
    if (!cartCode) throw invalid({ cart_code: ['Send your cart code (or sign in) to keep saved pieces.'] });
    return { guestCode: cartCode };
  }

  app.get(
    '/api/saved/',
    {
      config,
      schema: {
        tags,
        summary: 'The saved pieces, newest first, with their current price, lead time and availability',
        description:
          'A visitor’s by her `cart_code`; a signed-in user’s own (a `cart_code` sent with her token moves that visitor’s pieces to her account).',
        querystring: codeQuery,
        response: { 200: z.array(savedPieceSchema), 400: errorSchema },
      },
    },
    async (request) => saved.list(await ownerOf(request, request.query.cart_code)),
  );

  app.post(
    '/api/saved/',
    {
      config,
      schema: {
        tags,
        summary: 'Save a piece with its finish (`{product, finish}`, product by slug); saving it again changes nothing',
        body: savedInputSchema,
        response: { 201: savedPieceSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await saved.save(await ownerOf(request, request.body.cart_code), request.body)),
  );

  app.delete(
    '/api/saved/',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a saved piece: `{id}` or `{product, finish}`; 404 when it is not in the caller’s list',
        body: removeSchema,
        response: { 204: z.null(), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id, product, finish, cart_code } = request.body;
      const owner = await ownerOf(request, cart_code);
      if (id !== undefined) await saved.remove(owner, { id });
      else if (product) await saved.remove(owner, { product, finish });
      else throw invalid({ product: ['Name the piece to remove (its product and finish, or its id).'] });
      return reply.status(204).send(null);
    },
  );
};
