import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addItemSchema,
  cartCodeQuerySchema,
  cartStatusQuerySchema,
  emptyCartStatusSchema,
  cartItemSchema,
  cartSchema,
  cartStatusSchema,
  deleteCartItemSchema,
  productInCartQuerySchema,
  shippingOptionSchema,
  updateQuantitySchema,
} from '../../../contract/cart';
import { errorSchema } from '../../lib/errors';
import type { Services } from '../../services';

/** Generous: pages ask for the cart often; this only stops a script hammering the cart calls. */
const CART_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

export const cartRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { cart } = services;
  const tags = ['cart'];
  const config = { rateLimit: CART_RATE_LIMIT };

  app.get(
    '/api/product_in_cart/',
    {
      config,
      schema: {
        tags,
        summary: 'Whether a product is in a cart',
        querystring: productInCartQuerySchema,
        response: { 200: z.object({ product_in_cart: z.boolean() }), 400: errorSchema },
      },
    },
    async (request) => ({ product_in_cart: await cart.productInCart(request.query.cart_code, request.query.product_id, request.user) }),
  );

  app.post(
    '/api/add_item/',
    {
      config,
      schema: {
        tags,
        summary: 'Add a product (with a finish) to a cart; creates the cart when its code is new',
        body: addItemSchema,
        response: { 201: z.object({ data: cartItemSchema, detail: z.string() }), 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await cart.addItem(request.user, request.body), detail: 'Item added to cart' }),
  );

  app.get(
    '/api/get_cart_status/',
    {
      config,
      schema: {
        tags,
        summary: 'Number of items in the open cart (404 when none, or 0 with missing=zero)',
        querystring: cartStatusQuerySchema,
        response: { 200: z.union([cartStatusSchema, emptyCartStatusSchema]), 404: errorSchema },
      },
    },
    (request) =>
      request.query.missing === 'zero'
        ? cart.statusOrEmpty(request.query.cart_code, request.user)
        : cart.status(request.query.cart_code, request.user),
  );

  app.get(
    '/api/get_cart/',
    {
      config,
      schema: {
        tags,
        summary: 'The open cart. A logged-in user gets their own open cart (its cart_code may differ from the one sent: keep the answer’s)',
        querystring: cartCodeQuerySchema,
        response: { 200: cartSchema, 404: errorSchema },
      },
    },
    (request) => cart.getCart(request.query.cart_code, request.user),
  );

  app.patch(
    '/api/update_quantity/',
    {
      config,
      schema: {
        tags,
        summary: 'Set the quantity of a cart line',
        body: updateQuantitySchema,
        response: { 200: z.object({ data: cartItemSchema }), 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => ({ data: await cart.updateQuantity(request.user, request.body) }),
  );

  app.delete(
    '/api/delete_cartitem/',
    {
      config,
      schema: { tags, summary: 'Remove a cart line', body: deleteCartItemSchema, response: { 204: z.null(), 400: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      await cart.deleteItem(request.user, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/shipping-options/',
    { schema: { tags, summary: 'Delivery methods and their prices (rupees)', response: { 200: z.array(shippingOptionSchema) } } },
    () => cart.shippingOptions(),
  );
};
