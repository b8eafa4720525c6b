import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OrderStatus } from '../../contract/orders';
import { migrationsFolder, openDatabase, type Database } from '../../server/db/client';
import { keptPaymentIds, summariesOf } from '../../server/modules/money/money.service';
import { databaseUrlFor } from '../support/pg-template';

/** The migrations of issue 39's last step, by name (their numbers may change at merge). */
const NEW_MIGRATIONS = ['_orders_made_in_one_place', '_advance_charged_without_order', '_orders_payment_on_charges'];

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder holding only the migrations before this change's. */
function folderBeforeChange(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teak-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const first = journal.entries.findIndex((e) => NEW_MIGRATIONS.some((name) => e.tag.endsWith(name)));
  expect(first).toBeGreaterThan(0);
  const kept = journal.entries.slice(0, first);
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const file of readdirSync(migrationsFolder).filter((f) => kept.some((e) => `${e.tag}.sql` === f)))
    copyFileSync(path.join(migrationsFolder, file), path.join(dir, file));
  return dir;
}

const pgTemplateUrl = inject('pgTemplateUrl');

/**
 * The orders of every shape issue 39 names, written as the shop wrote them before this change (with its
 * placeholders), read through the one money summary before and after the rest of the migrations.
 */
describe(`orders migrated to one way of making them (${pgTemplateUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  let drop = async () => {};
  const folders: string[] = [];

  beforeAll(async () => {
    if (pgTemplateUrl) {
      const name = `shop_ordmig_${randomBytes(4).toString('hex')}`;
      const maintenance = databaseUrlFor(pgTemplateUrl, 'postgres');
      const admin = async (text: string) => {
        const client = new pg.Client({ connectionString: maintenance });
        await client.connect();
        await client.query(text).finally(() => client.end());
      };
      await admin(`CREATE DATABASE ${name}`);
      database = await openDatabase({ databaseUrl: databaseUrlFor(pgTemplateUrl, name) });
      drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } else {
      database = await openDatabase({});
    }
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const migrateFrom = (folder: string) =>
    database.engine === 'postgres'
      ? migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder })
      : migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });

  const sql = async <T extends Record<string, unknown>>(text: string): Promise<T[]> => (await database.executeSql(text)).rows as T[];

  /** Every order's money summary, by number. */
  async function summaries() {
    const rows = await sql<{ id: number; number: string; status: OrderStatus; total_paise: number }>(
      'SELECT id, number, status, total_paise FROM orders ORDER BY id',
    );
    const all = await summariesOf(
      database.db,
      rows.map((r) => ({ id: r.id, status: r.status, totalPaise: Number(r.total_paise) })),
    );
    return Object.fromEntries(rows.map((r) => [r.number, all.get(r.id)!.summary]));
  }

  it('every order of each shape shows the same money after the migrations as before; placeholders become nulls', async () => {
    const before = folderBeforeChange();
    folders.push(before);
    await migrateFrom(before);
    const address = JSON.stringify({
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@example.in',
      phone: '9876543210',
      address_line1: '12 MG Road',
      address_line2: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      postal_code: '560001',
      country: 'India',
    });
    // Orders as the shop wrote them before: a quote's with `quote:<id>` for a fingerprint and an empty slug for its
    // bespoke line, a replacement with the provider `replacement` and the provider order `replacement_<return>`.
    await database.executeSql(`
      INSERT INTO users (id, username, email) VALUES (9001, 'asha', 'asha@example.in');
      INSERT INTO orders (id, number, user_id, status, payment_status, subtotal_paise, shipping_paise, total_paise, shipping_method,
                          provider, provider_order_id, provider_payment_id, cart_fingerprint, address, email, paid_at) VALUES
        (9101, 'TW-M-PAID', 9001, 'paid', 'captured', 1000000, 50000, 1050000, 'standard', 'razorpay', 'order_m1', 'pay_m1', 'fp-1', '${address}', 'asha@example.in', now()),
        (9102, 'TW-M-PART', 9001, 'paid', 'part_paid', 14649900, 50000, 14699900, 'standard', 'razorpay', 'order_m2', 'pay_m2', 'quote:7', '${address}', 'asha@example.in', now()),
        (9103, 'TW-M-REFUNDED', 9001, 'delivered', 'captured', 450000, 50000, 500000, 'standard', 'razorpay', 'order_m3', 'pay_m3', 'fp-3', '${address}', 'asha@example.in', now()),
        (9104, 'TW-M-CANCELLED', 9001, 'cancelled', 'captured', 250000, 50000, 300000, 'standard', 'razorpay', 'order_m4', 'pay_m4', 'fp-4', '${address}', 'asha@example.in', now()),
        (9105, 'TW-M-REPLACEMENT', 9001, 'paid', 'captured', 0, 0, 0, 'standard', 'replacement', 'replacement_3', NULL, 'replacement:3', '${address}', 'asha@example.in', now()),
        (9106, 'TW-M-QUOTE-PAID', 9001, 'in_production', 'captured', 9950000, 50000, 10000000, 'standard', 'razorpay', 'order_m6', 'pay_m6a', 'quote:8', '${address}', 'asha@example.in', now()),
        (9107, 'TW-M-NO-CHARGE', 9001, 'paid', 'captured', 650000, 50000, 700000, 'standard', 'razorpay', 'order_m7', 'pay_m7', 'fp-7', '${address}', 'asha@example.in', now());
      INSERT INTO order_items (order_id, product_id, product_name, product_slug, quantity, finish, unit_price_paise, total_paise) VALUES
        (9101, NULL, 'Teak bench', 'teak-bench', 1, 'Natural Teak', 1000000, 1000000),
        (9102, NULL, 'A dining table in your size', '', 1, 'Walnut, 180 × 90 cm', 14649900, 14649900),
        (9105, NULL, 'Teak bench', 'teak-bench', 1, 'Natural Teak', 0, 0);
      INSERT INTO charges (id, order_id, purpose, provider, provider_order_id, provider_payment_id, amount_paise, refunded_paise, idempotency_key) VALUES
        (9201, 9101, 'order', 'razorpay', 'order_m1', 'pay_m1', 1050000, 0, 'capture:pay_m1'),
        (9202, 9102, 'advance', 'razorpay', 'order_m2', 'pay_m2', 4410000, 0, 'capture:pay_m2'),
        (9203, 9103, 'order', 'razorpay', 'order_m3', 'pay_m3', 500000, 200000, 'capture:pay_m3'),
        (9204, 9104, 'order', 'razorpay', 'order_m4', 'pay_m4', 300000, 300000, 'capture:pay_m4'),
        (9206, 9106, 'advance', 'razorpay', 'order_m6', 'pay_m6a', 3000000, 0, 'capture:pay_m6a'),
        (9207, 9106, 'balance', 'razorpay', 'order_m6b', 'pay_m6b', 7000000, 2500000, 'capture:pay_m6b'),
        (9208, 9106, 'balance', 'razorpay', 'order_m6b', 'pay_m6c', 7000000, 7000000, 'capture:pay_m6c');
      INSERT INTO refunds (order_id, charge_id, provider, provider_payment_id, provider_refund_id, amount_paise, status, reason, idempotency_key) VALUES
        (9103, 9203, 'razorpay', 'pay_m3', 'rfnd_m3', 200000, 'processed', 'A scratch on the top', 'owner-m3'),
        (9104, 9204, 'razorpay', 'pay_m4', 'rfnd_m4', 300000, 'processed', 'Cancelled by the buyer', 'cancel-m4'),
        (9106, 9207, 'razorpay', 'pay_m6b', 'rfnd_m6b', 2500000, 'pending', 'A part refund', 'owner-m6'),
        (9106, 9208, 'razorpay', 'pay_m6c', NULL, 7000000, 'processed', 'A duplicate balance', 'full:pay_m6c');
    `);
    const was = await summaries();
    // The shapes read as the issue names them, before anything moves.
    expect(Object.fromEntries(Object.entries(was).map(([n, s]) => [n, s.financialStatus]))).toEqual({
      'TW-M-PAID': 'paid',
      'TW-M-PART': 'partially_paid',
      'TW-M-REFUNDED': 'partially_refunded',
      'TW-M-CANCELLED': 'refunded',
      'TW-M-REPLACEMENT': 'paid',
      'TW-M-QUOTE-PAID': 'partially_refunded',
      // Paid by its row, but its payment is not in the ledger: the migration charges it.
      'TW-M-NO-CHARGE': 'pending',
    });
    expect(was['TW-M-PART']).toMatchObject({ receivedPaise: 4_410_000, duePaise: 10_289_900 });

    await migrateFrom(migrationsFolder);
    expect(await database.pendingMigrations()).toBe(0);
    const now = await summaries();
    const { 'TW-M-NO-CHARGE': uncharged, ...charged } = now;
    expect(charged).toEqual(Object.fromEntries(Object.entries(was).filter(([n]) => n !== 'TW-M-NO-CHARGE')));
    expect(uncharged).toMatchObject({ financialStatus: 'paid', receivedPaise: 700_000, duePaise: 0, refundedPaise: 0 });
    // The order row keeps no payment id: each order's payment is its charge's, the one it was bought with first.
    expect(
      await sql(`SELECT column_name FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'provider_payment_id'`),
    ).toEqual([]);
    const kept = await keptPaymentIds(database.db, [9101, 9102, 9103, 9104, 9105, 9106, 9107]);
    expect(Object.fromEntries(kept)).toEqual({
      9101: 'pay_m1',
      9102: 'pay_m2',
      9103: 'pay_m3',
      9104: 'pay_m4',
      9106: 'pay_m6a',
      9107: 'pay_m7',
    });
    expect(
      await sql(
        `SELECT order_id, purpose, provider_order_id, amount_paise::int AS amount_paise, idempotency_key FROM charges WHERE provider_payment_id = 'pay_m7'`,
      ),
    ).toEqual([{ order_id: 9107, purpose: 'order', provider_order_id: 'order_m7', amount_paise: 700000, idempotency_key: 'capture:pay_m7' }]);
    // One payment, one order: the charges' unique payment id refuses it on a second order.
    await expect(
      database.executeSql(
        `INSERT INTO charges (order_id, purpose, provider, provider_payment_id, amount_paise, idempotency_key) VALUES (9101, 'order', 'razorpay', 'pay_m7', 100, 'k-m7')`,
      ),
    ).rejects.toThrow();
    const rows = await sql<{ number: string; provider: string | null; provider_order_id: string | null; cart_fingerprint: string | null }>(
      'SELECT number, provider, provider_order_id, cart_fingerprint FROM orders ORDER BY id',
    );
    expect(rows).toEqual([
      { number: 'TW-M-PAID', provider: 'razorpay', provider_order_id: 'order_m1', cart_fingerprint: 'fp-1' },
      { number: 'TW-M-PART', provider: 'razorpay', provider_order_id: 'order_m2', cart_fingerprint: null },
      { number: 'TW-M-REFUNDED', provider: 'razorpay', provider_order_id: 'order_m3', cart_fingerprint: 'fp-3' },
      { number: 'TW-M-CANCELLED', provider: 'razorpay', provider_order_id: 'order_m4', cart_fingerprint: 'fp-4' },
      { number: 'TW-M-REPLACEMENT', provider: null, provider_order_id: null, cart_fingerprint: null },
      { number: 'TW-M-QUOTE-PAID', provider: 'razorpay', provider_order_id: 'order_m6', cart_fingerprint: null },
      { number: 'TW-M-NO-CHARGE', provider: 'razorpay', provider_order_id: 'order_m7', cart_fingerprint: 'fp-7' },
    ]);
    expect(await sql('SELECT order_id, product_slug FROM order_items ORDER BY order_id')).toEqual([
      { order_id: 9101, product_slug: 'teak-bench' },
      { order_id: 9102, product_slug: null },
      { order_id: 9105, product_slug: 'teak-bench' },
    ]);
    // From now on the database holds it: an order that owes money names its provider order.
    await expect(database.executeSql(`UPDATE orders SET provider = NULL, provider_order_id = NULL WHERE id = 9101`)).rejects.toThrow(
      /orders_provider_order_named/,
    );
  }, 180_000);
});
