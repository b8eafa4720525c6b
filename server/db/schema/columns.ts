import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** Columns every area's tables share. Money is always integer paise (1 rupee = 100 paise); see docs/decisions/0003-money-in-paise.md. */
export const paise = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Raw bytes (PDF invoices, calendar files); PGlite reads them as Uint8Array, node-postgres as Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export type Dimensions = { length?: number; breadth?: number; height?: number };
