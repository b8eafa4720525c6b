import { z } from './zod';

export const MESSAGE_KINDS = ['contact', 'feedback'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A contact request or a feedback message, in one shape for the inbox. */
export const adminMessageSchema = z
  .object({
    kind: z.enum(MESSAGE_KINDS),
    id: z.number().int(),
    name: z.string().describe('Sender’s name; empty for feedback'),
    email: z.string(),
    phone: z.string().describe('Empty for feedback'),
    message: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'AdminMessage' });

export const adminMessagesQuerySchema = z.object({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MESSAGE_KINDS, { message: 'Use contact or feedback.' }).optional()),
  unread: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['true', 'false'], { message: 'Use true or false.' })
      .transform((v) => v === 'true')
      .optional(),
  ),
  limit: z.coerce
    .number({ message: 'Use a whole number.' })
    .int('Use a whole number.')
    .min(1, 'Use at least 1.')
    .max(500, 'Use at most 500.')
    .default(100),
  offset: z.coerce.number({ message: 'Use a whole number.' }).int('Use a whole number.').min(0, 'Use 0 or more.').default(0),
});

export const adminMessagesPageSchema = z.object({
  count: z.number().int().describe('Messages matching the filters'),
  unread: z.number().int().describe('Unread messages of both kinds'),
  results: z.array(adminMessageSchema),
});

export const outboxEmailSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    status: z
      .string()
      .describe('kept (no SMTP configured) | queued (a background job is sending it) | sent | failed (five tries failed; the owner can retry)'),
    error: z.string().nullable().describe('The last failure'),
    attempts: z.number().int().describe('Tries at the mail server so far'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'OutboxEmail' });

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'Use a whole number.' })
    .int('Use a whole number.')
    .min(1, 'Use at least 1.')
    .max(500, 'Use at most 500.')
    .default(100),
  offset: z.coerce.number({ message: 'Use a whole number.' }).int('Use a whole number.').min(0, 'Use 0 or more.').default(0),
});

export const outboxPageSchema = z.object({ count: z.number().int(), results: z.array(outboxEmailSchema) });

export const overviewSchema = z
  .object({
    days: z
      .array(
        z.object({
          date: z.string().describe('YYYY-MM-DD, India time'),
          orders: z.number().int(),
          revenue_paise: z.number().int(),
        }),
      )
      .describe('The last 30 days, oldest first, today last; paid orders and later statuses (not pending or cancelled)'),
    totals: z.object({ orders: z.number().int(), revenue_paise: z.number().int() }),
    attention: z.object({
      orders_waiting: z.number().int().describe('Orders paid or in production'),
      unread_messages: z.number().int(),
      out_of_stock: z.number().int().describe('Products marked not in stock'),
      failed_mail: z.number().int().describe('E-mails that failed five times (see /api/admin/mail/failed/)'),
    }),
  })
  .meta({ id: 'AdminOverview' });

export const importQuerySchema = z.object({
  dry_run: z.preprocess(
    (v) => (v === '' || v === undefined ? 'true' : v),
    z.enum(['true', 'false', '1', '0'], { message: 'Use true or false.' }).transform((v) => v === 'true' || v === '1'),
  ),
});

export const importRowSchema = z.object({
  line: z.number().int().describe('Line of the CSV file (the header is line 1)'),
  slug: z.string().nullable(),
  name: z.string().nullable(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  changes: z.array(z.string()).describe('Fields a create sets or an update changes'),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const importReportSchema = z
  .object({
    dry_run: z.boolean(),
    applied: z.boolean(),
    summary: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), error: z.number().int() }),
    rows: z.array(importRowSchema),
  })
  .meta({ id: 'ProductImportReport' });

/** Columns of the product CSV, in order. `images` is exported for reference and ignored on import. */
export const PRODUCT_CSV_COLUMNS = [
  'slug',
  'name',
  'description',
  'price',
  'category',
  'subcategory',
  'collection',
  'trending',
  'topselling',
  'newin',
  'in_stock',
  'customizable',
  'stock_kind',
  'stock_quantity',
  'ratings',
  'dimensions',
  'finishes',
  'shipping_weight_kg',
  'packed_length_cm',
  'packed_width_cm',
  'packed_height_cm',
  'production_weeks_min',
  'production_weeks_max',
  'images',
] as const;

export type AdminMessage = z.infer<typeof adminMessageSchema>;
export type AdminMessagesPage = z.infer<typeof adminMessagesPageSchema>;
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
export type OutboxPage = z.infer<typeof outboxPageSchema>;
export type Overview = z.infer<typeof overviewSchema>;
export type ImportReport = z.infer<typeof importReportSchema>;
