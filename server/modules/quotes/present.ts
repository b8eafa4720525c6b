import { istDate } from '../../../contract/india';
import { paiseToRupees } from '../../../contract/money';
import type { Quote, QuoteRequest, QuoteStatus } from '../../../contract/quotes';
import type { quoteRequests, quotes } from '../../db/schema';

export type RequestRow = typeof quoteRequests.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;

/** Today in India (YYYY-MM-DD), the quotes' calendar. */
export const indiaToday = (at = new Date()) => istDate(at);

/** A date `days` after today in India. */
export function indiaDaysAhead(days: number, at = new Date()): string {
  return istDate(new Date(at.getTime() + days * 24 * 3600_000));
}

/** The advance of a total at a percent: rounded to the rupee, at least ₹1, never more than the whole. */
export function advanceOf(totalPaise: number, percent: number): number {
  return Math.min(totalPaise, Math.max(100, Math.round((totalPaise * percent) / 100 / 100) * 100));
}

/** A quote sent and not answered is expired once its last valid day (India) has passed. */
export function statusOf(row: QuoteRow, today = indiaToday()): QuoteStatus {
  return row.status === 'sent' && row.validUntil < today ? 'expired' : row.status;
}

export function presentQuote(row: QuoteRow): Quote {
  return {
    id: row.id,
    request: row.requestId,
    version: row.version,
    status: statusOf(row),
    lines: row.lines.map((l) => ({
      piece: l.piece,
      dimensions: l.dimensions,
      finish: l.finish,
      price: paiseToRupees(l.price_paise),
      product: l.product_id,
    })),
    delivery: paiseToRupees(row.deliveryPaise),
    total: paiseToRupees(row.totalPaise),
    advance_percent: row.advancePercent,
    advance: paiseToRupees(row.advancePaise),
    balance: paiseToRupees(row.totalPaise - row.advancePaise),
    production_weeks: row.productionWeeks,
    valid_until: row.validUntil,
    change_note: row.changeNote,
    sent_at: row.sentAt?.toISOString() ?? null,
    order: row.orderId,
  };
}

export function presentRequest(row: RequestRow, product: { id: number; name: string; slug: string } | null, versions: QuoteRow[]): QuoteRequest {
  return {
    id: row.id,
    source: row.source,
    product,
    description: row.description,
    length: row.lengthCm,
    breadth: row.breadthCm,
    height: row.heightCm,
    finish: row.finish,
    notes: row.notes,
    photos: row.photos,
    pincode: row.pincode,
    created_at: row.createdAt.toISOString(),
    quotes: versions.map(presentQuote),
  };
}

/** The quote's sizes as the owner's line and the buyer read them: 180 × 90 × 75 cm. */
export function sizeText(row: Pick<RequestRow, 'lengthCm' | 'breadthCm' | 'heightCm'>): string {
  const parts = [row.lengthCm, row.breadthCm, row.heightCm];
  return parts.every((p) => p === null) ? '' : `${parts.map((p) => p ?? '—').join(' × ')} cm`;
}
