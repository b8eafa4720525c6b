import { IST_OFFSET_MINUTES, istDate } from '../../../contract/india';
import { PAID_STATUSES } from '../../../contract/money';
import type { OrderStatus } from '../../../contract/orders';
import { and, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  PRODUCT_CSV_COLUMNS,
  type AdminMessage,
  type AdminMessagesPage,
  type ImportReport,
  type MessageKind,
  type OutboxEmail,
  type OutboxPage,
  type Overview,
} from '../../../contract/admin';
import { productPatchFormSchema, type Product } from '../../../contract/catalog';
import type { Db } from '../../db/client';
import { charges, contactMessages, emailOutbox, feedbackMessages, orders, products } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { paiseToDecimal, rupeesToPaise } from '../../../contract/money';
import { zodFieldErrors } from '../../lib/uploads';
import type { CatalogService, ImportRow } from '../catalog/catalog.service';
import { CsvError, csvLine, parseCsv, unguardCell } from './csv';

/** Statuses of orders that have been paid for (counted as sales). */
const WAITING_STATUSES: readonly OrderStatus[] = ['paid', 'in_production'];
const OVERVIEW_DAYS = 30;
export const IMPORT_MAX_ROWS = 1000;

type OutboxRow = typeof emailOutbox.$inferSelect;

const toOutboxEmail = (r: OutboxRow): OutboxEmail => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  text: r.text,
  status: r.status,
  error: r.error,
  attempts: r.attempts,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

type ContactRow = typeof contactMessages.$inferSelect;
type FeedbackRow = typeof feedbackMessages.$inferSelect;

const fromContact = (r: ContactRow): AdminMessage => ({
  kind: 'contact',
  id: r.id,
  name: `${r.firstName} ${r.lastName}`.trim(),
  email: r.email,
  phone: r.phone,
  message: r.description,
  created_at: r.createdAt.toISOString(),
  read_at: r.readAt?.toISOString() ?? null,
});
const fromFeedback = (r: FeedbackRow): AdminMessage => ({
  kind: 'feedback',
  id: r.id,
  name: '',
  email: r.userEmail,
  phone: '',
  message: r.userMessage,
  created_at: r.createdAt.toISOString(),
  read_at: r.readAt?.toISOString() ?? null,
});

export function createAdminService(db: Db, catalog: CatalogService) {
  async function unreadCount(): Promise<number> {
    const [[c], [f]] = await Promise.all([
      db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
      db.select({ n: count() }).from(feedbackMessages).where(isNull(feedbackMessages.readAt)),
    ]);
    return (c?.n ?? 0) + (f?.n ?? 0);
  }

  async function outboxPage(q: { limit: number; offset: number }, where?: SQL): Promise<OutboxPage> {
    const [rows, [total]] = await Promise.all([
      db.select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(q.limit).offset(q.offset),
      db.select({ n: count() }).from(emailOutbox).where(where),
    ]);
    return { count: total?.n ?? 0, results: rows.map(toOutboxEmail) };
  }

  return {
    /** Contact requests and feedback together, newest first. */
    async messages(q: { kind?: MessageKind; unread?: boolean; limit: number; offset: number }): Promise<AdminMessagesPage> {
      const take = q.offset + q.limit;
      const contactWhere =
        q.unread === undefined ? undefined : q.unread ? isNull(contactMessages.readAt) : sql`${contactMessages.readAt} is not null`;
      const feedbackWhere =
        q.unread === undefined ? undefined : q.unread ? isNull(feedbackMessages.readAt) : sql`${feedbackMessages.readAt} is not null`;
      const [contacts, feedback, contactCount, feedbackCount, unread] = await Promise.all([
        q.kind === 'feedback'
          ? []
          : db.select().from(contactMessages).where(contactWhere).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(take),
        q.kind === 'contact'
          ? []
          : db.select().from(feedbackMessages).where(feedbackWhere).orderBy(desc(feedbackMessages.createdAt), desc(feedbackMessages.id)).limit(take),
        q.kind === 'feedback' ? [{ n: 0 }] : db.select({ n: count() }).from(contactMessages).where(contactWhere),
        q.kind === 'contact' ? [{ n: 0 }] : db.select({ n: count() }).from(feedbackMessages).where(feedbackWhere),
        unreadCount(),
      ]);
      const merged = [...contacts.map(fromContact), ...feedback.map(fromFeedback)].sort(
        (a, b) => b.created_at.localeCompare(a.created_at) || a.kind.localeCompare(b.kind) || b.id - a.id,
      );
      return {
        count: (contactCount[0]?.n ?? 0) + (feedbackCount[0]?.n ?? 0),
        unread,
        results: merged.slice(q.offset, q.offset + q.limit),
      };
    },

    async markMessage(kind: MessageKind, id: number, read: boolean): Promise<AdminMessage> {
      const readAt = read ? new Date() : null;
      if (kind === 'contact') {
        const [row] = await db.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning();
        if (!row) throw notFound('Message');
        return fromContact(row);
      }
      const [row] = await db.update(feedbackMessages).set({ readAt }).where(eq(feedbackMessages.id, id)).returning();
      if (!row) throw notFound('Message');
      return fromFeedback(row);
    },

    /** What the shop has e-mailed (or kept, or is still sending), newest first. */
    outbox: (q: { limit: number; offset: number }) => outboxPage(q),

    /** E-mails that failed five times (or could not be queued), newest first: the owner's to look at and retry. */
    failedMail: (q: { limit: number; offset: number }) => outboxPage(q, eq(emailOutbox.status, 'failed')),

    /** Sales of the last 30 days (India time) and the counts that need the owner's attention. */
    async overview(now = new Date()): Promise<Overview> {
      const dates: string[] = [];
      for (let i = OVERVIEW_DAYS - 1; i >= 0; i--) dates.push(istDate(new Date(now.getTime() - i * 86_400_000)));
      // Midnight of the first day, India time, as an instant.
      const since = new Date(Date.parse(`${dates[0]}T00:00:00Z`) - IST_OFFSET_MINUTES * 60_000);
      const soldAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
      const day = sql<string>`to_char((${soldAt} at time zone 'UTC') + interval '${sql.raw(String(IST_OFFSET_MINUTES))} minutes', 'YYYY-MM-DD')`;
      const [perDay, [waiting], unread, [outOfStock], [failedMail]] = await Promise.all([
        db
          .select({
            day,
            orders: sql<number>`count(*)::int`,
            // Revenue is what was received less what was refunded (decision 0045): a part-paid order counts its advance.
            revenue: sql<string>`coalesce(sum((select coalesce(sum(c.amount_paise - c.refunded_paise), 0) from ${charges} c where c.order_id = "orders"."id")), 0)::text`,
          })
          .from(orders)
          .where(and(inArray(orders.status, [...PAID_STATUSES]), gte(soldAt, since)))
          .groupBy(day),
        db
          .select({ n: count() })
          .from(orders)
          .where(inArray(orders.status, [...WAITING_STATUSES])),
        unreadCount(),
        // Off sale, or counted stock with no piece left to sell (sold, or all held for buyers paying).
        db
          .select({ n: count() })
          .from(products)
          .where(
            or(
              eq(products.inStock, false),
              and(eq(products.stockKind, 'ready_stock'), sql`${products.stockQuantity} - ${products.reservedQuantity} <= 0`),
            ),
          ),
        db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'failed')),
      ]);
      const byDay = new Map(perDay.map((r) => [r.day, r]));
      const days = dates.map((date) => {
        const r = byDay.get(date);
        return { date, orders: Number(r?.orders ?? 0), revenue_paise: Number(r?.revenue ?? 0) };
      });
      return {
        days,
        totals: { orders: days.reduce((a, d) => a + d.orders, 0), revenue_paise: days.reduce((a, d) => a + d.revenue_paise, 0) },
        attention: {
          orders_waiting: waiting?.n ?? 0,
          unread_messages: unread,
          out_of_stock: outOfStock?.n ?? 0,
          failed_mail: failedMail?.n ?? 0,
        },
      };
    },

    /**
     * Every product as CSV, in the columns the import reads: the byte-order mark and header, then the products
     * a thousand at a time (oldest first), so that a large catalogue is never held whole in memory.
     */
    async *productsCsv(): AsyncGenerator<string> {
      yield `\uFEFF${csvLine([...PRODUCT_CSV_COLUMNS])}`;
      for await (const batch of catalog.productBatches(1000)) yield batch.map((p) => csvLine(productCells(p))).join('');
    },

    /**
     * Reads a product CSV (the export's columns; any subset, `slug` or `name` needed) and creates or
     * updates products by slug. A dry run reports what would change and every row's error; a real run
     * applies all rows in one transaction, or none when any row has an error.
     */
    async importProductsCsv(bytes: Buffer, options: { dryRun: boolean }): Promise<ImportReport> {
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw invalid({ file: ['The file is not UTF-8 text. Save it as “CSV UTF-8” and try again.'] });
      }
      let records;
      try {
        records = parseCsv(text);
      } catch (err) {
        if (err instanceof CsvError) throw invalid({ file: [err.message] });
        throw err;
      }
      const [header, ...body] = records;
      if (!header) throw invalid({ file: ['The file is empty. Start from the CSV export.'] });
      const columns = header.cells.map((c) => c.trim().toLowerCase());
      const known = new Set<string>(PRODUCT_CSV_COLUMNS);
      const unknown = columns.filter((c) => !known.has(c));
      if (unknown.length) {
        throw invalid({ file: [`Unknown column “${unknown[0]}”. Use the columns of the export: ${PRODUCT_CSV_COLUMNS.join(', ')}.`] });
      }
      const repeated = columns.find((c, i) => columns.indexOf(c) !== i);
      if (repeated) throw invalid({ file: [`The column “${repeated}” appears twice.`] });
      if (!columns.includes('slug') && !columns.includes('name')) {
        throw invalid({ file: ['The file needs a “slug” column (to update products) or a “name” column (to create them).'] });
      }
      if (body.length === 0) throw invalid({ file: ['The file has no product rows.'] });
      if (body.length > IMPORT_MAX_ROWS) throw invalid({ file: [`The file has ${body.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.`] });

      const rows: ImportRow[] = body.map((record) => {
        if (record.cells.length !== columns.length) {
          return {
            line: record.line,
            slug: null,
            input: null,
            errors: { non_field_errors: [`This row has ${record.cells.length} cells; the header has ${columns.length}.`] },
          };
        }
        const values: Record<string, string> = {};
        columns.forEach((c, i) => {
          if (c !== 'images') values[c] = unguardCell(record.cells[i]!);
        });
        const slug = values.slug?.trim().toLowerCase() || null;
        const parsed = productPatchFormSchema.safeParse(values);
        return parsed.success
          ? { line: record.line, slug, input: parsed.data }
          : { line: record.line, slug, input: null, errors: zodFieldErrors(parsed.error) };
      });
      const report = await catalog.importProducts(rows, { apply: !options.dryRun });
      return { dry_run: options.dryRun, ...report };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

/** A product's cells in the export's columns. */
function productCells(p: Product): string[] {
  const cells: Record<(typeof PRODUCT_CSV_COLUMNS)[number], string> = {
    slug: p.slug,
    name: p.name,
    description: p.description,
    price: paiseToDecimal(rupeesToPaise(p.price)),
    category: p.category.slug,
    subcategory: p.subcategory?.slug ?? '',
    collection: p.collection ?? '',
    trending: String(p.trending),
    topselling: String(p.topselling),
    newin: String(p.newin),
    // The owner's on-sale switch (the form's in_stock field), not whether a piece can be bought right now.
    in_stock: String(p.on_sale),
    customizable: String(p.customizable),
    stock_kind: p.stock_kind,
    stock_quantity: String(p.stock_quantity),
    ratings: String(p.ratings),
    dimensions: JSON.stringify(p.dimensions),
    finishes: JSON.stringify(p.finishes),
    shipping_weight_kg: p.shipping_weight_kg === null ? '' : String(p.shipping_weight_kg),
    packed_length_cm: p.packed_size ? String(p.packed_size.length) : '',
    packed_width_cm: p.packed_size ? String(p.packed_size.width) : '',
    packed_height_cm: p.packed_size ? String(p.packed_size.height) : '',
    production_weeks_min: String(p.production_weeks_min),
    production_weeks_max: String(p.production_weeks_max),
    images: p.images.map((i) => i.image).join(' | '),
  };
  return PRODUCT_CSV_COLUMNS.map((c) => cells[c]);
}
