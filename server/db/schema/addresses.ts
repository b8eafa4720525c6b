import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/** The address book, and the address an order keeps. */

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('India'),
    /** A business buyer's GSTIN and registered name, carried onto the tax invoice. */
    gstin: text('gstin'),
    businessName: text('business_name'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export type AddressSnapshot = {
  /** A business buyer's GSTIN and registered name, for the tax invoice (optional). */
  gstin?: string;
  business_name?: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};
