import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeliveryEstimate, RateTable } from '../../contract/delivery';
import { appOnDatabase, createTestApp, type TestApp } from '../support/app';
import { clonePgTemplate } from '../support/pg-template';
import { client, superuserToken } from './checkout-helpers';

/** How long a change made outside the shop may take to be heard (PostgreSQL delivers it after its commit). */
const HEARD = { timeout: 5000, interval: 20 };
const price = (e: DeliveryEstimate, code: 'standard' | 'express') => e.methods.find((m) => m.code === code)!.price;

/**
 * The estimates keep the owner's rate table and exclusions between requests (decision 0063), until a
 * change of their tables is heard: the owner's own edit, a change made in the database directly, and (on
 * PostgreSQL) an edit made by another process. Run on PGlite and on PostgreSQL.
 */
describe('the delivery tables kept by the estimates', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = { authorization: `Bearer ${await superuserToken(t)}` };
    // The owner's table, saved once: its rows are what the estimates read.
    const table = (await t.app.inject({ url: '/api/admin/delivery/rates/', headers: owner })).json<RateTable>();
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/delivery/rates/', headers: owner, payload: table })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const estimate = async (pincode: string) => {
    const res = await client(t).get(`/api/delivery/estimate/?pincode=${pincode}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DeliveryEstimate>();
  };
  /** A statement run with the tables' triggers off (as a replica applies changes): nobody is told. */
  const unheard = (statement: ReturnType<typeof sql>) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });

  it('an estimate reads the tables once, and any change of them (the owner’s, or made in the database) is priced at once', async () => {
    const before = price(await estimate('110001'), 'standard');
    expect(before).toBeGreaterThan(0);

    // Kept: a change nobody is told of is not seen (so the second estimate did not read the table).
    await unheard(sql`update delivery_rates set standard_paise = standard_paise + 12300`);
    expect(price(await estimate('110001'), 'standard')).toBe(before);

    // Any statement on the table, as psql or a script would make it, is heard (PGlite: before it returns;
    // PostgreSQL: as it delivers the notification): the next estimate reads it again.
    await t.database.db.execute(sql`update delivery_rates set express_paise = express_paise`);
    await expect.poll(async () => price(await estimate('110001'), 'standard'), HEARD).toBe(before + 123);

    // The owner's edit through the panel's API is priced by the very next estimate.
    const table = (await t.app.inject({ url: '/api/admin/delivery/rates/', headers: owner })).json<RateTable>();
    for (const zone of table.zones) zone.rates = zone.rates.map((r) => ({ ...r, standard: r.standard + 1 }));
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/delivery/rates/', headers: owner, payload: table })).statusCode).toBe(200);
    expect(price(await estimate('110001'), 'standard')).toBe(before + 124);
  });

  it('an exclusion added or removed in the database directly is refused, then served, at once', async () => {
    expect((await estimate('744101')).serviceable).toBe(true);
    await t.database.db.execute(
      sql`insert into delivery_exclusions (kind, pincode_from, pincode_to, note) values ('range', '744101', '744101', 'by hand')`,
    );
    await expect.poll(async () => (await estimate('744101')).serviceable, HEARD).toBe(false);
    await t.database.db.execute(sql`delete from delivery_exclusions where note = 'by hand'`);
    await expect.poll(async () => (await estimate('744101')).serviceable, HEARD).toBe(true);
  });
});

const templateUrl = inject('pgTemplateUrl');

// The shop's processes share one PostgreSQL: the owner's edit in one is priced by the others' next estimate.
describe.skipIf(!templateUrl)('the delivery tables kept in several processes (PostgreSQL)', () => {
  it('an edit of the rate table in one process reaches the estimates kept in another', async () => {
    const clone = await clonePgTemplate(templateUrl);
    const a = await appOnDatabase(clone.url);
    const b = await appOnDatabase(clone.url);
    try {
      const ask = async () => (await b.app.inject({ url: '/api/delivery/estimate/?pincode=110001' })).json<DeliveryEstimate>();
      const before = price(await ask(), 'standard');
      expect(price(await ask(), 'standard')).toBe(before);

      const table = await a.services.delivery.getRateTable();
      for (const zone of table.zones) zone.rates = zone.rates.map((r) => ({ ...r, standard: r.standard + 7 }));
      await a.services.delivery.setRateTable(table);

      await expect.poll(async () => price(await ask(), 'standard'), { timeout: 5000 }).toBe(before + 7);
    } finally {
      await a.close();
      await b.close();
      await clone.drop();
    }
  });
});
