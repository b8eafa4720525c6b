import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressInputSchema, orderSchema } from '../../../contract/orders';
import {
  QUOTE_PHOTOS_MAX,
  adminQuoteRequestSchema,
  buyerQuoteSchema,
  changeRequestSchema,
  quoteInputSchema,
  quotePaymentOrderSchema,
  quotePaymentSchema,
  quoteRequestFormSchema,
  quoteRequestSchema,
  quoteSchema,
} from '../../../contract/quotes';
import { errorSchema } from '../../lib/errors';
import { currentUser, requireSuperuser, requireUser } from '../../lib/request-user';
import { parseFields, readForm, withStoredImages } from '../../lib/uploads';
import type { Media } from '../../lib/media';
import type { Services } from '../../services';

/** A buyer retries a payment a few times; a script probing signatures is stopped. */
const PAYMENT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** A person sends a few requests; a script filling the queue is stopped. */
const REQUEST_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' };

const idParams = z.object({
  id: z.coerce.number({ message: 'The id must be a number.' }).int('The id must be a number.').positive('The id must be a number.'),
});

/** A piece in the buyer's size (decision 0039): requests, quotes, advances and balances. */
export const quotesRoutes: FastifyPluginAsyncZod<{ services: Services; media: Media }> = async (app, { services, media }) => {
  const { quotes } = services;
  const tags = ['quotes'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: requireUser };
  const admin = { preHandler: requireSuperuser };

  app.post(
    '/api/quote-requests/',
    {
      ...auth,
      config: { rateLimit: REQUEST_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: 'Ask for a piece in your size (a customizable product’s, or one of your own without `product`)',
        description: `Multipart (or JSON without photos). Fields: \`product\` (slug; its \`length\`, \`breadth\`, \`height\` in cm are required, each within ±25% of the product’s own, 400 with a sentence otherwise), or \`source\` (bespoke | design_solution) with a \`description\`; \`finish\` (one of the product’s, or "another, described" with \`finish_other\`), \`notes\`, \`pincode\` (409 when the shop does not deliver there), \`photos\` (at most ${QUOTE_PHOTOS_MAX} files, JPEG, PNG or WebP checked by their bytes, 415 otherwise; 5 MB each, 413).`,
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          201: quoteRequestSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { photos: QUOTE_PHOTOS_MAX } });
      const input = parseFields(quoteRequestFormSchema, form, ['photos']);
      const created = await withStoredImages(media, form.files('photos'), { folder: 'quotes', maxWidth: 1600 }, (photos) =>
        quotes.createRequest(currentUser(request), input, photos),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/quotes/',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'The caller’s requests, each with the quotes sent for it',
        response: { 200: z.array(quoteRequestSchema), 401: errorSchema },
      },
    },
    (request) => quotes.listForBuyer(currentUser(request)),
  );
  app.get(
    '/api/quotes/:id/',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One of the caller’s quotes (404 for anyone else’s)',
        params: idParams,
        response: { 200: buyerQuoteSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    (request) => quotes.getForBuyer(currentUser(request), request.params.id),
  );
  app.post(
    '/api/quotes/:id/accept/',
    {
      ...auth,
      config: { rateLimit: PAYMENT_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: 'Accept a quote: the Razorpay order for its advance, priced by the server (the shape `create_order` answers)',
        description:
          '`address`: a saved address’s id to deliver to (400 with a sentence without one); `gstin` and `business_name` (optional) are saved with it, a wrong GSTIN a 400 with the checkout’s sentence. An address in the pincode the quote was priced for pays the quote’s advance; another pincode is priced from the shop’s freight (delivery, total and advance with it); a pincode beyond the freight sends the quote back to the shop as a change asked for (409 with a sentence). Accepting twice for one address (or at once from two tabs) answers the same provider order. 409 with a sentence for an expired, withdrawn or changed quote; nothing is charged then.',
        params: idParams,
        body: z
          .object({
            address: z.number().int().positive().optional(),
            gstin: addressInputSchema.shape.gstin.describe('Optional: a business’s GSTIN, saved with the address chosen (checked as at checkout)'),
            business_name: addressInputSchema.shape.business_name.describe('Optional: the business’s registered name, with its GSTIN'),
          })
          .nullish(),
        response: { 200: quotePaymentOrderSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    (request) => quotes.accept(currentUser(request), request.params.id, request.body ?? {}),
  );
  app.post(
    '/api/quotes/:id/verify_payment/',
    {
      ...auth,
      config: { rateLimit: PAYMENT_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: 'Confirm the advance with Razorpay’s three fields: the quote becomes an order (answered), with its receipt voucher',
        params: idParams,
        body: quotePaymentSchema,
        response: { 200: orderSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    (request) => quotes.verifyAdvance(currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/quotes/:id/change/',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Ask for a change to a quote, with a `note`: the shop sends a new version',
        params: idParams,
        body: changeRequestSchema,
        response: { 200: buyerQuoteSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => quotes.requestChange(currentUser(request), request.params.id, request.body.note),
  );
  app.post(
    '/api/orders/:id/pay_balance/',
    {
      ...auth,
      config: { rateLimit: PAYMENT_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: 'The Razorpay order for an order’s balance, once it is ready to dispatch (the shape `create_order` answers)',
        params: idParams,
        response: { 200: quotePaymentOrderSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    (request) => quotes.payBalance(currentUser(request), request.params.id),
  );
  app.post(
    '/api/orders/:id/verify_balance/',
    {
      ...auth,
      config: { rateLimit: PAYMENT_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: 'Confirm the balance with Razorpay’s three fields: the order (answered) is paid in full and its tax invoice issued',
        params: idParams,
        body: quotePaymentSchema,
        response: { 200: orderSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    (request) => quotes.verifyBalance(currentUser(request), request.params.id, request.body),
  );

  const adminTags = ['admin'];
  app.get(
    '/api/admin/quote-requests/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'The quotes queue: every request with its photos and versions',
        response: { 200: z.array(adminQuoteRequestSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    () => quotes.adminList(),
  );
  app.post(
    '/api/admin/quotes/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Price a request: a new version (a draft until sent)',
        description:
          'Lines in rupees incl. GST (at the category’s rate of the line’s product); `delivery` defaults to the shop’s freight to the pincode, `advance_percent` to 50, `valid_until` to 14 days.',
        body: quoteInputSchema,
        response: { 201: quoteSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await quotes.createQuote(request.body)),
  );
  app.post(
    '/api/admin/quotes/:id/send/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Send a quote to the buyer (an e-mail with its link); earlier versions are withdrawn',
        params: idParams,
        response: { 200: quoteSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => quotes.send(request.params.id),
  );
};
