import { PINCODE_PATTERN } from '../../../contract/delivery';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paise, createdAt } from './columns';

/** Delivery: exclusions, pincodes asked about, zones and their rates. */

/** What the owner does not deliver to: a state, a district of a state, or a pincode range (ends included). */
export const deliveryExclusions = pgTable(
  'delivery_exclusions',
  {
    id: serial('id').primaryKey(),
    /** state | district | range */
    kind: text('kind').$type<'state' | 'district' | 'range'>().notNull(),
    state: text('state'),
    district: text('district'),
    pincodeFrom: text('pincode_from'),
    pincodeTo: text('pincode_to'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'delivery_exclusions_shape',
      sql`(${t.kind} = 'state' and ${t.state} is not null and ${t.district} is null and ${t.pincodeFrom} is null and ${t.pincodeTo} is null) or (${t.kind} = 'district' and ${t.state} is not null and ${t.district} is not null and ${t.pincodeFrom} is null and ${t.pincodeTo} is null) or (${t.kind} = 'range' and ${t.state} is null and ${t.district} is null and ${t.pincodeFrom} is not null and ${t.pincodeTo} is not null and ${t.pincodeFrom} ~ ${sql.raw(`'${PINCODE_PATTERN.source}'`)} and ${t.pincodeTo} ~ ${sql.raw(`'${PINCODE_PATTERN.source}'`)} and ${t.pincodeFrom} <= ${t.pincodeTo})`,
    ),
    uniqueIndex('delivery_exclusions_unique').on(
      t.kind,
      sql`lower(coalesce(${t.state}, ''))`,
      sql`lower(coalesce(${t.district}, ''))`,
      sql`coalesce(${t.pincodeFrom}, '')`,
      sql`coalesce(${t.pincodeTo}, '')`,
    ),
  ],
);

/** Pincodes buyers asked about that the shop does not serve (excluded), with how often and when last. */
export const deliveryUnserved = pgTable(
  'delivery_unserved',
  {
    pincode: text('pincode').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    count: integer('count').notNull().default(1),
    firstAskedAt: timestamp('first_asked_at', { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('delivery_unserved_count_positive', sql`${t.count} > 0`), index('delivery_unserved_last_idx').on(t.lastAskedAt)],
);

/** The owner's zones, near to far: distance bands (km, straight line) from the Chennai workshop. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    position: smallint('position').notNull(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** Null: the last zone, all farther pincodes. */
    maxKm: integer('max_km'),
    transitDaysMin: smallint('transit_days_min').notNull(),
    transitDaysMax: smallint('transit_days_max').notNull(),
    expressDaysMin: smallint('express_days_min').notNull(),
    expressDaysMax: smallint('express_days_max').notNull(),
  },
  (t) => [
    uniqueIndex('delivery_zones_position_key').on(t.position),
    check(
      'delivery_zones_days_check',
      sql`${t.transitDaysMin} between 1 and ${t.transitDaysMax} and ${t.expressDaysMin} between 1 and ${t.expressDaysMax}`,
    ),
    check('delivery_zones_km_positive', sql`${t.maxKm} is null or ${t.maxKm} > 0`),
  ],
);

/** A zone's price per weight band (chargeable kg up to up_to_kg; null: any heavier), in paise. */
export const deliveryRates = pgTable(
  'delivery_rates',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    upToKg: integer('up_to_kg'),
    standardPaise: paise('standard_paise').notNull(),
    expressPaise: paise('express_paise').notNull(),
  },
  (t) => [
    uniqueIndex('delivery_rates_band_key').on(t.zoneId, sql`coalesce(${t.upToKg}, 0)`),
    check('delivery_rates_prices_check', sql`${t.standardPaise} >= 0 and ${t.expressPaise} >= 0`),
    check('delivery_rates_kg_positive', sql`${t.upToKg} is null or ${t.upToKg} > 0`),
  ],
);
