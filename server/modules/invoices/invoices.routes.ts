import { istMonth } from '../../../contract/india';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../lib/errors';
import type { Services } from '../../services';
import { currentUser, requireSuperuser, requireUser } from '../../lib/request-user';
import { renderInvoicePdf } from './invoice-pdf';
import { GSTR1_COLUMNS, gstr1Csv } from './invoices.service';
import { GSTR1_SECTIONS, gstr1Schema, PERIOD_MESSAGE, type Gstr1Section } from '../../../contract/gstr1';
import { notFound } from '../../lib/errors';

const idParams = z.object({
  id: z.coerce.number({ message: 'The order id must be a number.' }).int('The order id must be a number.').positive('The order id must be a number.'),
});

const pdfAnswer = { 200: z.any().meta({ description: 'The document (application/pdf)' }), 401: errorSchema, 404: errorSchema, 409: errorSchema };

export const invoicesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { invoices } = services;
  const tags = ['invoices'];
  const security = [{ bearer: [] }];

  for (const [url, kind, summary] of [
    ['/api/orders/:id/invoice/', 'invoice', 'The GST tax invoice of a paid order (PDF), for its buyer and superusers'],
    ['/api/orders/:id/credit-note/', 'credit_note', 'The latest credit note of a refunded order (PDF), for its buyer and superusers'],
    ['/api/orders/:id/receipt-voucher/', 'receipt_voucher', 'The GST receipt voucher of an advance received (PDF), for its buyer and superusers'],
    [
      '/api/orders/:id/refund-voucher/',
      'refund_voucher',
      'The latest refund voucher of an advance refunded before any tax invoice (PDF), for its buyer and superusers',
    ],
  ] as const) {
    app.get(
      url,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary,
          description: '404 for an order that is not the caller’s (unless a superuser asks); 409 with a sentence for an order that is not paid.',
          params: idParams,
          response: pdfAnswer,
        },
      },
      async (request, reply) => {
        const { invoice, orderNumber, references } = await invoices.forViewer(currentUser(request), request.params.id, kind);
        const pdf = await renderInvoicePdf(invoice, orderNumber, references);
        const file = `${invoice.number.replace(/\//g, '-')}.pdf`;
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  // A refund's document: its credit note, or its refund voucher (an advance refunded before any tax invoice).
  for (const url of ['/api/orders/:id/refunds/:refundId/credit-note/', '/api/orders/:id/refunds/:refundId/refund-voucher/']) {
    app.get(
      url,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary:
            'The GST credit note (or refund voucher, for an advance refunded before any tax invoice) of one refund (PDF): each refund has its own, for exactly its amount; for the buyer and superusers',
          description: '404 for an order that is not the caller’s (unless a superuser asks) or a refund without a document.',
          params: idParams.extend({ refundId: idParams.shape.id }),
          response: pdfAnswer,
        },
      },
      async (request, reply) => {
        const { invoice, orderNumber, references } = await invoices.forViewer(
          currentUser(request),
          request.params.id,
          'credit_note',
          request.params.refundId,
        );
        const pdf = await renderInvoicePdf(invoice, orderNumber, references);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${invoice.number.replace(/\//g, '-')}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  const periodParams = z.object({ period: z.string().max(7, PERIOD_MESSAGE) });
  app.get(
    '/api/admin/gstr1/:period/',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'GSTR-1 of a month (2026-11) or a quarter (2026-Q3) as the GST portal’s offline tool imports it, made from the period’s documents',
        description: '400 with a sentence for a malformed period or one that has not begun.',
        params: periodParams,
        response: { 200: gstr1Schema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { json } = await invoices.gstr1(request.params.period);
      return reply
        .header('content-disposition', `attachment; filename="GSTR1_${json.gstin}_${json.fp}.json"`)
        .header('cache-control', 'private, no-store')
        .send(json);
    },
  );
  app.get(
    '/api/admin/gstr1/:period/:file',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: `One section of a period's GSTR-1 as CSV for a spreadsheet (${GSTR1_SECTIONS.map((s) => `${s}.csv`).join(', ')}); amounts in rupees`,
        params: periodParams.extend({ file: z.string().max(20) }),
        response: { 200: z.string(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const section = request.params.file.replace(/\.csv$/, '') as Gstr1Section;
      if (!request.params.file.endsWith('.csv') || !GSTR1_SECTIONS.includes(section)) throw notFound(`The section ${request.params.file}`);
      const { rows } = await invoices.gstr1(request.params.period);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gstr1-${request.params.period}-${section}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(gstr1Csv(rows[section], GSTR1_COLUMNS[section]));
    },
  );

  app.get(
    '/api/admin/invoices/export/',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'A month’s tax invoices and credit notes as CSV for the accountant',
        description: 'Without `month`, the current month (India time).',
        querystring: z.object({ month: z.string().max(7, 'Give the month as YYYY-MM, for example 2026-11.').optional() }),
        response: { 200: z.string(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const month = request.query.month || istMonth(new Date());
      const csv = await invoices.monthCsv(month);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="invoices-${month}.csv"`).send(csv);
    },
  );
};
