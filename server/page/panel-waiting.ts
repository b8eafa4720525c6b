import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AfterSaleService } from '../modules/after-sale/after-sale.service';
import type { QuotesService } from '../modules/quotes/quotes.service';
import type { ShopperCache } from './shopper-facts';

/** What the panel's badges count: the after-sale's and the quotes' own definitions (their `waitingSql`). */
export interface PanelWaiting {
  cancellation_requests: number;
  returns_open: number;
  to_price: number;
  changes_asked: number;
}

/**
 * The tag of the panel's counts on the channel `shopper_changed`: the triggers of `cancellations`, `returns`,
 * `quote_requests` and `quotes` send it on any change (migration 0038), in every process.
 */
export const PANEL_WAITING_TAG = 'w';

/** A backstop only: any change of the four tables drops the counts at once. */
const KEPT_MS = 10_000;

/**
 * What waits for the owner, as the panel's frame shows it on every page (decision 0058, the owner's panel frame):
 * one statement of the owning modules' scalar subqueries, kept in this process until one of their tables changes.
 * The cache is the shopper facts' (server/page/shopper-facts.ts): a change is heard in every process (PGlite:
 * before its statement returns), a request that changed something waits until this process has heard it before
 * its answer leaves, a read under way while a change is heard is not kept, and nothing is kept while the channel
 * is not heard.
 */
export function createPanelWaiting(options: {
  db: Db;
  afterSale: Pick<AfterSaleService, 'waitingSql'>;
  quotes: Pick<QuotesService, 'waitingSql'>;
  cache: ShopperCache;
}) {
  const { db, afterSale, quotes, cache } = options;
  const counts = { ...afterSale.waitingSql, ...quotes.waitingSql };
  const statement = sql.join(
    Object.entries(counts).map(([name, count]) => sql`${count} as ${sql.identifier(name)}`),
    sql`, `,
  );

  /** The counts read now, in one statement. */
  async function read(): Promise<PanelWaiting> {
    const result: unknown = await db.execute(sql`select ${statement}`);
    // Both drivers answer with `{ rows }`.
    const row = (result as { rows: Record<keyof PanelWaiting, number | string>[] }).rows[0];
    if (!row) throw new Error('The panel counts read no row.');
    return {
      cancellation_requests: Number(row.cancellation_requests),
      returns_open: Number(row.returns_open),
      to_price: Number(row.to_price),
      changes_asked: Number(row.changes_asked),
    };
  }

  return {
    read,
    /** The counts as kept, or read now (and kept when no change was heard meanwhile). */
    async current(): Promise<PanelWaiting> {
      const kept = await cache.read('panel waiting', async () => ({
        value: await read(),
        tags: [PANEL_WAITING_TAG],
        expires: Date.now() + KEPT_MS,
      }));
      return kept ?? read();
    },
  };
}

export type PanelWaitingRead = ReturnType<typeof createPanelWaiting>;
