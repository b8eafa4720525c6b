import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMessageSchema,
  adminMessagesPageSchema,
  adminMessagesQuerySchema,
  importQuerySchema,
  importReportSchema,
  MESSAGE_KINDS,
  outboxPageSchema,
  overviewSchema,
  pageQuerySchema,
  PRODUCT_CSV_COLUMNS,
} from '../../../contract/admin';
import { errorSchema, invalid, type FieldErrors } from '../../lib/errors';
import { readForm } from '../../lib/uploads';
import type { Media } from '../../lib/media';
import type { Services } from '../../services';
import { requireSuperuser } from '../../lib/request-user';
import { IMPORT_MAX_ROWS } from './admin.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const CSV_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The admin panel's own calls (the catalogue's and the content's superuser-only writes are those modules' own
 * routes, registered beside these in app.ts) under /api/admin/ (inbox, outbox and failed mail, overview, product CSV).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ services: Services; media: Media }> = async (app, { services }) => {
  const { admin } = services;
  const onRequest = requireSuperuser;

  app.get(
    '/api/admin/messages/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Contact requests and feedback, newest first (superuser)',
        description: 'Filters: `kind` (contact or feedback), `unread` (true/false); `limit` (default 100, at most 500) and `offset`.',
        querystring: adminMessagesQuerySchema,
        response: { 200: adminMessagesPageSchema, ...errors },
      },
    },
    (request) => admin.messages(request.query),
  );

  app.post(
    '/api/admin/messages/:kind/:id/read/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Mark a message read, or unread again (superuser)',
        description: 'Optional JSON `{read: false}` marks it unread again.',
        params: z.object({
          kind: z.enum(MESSAGE_KINDS, { message: 'Use contact or feedback.' }),
          id: z.coerce.number({ message: 'The id must be a number.' }).int().positive('The id must be a number.'),
        }),
        body: z.object({ read: z.boolean({ message: 'Use true or false.' }).default(true) }).nullish(),
        response: { 200: adminMessageSchema, ...errors },
      },
    },
    (request) => admin.markMessage(request.params.kind, request.params.id, request.body?.read ?? true),
  );

  app.get(
    '/api/admin/outbox/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'E-mails the shop sent or kept, newest first (superuser)',
        querystring: pageQuerySchema,
        response: { 200: outboxPageSchema, ...errors },
      },
    },
    (request) => admin.outbox(request.query),
  );

  app.get(
    '/api/admin/mail/failed/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'E-mails that could not be sent after five tries, newest first (superuser)',
        description: 'Each with its last error and number of tries; `limit` (default 100, at most 500) and `offset`.',
        querystring: pageQuerySchema,
        response: { 200: outboxPageSchema, ...errors },
      },
    },
    (request) => admin.failedMail(request.query),
  );

  app.post(
    '/api/admin/mail/failed/:id/retry/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Send a failed e-mail again, for five more tries (superuser)',
        description:
          'Answers 202 once the e-mail is queued (its status becomes `queued`); 409 when it is not failed, when no mail server is configured, or when its one-time link was not kept.',
        params: z.object({ id: z.coerce.number({ message: 'The id must be a number.' }).int().positive('The id must be a number.') }),
        response: { 202: z.object({ detail: z.string() }), 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await services.mailer.retry(request.params.id);
      return reply.code(202).send({ detail: 'The e-mail will be sent again.' });
    },
  );

  app.get(
    '/api/admin/overview/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Orders and revenue of the last 30 days, and what needs attention (superuser)',
        response: { 200: overviewSchema, ...errors },
      },
    },
    () => admin.overview(),
  );

  app.get(
    '/api/admin/products.csv',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Every product as CSV (superuser)',
        description: `Columns: ${PRODUCT_CSV_COLUMNS.join(', ')}. Price in rupees; booleans true/false; dimensions and finishes as JSON; images are URLs separated by " | " (not read on import). UTF-8 with a byte-order mark.`,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text'), ...errors },
      },
    },
    async (_request, reply) => {
      // Streamed: the catalogue is read and written a thousand products at a time.
      const csv = Readable.from(admin.productsCsv());
      const date = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="products-${date}.csv"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (the schema's string describes the body for the API docs).
          .send(csv as unknown as string)
      );
    },
  );

  app.post(
    '/api/admin/products/import/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Import products from CSV (superuser)',
        description: `Multipart with the CSV as file \`file\` (at most 2 MB and ${IMPORT_MAX_ROWS} rows), in the export's columns (any subset; rows are matched by \`slug\`, new slugs or empty ones create products, which need name, price and category). \`dry_run=true\` (the default) reports each row's action (create, update, unchanged) with the fields it changes, and every row's errors, and changes nothing. \`dry_run=false\` applies all rows in one transaction; when any row has an error nothing is applied and the answer is 400 with errors keyed "line N: field".`,
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: importReportSchema, ...errors, 413: errorSchema },
      },
    },
    async (request) => {
      const form = await readForm(request, { files: { file: 1 }, maxFileBytes: CSV_MAX_BYTES, accept: 'any' });
      const [file] = form.files('file');
      if (!file) throw invalid({ file: ['Choose a CSV file to import.'] });
      const report = await admin.importProductsCsv(file.bytes, { dryRun: request.query.dry_run });
      if (!request.query.dry_run && !report.applied) {
        const rowErrors: FieldErrors = {};
        for (const row of report.rows) {
          for (const [field, messages] of Object.entries(row.errors ?? {})) rowErrors[`line ${row.line}: ${field}`] = messages;
        }
        throw invalid(
          rowErrors,
          `Nothing was imported: ${report.summary.error} ${report.summary.error === 1 ? 'row has' : 'rows have'} errors. Fix ${report.summary.error === 1 ? 'it' : 'them'} (a dry run lists them) and import again.`,
        );
      }
      return report;
    },
  );
};
