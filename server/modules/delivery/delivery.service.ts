import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { SHIPPING_METHODS, SHIPPING_OPTIONS, type ShippingMethod } from '../../../contract/cart';
import {
  chargeableKg,
  deliveryMessage,
  unknownPincodeMessage,
  unservedPincodeMessage,
  WORKSHOP_PINCODE,
  type DeliveryEstimate,
  type DeliveryLine,
  type DeliveryQuote,
  type DeliveryService,
  type DeliveryZone,
  type Exclusion,
  type ExclusionInput,
  type PincodePlace,
  type RateTable,
} from '../../../contract/delivery';
import { expressOffered } from '../../../contract/delivery-text';
import type { Db } from '../../db/client';
import { cartItems, carts, deliveryExclusions, deliveryRates, deliveryUnserved, deliveryZones, products } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { deliveryWindow, type PieceTiming } from './dates';
import { distanceKm, pincodeDirectory } from './pincodes';
import { DEFAULT_RATE_TABLE, pricesFor, zoneFor } from './rates';

type ExclusionRow = typeof deliveryExclusions.$inferSelect;

const exclusionLabel = (row: Pick<ExclusionRow, 'kind' | 'state' | 'district' | 'pincodeFrom' | 'pincodeTo'>) =>
  row.kind === 'state'
    ? row.state!
    : row.kind === 'district'
      ? `${row.district}, ${row.state}`
      : row.pincodeFrom === row.pincodeTo
        ? row.pincodeFrom!
        : `${row.pincodeFrom} to ${row.pincodeTo}`;

const toExclusion = (row: ExclusionRow): Exclusion => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  district: row.district,
  pincode_from: row.pincodeFrom,
  pincode_to: row.pincodeTo,
  note: row.note,
  label: exclusionLabel(row),
  created_at: row.createdAt.toISOString(),
});

const same = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** A piece as delivery sees it: what it weighs when charged and how long until it leaves the workshop. */
interface Piece extends PieceTiming {
  kg: number;
  quantity: number;
}

const pieceColumns = {
  id: products.id,
  stockKind: products.stockKind,
  shippingWeightG: products.shippingWeightG,
  packedLengthCm: products.packedLengthCm,
  packedWidthCm: products.packedWidthCm,
  packedHeightCm: products.packedHeightCm,
  productionWeeksMin: products.productionWeeksMin,
  productionWeeksMax: products.productionWeeksMax,
};
type PieceRow = Pick<
  typeof products.$inferSelect,
  'id' | 'stockKind' | 'shippingWeightG' | 'packedLengthCm' | 'packedWidthCm' | 'packedHeightCm' | 'productionWeeksMin' | 'productionWeeksMax'
>;

function toPiece(row: PieceRow, quantity: number): Piece {
  const size =
    row.packedLengthCm && row.packedWidthCm && row.packedHeightCm
      ? { length: row.packedLengthCm, width: row.packedWidthCm, height: row.packedHeightCm }
      : null;
  return {
    kg: chargeableKg(row.shippingWeightG === null ? null : row.shippingWeightG / 1000, size),
    quantity,
    madeToOrder: row.stockKind === 'made_to_order',
    productionWeeksMin: row.productionWeeksMin,
    productionWeeksMax: row.productionWeeksMax,
  };
}

/**
 * Delivery to a pincode (decision 0030, delivery): India Post's pincodes, the owner's exclusions and rate
 * table, freight by chargeable weight and distance from the workshop, and delivery windows.
 */
export function createDeliveryService(
  db: Db,
  options: {
    onChange?: () => void;
    /**
     * Where the estimates keep the owner's rate table and exclusions between requests (decision 0063):
     * until any change of their tables is heard, in every process (their triggers, migration 0039). Without it
     * they are read for each estimate.
     */
    keep?: <T>(key: string, read: () => Promise<T>) => Promise<T>;
  } = {},
): DeliveryService {
  /** The owner changed what an estimate is made of: pages kept with estimates on them are dropped (decision 0042). */
  const changed = () => options.onChange?.();
  const keep = options.keep ?? ((_key, read) => read());
  /** The owner's table as it is now (two small queries); the owner's panel reads it so, the estimates as kept. */
  async function rateTable(): Promise<RateTable> {
    const zones = await db.select().from(deliveryZones).orderBy(asc(deliveryZones.position));
    if (zones.length === 0) return DEFAULT_RATE_TABLE;
    const rates = await db
      .select()
      .from(deliveryRates)
      .where(
        inArray(
          deliveryRates.zoneId,
          zones.map((z) => z.id),
        ),
      )
      .orderBy(asc(sql`coalesce(${deliveryRates.upToKg}, 2147483647)`));
    return {
      zones: zones.map((z): DeliveryZone => ({
        code: z.code,
        name: z.name,
        max_km: z.maxKm,
        transit_days_min: z.transitDaysMin,
        transit_days_max: z.transitDaysMax,
        express_days_min: z.expressDaysMin,
        express_days_max: z.expressDaysMax,
        rates: rates
          .filter((r) => r.zoneId === z.id)
          .map((r) => ({ up_to_kg: r.upToKg, standard: r.standardPaise / 100, express: r.expressPaise / 100 })),
      })),
    };
  }

  async function lookup(pincode: string): Promise<PincodePlace | null> {
    return (await pincodeDirectory()).get(pincode);
  }

  /** The exclusion that covers a place, if any. */
  async function excludedBy(place: PincodePlace): Promise<ExclusionRow | undefined> {
    const rows = await keep('exclusions', () => db.select().from(deliveryExclusions).orderBy(asc(deliveryExclusions.id)));
    return rows.find((r) =>
      r.kind === 'state'
        ? same(r.state, place.state)
        : r.kind === 'district'
          ? same(r.state, place.state) && same(r.district, place.district)
          : r.pincodeFrom! <= place.pincode && place.pincode <= r.pincodeTo!,
    );
  }

  async function noteUnserved(place: PincodePlace) {
    await db
      .insert(deliveryUnserved)
      .values({ pincode: place.pincode, city: place.city, state: place.state })
      .onConflictDoUpdate({
        target: deliveryUnserved.pincode,
        set: { count: sql`${deliveryUnserved.count} + 1`, lastAskedAt: new Date(), city: place.city, state: place.state },
      });
  }

  /** The place of a served pincode, or why not: unknown (null place) or excluded. */
  async function check(pincode: string): Promise<{ place: PincodePlace | null; refusal: string | null }> {
    const place = await lookup(pincode);
    if (!place) return { place: null, refusal: unknownPincodeMessage(pincode) };
    if (await excludedBy(place)) {
      await noteUnserved(place);
      return { place, refusal: unservedPincodeMessage(pincode, place.city) };
    }
    return { place, refusal: null };
  }

  async function requireServed(pincode: string): Promise<PincodePlace> {
    const { place, refusal } = await check(pincode);
    if (refusal || !place) throw conflict(refusal ?? unknownPincodeMessage(pincode));
    return place;
  }

  async function piecesOf(lines: DeliveryLine[]): Promise<Piece[]> {
    if (lines.length === 0) return [];
    const rows = await db
      .select(pieceColumns)
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
      );
    return lines.flatMap((l) => {
      const row = rows.find((r) => r.id === l.productId);
      return row ? [toPiece(row, l.quantity)] : [];
    });
  }

  /** Prices and windows of pieces to a served place. No pieces: the lightest band and a ready-to-ship piece. */
  async function priced(place: PincodePlace, pieces: Piece[], now: Date) {
    const table = await keep('rate table', rateTable);
    const workshop = (await lookup(WORKSHOP_PINCODE))!;
    const km =
      place.latitude !== null && place.longitude !== null && workshop.latitude !== null && workshop.longitude !== null
        ? distanceKm({ latitude: place.latitude, longitude: place.longitude }, { latitude: workshop.latitude, longitude: workshop.longitude })
        : Number.POSITIVE_INFINITY;
    const { zone, home } = zoneFor(table, km);
    const kg = pieces.reduce((s, p) => s + p.kg * p.quantity, 0);
    const prices = pricesFor(zone, home, kg);
    const transit: Record<ShippingMethod, { min: number; max: number }> = {
      standard: { min: zone.transit_days_min, max: zone.transit_days_max },
      express: { min: zone.express_days_min, max: zone.express_days_max },
    };
    const windows = Object.fromEntries(SHIPPING_METHODS.map((m) => [m, deliveryWindow(pieces, transit[m], now)])) as Record<
      ShippingMethod,
      ReturnType<typeof deliveryWindow>
    >;
    // The one answer to which methods are offered here (decision 0046): Standard always, Express where it brings
    // the latest day materially sooner (decision 0040). The pages, the payment window and create_order read it.
    const offered: Record<ShippingMethod, boolean> = {
      standard: true,
      express: expressOffered(
        SHIPPING_METHODS.map((m) => ({
          code: m,
          price: prices[m] / 100,
          days_max: windows[m].daysMax,
          date_from: windows[m].from,
          date_to: windows[m].to,
        })),
      ),
    };
    return { zone, prices, windows, offered };
  }

  async function cartLines(cartCode: string): Promise<DeliveryLine[]> {
    const rows = await db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.cartCode, cartCode), eq(carts.status, 'open')));
    return rows;
  }

  return {
    lookup,
    requireServed,

    async estimate({ pincode, productSlug, cartCode, now = new Date() }) {
      let lines: DeliveryLine[] = [];
      if (productSlug) {
        const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, productSlug));
        if (!row) throw notFound('This product');
        lines = [{ productId: row.id, quantity: 1 }];
      } else if (cartCode) {
        lines = await cartLines(cartCode);
      }
      const { place, refusal } = await check(pincode);
      const base = {
        pincode,
        city: place?.city ?? null,
        state: place?.state ?? null,
        district: place?.district ?? null,
      };
      if (refusal || !place) return { ...base, serviceable: false, zone: null, methods: [], message: refusal ?? unknownPincodeMessage(pincode) };
      const { zone, prices, windows, offered } = await priced(place, await piecesOf(lines), now);
      const answer: DeliveryEstimate = {
        ...base,
        serviceable: true,
        zone: zone.code,
        methods: SHIPPING_OPTIONS.map((o) => ({
          code: o.id,
          name: o.label,
          price: prices[o.id] / 100,
          days_min: windows[o.id].daysMin,
          days_max: windows[o.id].daysMax,
          date_from: windows[o.id].from,
          date_to: windows[o.id].to,
          offered: offered[o.id],
        })),
        message: deliveryMessage(pincode, place.city, windows.standard.from, windows.standard.to),
      };
      return answer;
    },

    async quote({ pincode, lines, now = new Date(), served }): Promise<DeliveryQuote> {
      if (pincode === null)
        return {
          pincode: null,
          zone: null,
          prices: { standard: SHIPPING_OPTIONS[0]!.price * 100, express: SHIPPING_OPTIONS[1]!.price * 100 },
          windows: { standard: null, express: null },
          offered: { standard: true, express: true },
        };
      const place = served?.pincode === pincode ? served : await requireServed(pincode);
      const { zone, prices, windows, offered } = await priced(place, await piecesOf(lines), now);
      return {
        pincode,
        zone: zone.code,
        prices,
        offered,
        windows: {
          standard: { from: windows.standard.from, to: windows.standard.to },
          express: { from: windows.express.from, to: windows.express.to },
        },
      };
    },

    async listExclusions() {
      const rows = await db.select().from(deliveryExclusions).orderBy(asc(deliveryExclusions.kind), asc(deliveryExclusions.id));
      return rows.map(toExclusion);
    },

    async addExclusion(input: ExclusionInput) {
      const directory = await pincodeDirectory();
      const places = directory.places();
      let values: typeof deliveryExclusions.$inferInsert;
      if (input.kind === 'range') {
        values = { kind: 'range', pincodeFrom: input.pincode_from, pincodeTo: input.pincode_to, note: input.note ?? '' };
      } else {
        // Names are kept as India Post spells them, so that a place matches whatever case the owner typed.
        const state = places.find((p) => same(p.state, input.state));
        if (!state) throw conflict(`There is no state “${input.state}” in India Post’s list. Choose one of the states offered.`);
        if (input.kind === 'state') values = { kind: 'state', state: state.state, note: input.note ?? '' };
        else {
          const district = state.districts.find((d) => same(d, input.district));
          if (!district) throw conflict(`There is no district “${input.district}” in ${state.state}. Choose one of the districts offered.`);
          values = { kind: 'district', state: state.state, district, note: input.note ?? '' };
        }
      }
      const [row] = await db.insert(deliveryExclusions).values(values).onConflictDoNothing().returning();
      if (!row)
        throw conflict(`${exclusionLabel({ state: null, district: null, pincodeFrom: null, pincodeTo: null, ...values })} is already excluded.`);
      changed();
      return toExclusion(row);
    },

    async removeExclusion(id: number) {
      const done = await db.delete(deliveryExclusions).where(eq(deliveryExclusions.id, id)).returning({ id: deliveryExclusions.id });
      if (done.length === 0) throw notFound('This exclusion');
      changed();
    },

    async listUnserved() {
      const rows = await db.select().from(deliveryUnserved).orderBy(desc(deliveryUnserved.lastAskedAt)).limit(500);
      return rows.map((r) => ({
        pincode: r.pincode,
        city: r.city,
        state: r.state,
        count: r.count,
        first_asked_at: r.firstAskedAt.toISOString(),
        last_asked_at: r.lastAskedAt.toISOString(),
      }));
    },

    getRateTable: rateTable,

    async setRateTable(table: RateTable) {
      await db.transaction(async (tx) => {
        await tx.delete(deliveryZones);
        for (const [position, zone] of table.zones.entries()) {
          const [row] = await tx
            .insert(deliveryZones)
            .values({
              position,
              code: zone.code,
              name: zone.name,
              maxKm: zone.max_km,
              transitDaysMin: zone.transit_days_min,
              transitDaysMax: zone.transit_days_max,
              expressDaysMin: zone.express_days_min,
              expressDaysMax: zone.express_days_max,
            })
            .returning({ id: deliveryZones.id });
          if (zone.rates.length > 0)
            await tx.insert(deliveryRates).values(
              zone.rates.map((r) => ({
                zoneId: row!.id,
                upToKg: r.up_to_kg,
                standardPaise: Math.round(r.standard * 100),
                expressPaise: Math.round(r.express * 100),
              })),
            );
        }
      });
      changed();
      return rateTable();
    },

    async places() {
      return (await pincodeDirectory()).places();
    },
  };
}

export type { DeliveryService };
