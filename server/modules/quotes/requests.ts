import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { FINISH_COLOURS } from '../../../contract/finishes';
import { formatDay, formatPaise } from '../../../contract/format';
import { rupeesToPaise, paiseToRupees } from '../../../contract/money';
import {
  DEFAULT_VALID_DAYS,
  OTHER_FINISH,
  QUOTE_PHOTOS_MAX,
  sizeRange,
  type AdminQuoteRequest,
  type BuyerQuote,
  type QuoteInput,
  type QuoteRequest,
  type QuoteRequestForm,
  type QuoteWaiting,
} from '../../../contract/quotes';
import { products, quoteRequests, quotes, users } from '../../db/schema';
import { AppError, conflict, invalid, notFound, type FieldErrors } from '../../lib/errors';
import { advanceOf, indiaDaysAhead, indiaToday, presentQuote, presentRequest, sizeText, statusOf, type QuoteRow, type RequestRow } from './present';
import type { QuotesContext } from './context';

type Buyer = { id: number; email: string };
const DIMENSIONS = ['length', 'breadth', 'height'] as const;

/** The buyer's requests, the owner's quotes and their versions (decision 0039). */
export function createQuoteRequests(ctx: QuotesContext) {
  const { db, deps } = ctx;

  /** Checks the request against its product (sizes within range, a finish it has) and the pincode; answers the row to write. */
  async function checked(user: Buyer, input: QuoteRequestForm, photos: string[]): Promise<typeof quoteRequests.$inferInsert> {
    const errors: FieldErrors = {};
    if (photos.length > QUOTE_PHOTOS_MAX) errors.photos = [`Choose at most ${QUOTE_PHOTOS_MAX} photos: remove one and send again.`];
    let product: typeof products.$inferSelect | undefined;
    if (input.product) {
      [product] = await db.select().from(products).where(eq(products.slug, input.product));
      if (!product) throw notFound('This product');
      if (!product.customizable)
        throw conflict(`${product.name} is not made to other sizes. Ask for a piece of your own on the Bespoke page instead.`);
      for (const d of DIMENSIONS) {
        const range = sizeRange(product.dimensions[d]);
        const value = input[d];
        if (value === undefined) errors[d] = [`Give the ${d} in cm (${range.min} to ${range.max}).`];
        else if (value < range.min || value > range.max)
          errors[d] = [`The ${d} of ${product.name} can be ${range.min} to ${range.max} cm, not ${value}.`];
      }
      const finishes = product.finishes.length > 0 ? product.finishes : Object.keys(FINISH_COLOURS);
      if (input.finish && input.finish !== OTHER_FINISH && !finishes.includes(input.finish))
        errors.finish = [`Choose one of ${product.name}’s finishes (${finishes.join(', ')}) or describe another.`];
    } else {
      if (!input.description || input.description.length < 10) errors.description = ['Describe the piece you have in mind (at least a sentence).'];
      if (input.finish && input.finish !== OTHER_FINISH && !Object.keys(FINISH_COLOURS).includes(input.finish))
        errors.finish = ['Choose one of the shop’s finishes or describe another.'];
    }
    if (input.finish === OTHER_FINISH && !input.finish_other) errors.finish_other = ['Describe the finish you would like.'];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    // The pincode is checked as at checkout: the shop must deliver there (409 with a sentence otherwise, beside the pincode).
    await deps.delivery.requireServed(input.pincode).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'conflict') throw new AppError('conflict', err.detail, { pincode: [err.detail] });
      throw err;
    });
    const finish = input.finish === OTHER_FINISH ? `Another: ${input.finish_other}` : (input.finish ?? '');
    return {
      userId: user.id,
      source: product ? 'product' : input.source === 'design_solution' ? 'design_solution' : 'bespoke',
      productId: product?.id ?? null,
      productName: product?.name ?? null,
      description: input.description ?? '',
      lengthCm: input.length ?? null,
      breadthCm: input.breadth ?? null,
      heightCm: input.height ?? null,
      finish,
      notes: input.notes ?? '',
      photos,
      pincode: input.pincode,
    };
  }

  /** Writes a buyer's request (photos already stored by the caller); the owner is e-mailed. */
  async function createRequest(user: Buyer, input: QuoteRequestForm, photos: string[]): Promise<QuoteRequest> {
    const values = await checked(user, input, photos);
    const [row] = await db.insert(quoteRequests).values(values).returning();
    await deps.mailer
      .send({
        to: deps.shopEmail,
        subject: `A request for a quote: ${row!.productName ?? 'a piece of their own'} (${user.email})`,
        text: `${user.email} asks for ${row!.productName ? `${row!.productName} in ${sizeText(row!)}` : `a piece of their own: ${row!.description}`}.\nFinish: ${row!.finish || '—'}\nNotes: ${row!.notes || '—'}\nPincode: ${row!.pincode}\n\nPrice it at ${deps.publicUrl}/dashboard/quotes`,
      })
      .catch((err: unknown) => deps.log(err, 'quote request e-mail failed'));
    return (await presentRequests([row!], 'buyer'))[0]!;
  }

  async function presentRequests(rows: RequestRow[], view: 'buyer' | 'admin'): Promise<QuoteRequest[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const versions = await db
      .select()
      .from(quotes)
      .where(and(inArray(quotes.requestId, ids), view === 'buyer' ? ne(quotes.status, 'draft') : undefined))
      .orderBy(asc(quotes.version));
    const productIds = rows.flatMap((r) => (r.productId === null ? [] : [r.productId]));
    const productRows = productIds.length
      ? await db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(inArray(products.id, productIds))
      : [];
    return rows.map((r) =>
      presentRequest(
        r,
        productRows.find((p) => p.id === r.productId) ?? null,
        versions.filter((v) => v.requestId === r.id),
      ),
    );
  }

  /** The buyer's requests with the quotes sent for them, newest first. */
  async function listForBuyer(user: Buyer): Promise<QuoteRequest[]> {
    const rows = await db.select().from(quoteRequests).where(eq(quoteRequests.userId, user.id)).orderBy(desc(quoteRequests.id)).limit(200);
    return presentRequests(rows, 'buyer');
  }

  /** A quote sent to this buyer; any other (another buyer's, a draft) is 404. */
  async function ownQuote(user: Buyer, quoteId: number): Promise<{ quote: QuoteRow; request: RequestRow }> {
    const [row] = await db
      .select({ quote: quotes, request: quoteRequests })
      .from(quotes)
      .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
      .where(and(eq(quotes.id, quoteId), eq(quoteRequests.userId, user.id), ne(quotes.status, 'draft')));
    if (!row) throw notFound('This quote');
    return row;
  }

  async function getForBuyer(user: Buyer, quoteId: number): Promise<BuyerQuote> {
    const { quote, request } = await ownQuote(user, quoteId);
    const [presented] = await presentRequests([request], 'buyer');
    const { quotes: _versions, ...detail } = presented!;
    return { ...presentQuote(quote), request_detail: detail };
  }

  /** The buyer asks for a change with a note: the owner then prices a new version. */
  async function requestChange(user: Buyer, quoteId: number, note: string): Promise<BuyerQuote> {
    const { quote, request } = await ownQuote(user, quoteId);
    const status = statusOf(quote);
    if (status === 'expired') throw conflict(EXPIRED_MESSAGE);
    if (status !== 'sent') throw conflict(notOpenMessage(status));
    const changed = await db
      .update(quotes)
      .set({ status: 'change_requested', changeNote: note, updatedAt: new Date() })
      .where(and(eq(quotes.id, quote.id), eq(quotes.status, 'sent')))
      .returning({ id: quotes.id });
    if (changed.length === 0) throw conflict('This quote was changed a moment ago. Reload it to see where it stands.');
    await deps.mailer
      .send({
        to: deps.shopEmail,
        subject: `A change asked to version ${quote.version} of the quote for ${request.productName ?? 'a piece of their own'} (${user.email})`,
        text: `${user.email} asks for a change:\n\n${note}\n\nSend a new version at ${deps.publicUrl}/dashboard/quotes`,
      })
      .catch((err: unknown) => deps.log(err, 'quote change e-mail failed'));
    return getForBuyer(user, quoteId);
  }

  /** The owner's queue: every request with its photos and versions, newest first, with the freight to its pincode. */
  async function adminList(): Promise<AdminQuoteRequest[]> {
    const rows = await db.select().from(quoteRequests).orderBy(desc(quoteRequests.id)).limit(200);
    const presented = await presentRequests(rows, 'admin');
    const people = rows.length
      ? await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              rows.map((r) => r.userId),
            ),
          )
      : [];
    return Promise.all(
      presented.map(async (p, i) => ({
        ...p,
        user: people.find((u) => u.id === rows[i]!.userId) ?? { id: rows[i]!.userId, email: '' },
        default_delivery: await freightTo(rows[i]!),
      })),
    );
  }

  /**
   * What waits for the owner: requests with no version sent yet (a draft is not priced until it is sent), and
   * changes the buyer asked of a version no later version has answered.
   */
  async function waiting(): Promise<QuoteWaiting> {
    const [[toPrice], [changes]] = await Promise.all([
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(quoteRequests)
        .where(sql`not exists (select 1 from ${quotes} q where q.request_id = ${quoteRequests.id} and q.status <> 'draft')`),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(quotes)
        .where(
          and(
            eq(quotes.status, 'change_requested'),
            sql`not exists (select 1 from ${quotes} later where later.request_id = ${quotes.requestId} and later.version > ${quotes.version} and later.status <> 'draft')`,
          ),
        ),
    ]);
    return { to_price: toPrice?.n ?? 0, changes_asked: changes?.n ?? 0 };
  }

  /**
   * `waiting()`'s two counts as scalar subqueries of this module's tables, for the panel's badge on Quotes (read
   * with the other modules' badges in one statement, decision 0058).
   */
  const waitingSql = {
    to_price: sql<number>`(select count(*)::int from ${quoteRequests} r where not exists (select 1 from ${quotes} q where q.request_id = r.id and q.status <> 'draft'))`,
    changes_asked: sql<number>`(select count(*)::int from ${quotes} c where c.status = 'change_requested' and not exists (select 1 from ${quotes} later where later.request_id = c.request_id and later.version > c.version and later.status <> 'draft'))`,
  };

  /** The shop's freight (standard) to the request's pincode, in rupees; null when it cannot be priced. */
  async function freightTo(row: RequestRow): Promise<number | null> {
    try {
      const quote = await deps.delivery.quote({
        pincode: row.pincode,
        lines: row.productId === null ? [] : [{ productId: row.productId, quantity: 1 }],
      });
      return paiseToRupees(quote.prices.standard);
    } catch {
      return null;
    }
  }

  /** The owner prices a request: a new version, a draft until sent. */
  async function createQuote(input: QuoteInput) {
    const [request] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, input.request));
    if (!request) throw notFound('This request');
    const today = indiaToday();
    const validUntil = input.valid_until ?? indiaDaysAhead(DEFAULT_VALID_DAYS);
    if (validUntil < today) throw invalid({ valid_until: ['A quote must be valid until today or later.'] });
    const lineProducts = [...new Set(input.lines.flatMap((l) => (l.product ? [l.product] : [])))];
    if (lineProducts.length) {
      const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, lineProducts));
      if (found.length !== lineProducts.length) throw invalid({ lines: ['A line names a product the shop does not have.'] });
    }
    // A line may be ₹0 (a piece included), but a quote asks for money.
    if (input.lines.every((l) => l.price === 0)) throw invalid({ lines: ['At least one line needs a price above zero.'] });
    const deliveryRupees = input.delivery ?? (await freightTo(request));
    if (deliveryRupees === null) throw invalid({ delivery: ['The freight to this pincode cannot be priced: give the delivery price.'] });
    const lines = input.lines.map((l) => ({
      piece: l.piece,
      dimensions: l.dimensions,
      finish: l.finish,
      price_paise: rupeesToPaise(l.price),
      product_id: l.product ?? request.productId,
    }));
    const deliveryPaise = rupeesToPaise(deliveryRupees);
    const totalPaise = lines.reduce((s, l) => s + l.price_paise, 0) + deliveryPaise;
    // The advance is rounded to the rupee, and never more than the whole.
    const advancePaise = advanceOf(totalPaise, input.advance_percent);
    return db.transaction(async (tx) => {
      const versions = await tx.select().from(quotes).where(eq(quotes.requestId, request.id)).orderBy(desc(quotes.version)).for('update');
      const taken = versions.find((v) => v.status === 'accepted' || v.status === 'paid');
      if (taken) throw conflict(`Version ${taken.version} of this quote was accepted by the buyer: it can no longer be priced again.`);
      const [row] = await tx
        .insert(quotes)
        .values({
          requestId: request.id,
          version: (versions[0]?.version ?? 0) + 1,
          status: 'draft',
          lines,
          deliveryPaise,
          totalPaise,
          advancePercent: input.advance_percent,
          advancePaise,
          productionWeeks: input.production_weeks,
          validUntil,
        })
        .returning();
      return presentQuote(row!);
    });
  }

  /** Sends a draft to the buyer (by e-mail with a link); the versions sent before it are withdrawn. */
  async function send(quoteId: number) {
    const [found] = await db
      .select({ quote: quotes, request: quoteRequests, email: users.email })
      .from(quotes)
      .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
      .innerJoin(users, eq(users.id, quoteRequests.userId))
      .where(eq(quotes.id, quoteId));
    if (!found) throw notFound('This quote');
    const { quote } = found;
    if (quote.status !== 'draft') throw conflict(`This quote was already sent (it is ${statusOf(quote).replace('_', ' ')}).`);
    if (quote.validUntil < indiaToday()) throw conflict('This quote’s validity has passed: price a new version.');
    const sent = await db.transaction(async (tx) => {
      const versions = await tx.select().from(quotes).where(eq(quotes.requestId, quote.requestId)).for('update');
      if (versions.some((v) => v.status === 'accepted' || v.status === 'paid'))
        throw conflict('Another version of this quote was accepted by the buyer.');
      await tx
        .update(quotes)
        .set({ status: 'withdrawn', updatedAt: new Date() })
        .where(and(eq(quotes.requestId, quote.requestId), inArray(quotes.status, ['sent', 'change_requested']), ne(quotes.id, quote.id)));
      const [row] = await tx
        .update(quotes)
        .set({ status: 'sent', sentAt: new Date(), updatedAt: new Date() })
        .where(and(eq(quotes.id, quote.id), eq(quotes.status, 'draft')))
        .returning();
      return row;
    });
    if (!sent) throw conflict('This quote was sent a moment ago.');
    await deps.mailer
      .send({
        to: found.email,
        subject: `Your quote from Teakwood Studio: ${formatPaise(sent.totalPaise, { decimals: 'always' })}`,
        text: [
          'Hello,',
          '',
          `We have priced ${found.request.productName ? `${found.request.productName} in your size` : 'the piece you asked for'}: ${formatPaise(sent.totalPaise, { decimals: 'always' })} with delivery, made in ${sent.productionWeeks} weeks.`,
          `An advance of ${formatPaise(sent.advancePaise, { decimals: 'always' })} (${sent.advancePercent}%) starts the work; the balance is due before dispatch.`,
          `The quote is valid until ${formatDay(sent.validUntil)}.`,
          '',
          `See it, accept it or ask for a change: ${deps.publicUrl}/quotes/${sent.id}`,
        ].join('\n'),
      })
      .catch((err: unknown) => deps.log(err, 'quote e-mail failed'));
    return presentQuote(sent);
  }

  return { createRequest, listForBuyer, ownQuote, getForBuyer, requestChange, adminList, waiting, waitingSql, createQuote, send };
}

export const EXPIRED_MESSAGE = 'This quote has expired: its validity date has passed. Ask us for a new version and we will price it again.';

/** Why a quote that is not open cannot be accepted or changed, in a sentence. */
export function notOpenMessage(status: string): string {
  if (status === 'withdrawn') return 'This quote was replaced by a newer version: see the latest one.';
  if (status === 'change_requested') return 'You asked for a change to this quote: we will send you a new version.';
  if (status === 'paid') return 'This quote is paid: it is an order now.';
  if (status === 'accepted') return 'You accepted this quote: pay its advance to place the order.';
  return 'This quote cannot be answered any more.';
}

export type QuoteRequests = ReturnType<typeof createQuoteRequests>;
