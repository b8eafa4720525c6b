import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Address, AddressSnapshot, addressInputSchema } from '../../../contract/orders';
import type { z } from 'zod';
import type { DeliveryService } from '../../../contract/delivery';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = z.output<typeof addressInputSchema>;

export function toSnapshot(row: AddressRow | AddressFields): AddressSnapshot {
  if ('first_name' in row) {
    const { gstin, business_name, ...rest } = row;
    return { ...rest, ...(gstin ? { gstin } : {}), ...(gstin && business_name ? { business_name } : {}) };
  }
  return {
    ...(row.gstin ? { gstin: row.gstin } : {}),
    ...(row.gstin && row.businessName ? { business_name: row.businessName } : {}),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
  };
}

/** A buyer's address book stays a short list (the list call has no paging). */
export const ADDRESSES_MAX = 30;

const toAddress = (row: AddressRow): Address => ({ id: row.id, ...toSnapshot(row) });
const addressNotFound = () => notFound('This address');

/**
 * A buyer's address book. Deleting hides an address; orders keep their own copy of it anyway. `changed` is told
 * of every write, once done (her cart page, kept in memory, shows her addresses: decision 0042).
 */
export function createAddressesService(
  db: Db,
  delivery: Pick<DeliveryService, 'requireServed'>,
  changed: (userId: number) => Promise<void> = async () => {},
) {
  /** Adds an address to a book holding `kept` addresses (counted here when not given); at most ADDRESSES_MAX. */
  async function add(userId: number, input: AddressFields, kept?: number): Promise<Address> {
    const held =
      kept ??
      (
        await db
          .select({ n: count() })
          .from(addresses)
          .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)))
      )[0]?.n ??
      0;
    if (held >= ADDRESSES_MAX) throw conflict(`You can keep at most ${ADDRESSES_MAX} addresses. Delete one you no longer use, then add the new one.`);
    const [row] = await db
      .insert(addresses)
      .values({
        userId,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        addressLine1: input.address_line1,
        addressLine2: input.address_line2,
        city: input.city,
        state: input.state,
        postalCode: input.postal_code,
        country: input.country,
        gstin: input.gstin ?? null,
        businessName: input.gstin ? (input.business_name ?? null) : null,
      })
      .returning();
    await changed(userId);
    return toAddress(row!);
  }

  return {
    async list(userId: number): Promise<Address[]> {
      const rows = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(ADDRESSES_MAX);
      return rows.map(toAddress);
    },

    /** Saves an address; a pincode the shop does not deliver to is refused (409) with the estimate's sentence. */
    async create(userId: number, input: AddressFields): Promise<Address> {
      await delivery.requireServed(input.postal_code);
      return add(userId, input);
    },

    /**
     * Keeps an address typed in full at checkout in the buyer's address book, unless the same address
     * (same fields, ignoring case and spacing) is there already, or the book is full.
     */
    async remember(userId: number, input: AddressFields, options: { served?: boolean } = {}): Promise<void> {
      const key = (a: AddressSnapshot) =>
        [a.first_name, a.last_name, a.email, a.phone, a.address_line1, a.address_line2, a.city, a.state, a.postal_code, a.country, a.gstin ?? '']
          .map((v) => v.trim().replace(/\s+/g, ' ').toLowerCase())
          .join('|');
      const kept = await this.list(userId);
      const wanted = key(toSnapshot(input));
      if (kept.length >= ADDRESSES_MAX || kept.some((a) => key(a) === wanted)) return;
      // `served`: the caller has just found the pincode served (a payment completed to it), so it is not asked again.
      if (!options.served) await delivery.requireServed(input.postal_code);
      // The list just read is the count (it holds at most ADDRESSES_MAX rows).
      await add(userId, input, kept.length);
    },

    /** A business's GSTIN and name added to a saved address (when it is chosen for a quote, decision 0049). */
    async setBusiness(userId: number, id: number, business: { gstin: string; business_name?: string }): Promise<void> {
      const done = await db
        .update(addresses)
        .set({ gstin: business.gstin, businessName: business.business_name ?? null })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)))
        .returning({ id: addresses.id });
      if (done.length === 0) throw addressNotFound();
      await changed(userId);
    },

    async remove(userId: number, id: number): Promise<void> {
      const done = await db
        .update(addresses)
        .set({ deletedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)))
        .returning({ id: addresses.id });
      if (done.length === 0) throw addressNotFound();
      await changed(userId);
    },

    /** The copy an order keeps: a saved address of this user (by id) or one given in full. */
    async snapshot(userId: number, address: number | AddressFields): Promise<AddressSnapshot> {
      if (typeof address !== 'number') return toSnapshot(address);
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, address), eq(addresses.userId, userId), isNull(addresses.deletedAt)));
      if (!row) throw addressNotFound();
      return toSnapshot(row);
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
