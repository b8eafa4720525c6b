import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedQueries } from './pglite-batched';

/**
 * The batched path answers exactly what PGlite's own `query` answers (decision 0063): the same rows, fields and
 * counts for every kind of value, the same errors, the same transactions, and the notifications heard before the
 * statement returns.
 */
describe('statements sent to PGlite in one call', () => {
  let client: PGlite;
  let batched: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    batched = batchedQueries(client);
    await client.exec(`
      create table pieces (
        id serial primary key, name text not null unique, price_paise bigint, ready boolean, weight numeric(8,2),
        made_at timestamptz, facts jsonb, tags text[]
      );
      create function piece_changed() returns trigger language plpgsql as $$
      begin perform pg_notify('pieces', 'changed'); return null; end; $$;
      create trigger pieces_changed after insert or update or delete on pieces for each statement execute function piece_changed();
    `);
  });
  afterAll(async () => {
    await client.close();
  });

  const both = async (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const own = await client.query(text, params, options);
    const one = await batched.query(text, params, options);
    expect(one).toEqual(own);
    return one;
  };

  it('answers rows, fields and counts as PGlite does, for every kind of value, as objects and as arrays', async () => {
    const inserted = await batched.query<{ id: number }>(
      'insert into pieces (name, price_paise, ready, weight, made_at, facts) values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, null, null, null) returning id',
      ['Kolam side table', 1_299_900, true, '12.50', '2026-11-30T10:00:00.000Z', JSON.stringify({ wood: 'teak', legs: 4 }), 'Bench', 10n, false],
    );
    expect(inserted.rows).toHaveLength(2);
    expect(inserted.affectedRows).toBe(2);
    const read = await both('select * from pieces where price_paise >= $1 order by id', [0]);
    expect(read.rows[0]).toMatchObject({ name: 'Kolam side table', ready: true, weight: '12.50', facts: { wood: 'teak', legs: 4 } });
    expect((read.rows[0] as { made_at: Date }).made_at).toEqual(new Date('2026-11-30T10:00:00.000Z'));
    await both('select id, name, made_at from pieces where ready = $1 or name = $2', [false, 'nothing'], { rowMode: 'array' });
    // Drizzle's own parsers (timestamps kept as text) apply as they do on PGlite's path, and PGlite's others still do.
    const kept = await both('select made_at, price_paise, ready from pieces where id = $1', [1], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => v },
    });
    expect(kept.rows).toEqual([['2026-11-30 10:00:00+00', 1_299_900, true]]);
    await both('select $1::text is null as empty, $2::int as none', [null, undefined]);
    await both('update pieces set ready = $1 where name = $2', [true, 'Bench']);
    await both('select count(*) from pieces');
  });

  it('asks the engine once for a statement, where PGlite’s own path asks six times', async () => {
    const raw = client.execProtocolRaw.bind(client);
    let calls = 0;
    client.execProtocolRaw = (...args: Parameters<PGlite['execProtocolRaw']>) => ((calls += 1), raw(...args));
    try {
      await client.query('select name from pieces where id = $1', [1]);
      const own = calls;
      calls = 0;
      await batched.query('select name from pieces where id = $1', [1]);
      expect([own, calls]).toEqual([6, 1]);
    } finally {
      client.execProtocolRaw = raw;
    }
  });

  it('takes PGlite’s own path for values that need their type (a date, an array), with the same answer', async () => {
    const rows = await both('select name from pieces where made_at <= $1 and $2::text[] is not null order by id', [new Date('2027-01-01'), ['a']]);
    expect(rows.rows).toEqual([{ name: 'Kolam side table' }]);
  });

  it('fails as PGlite does: the database’s error and code, with the statement, and the next statement runs', async () => {
    const failed = await batched.query('insert into pieces (name) values ($1)', ['Bench']).catch((err: unknown) => err);
    expect(failed).toMatchObject({ code: '23505', query: 'insert into pieces (name) values ($1)', params: ['Bench'] });
    expect((failed as Error).message).toMatch(/duplicate key value violates unique constraint "pieces_name_key"/);
    expect((await batched.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('runs in a transaction’s turn: its statements commit together, or roll back together on an error', async () => {
    await batched.transaction(async (tx) => {
      await tx.query('insert into pieces (name) values ($1)', ['Stool']);
      await tx.query('update pieces set ready = $1 where name = $2', [false, 'Stool']);
    });
    expect((await batched.query('select ready from pieces where name = $1', ['Stool'])).rows).toEqual([{ ready: false }]);
    const undone = await batched
      .transaction(async (tx) => {
        await tx.query('insert into pieces (name) values ($1)', ['Chest']);
        await tx.query('insert into pieces (name) values ($1)', ['Chest']);
      })
      .catch((err: unknown) => err);
    expect(undone).toMatchObject({ code: '23505' });
    expect((await batched.query('select count(*)::int as n from pieces where name = $1', ['Chest'])).rows).toEqual([{ n: 0 }]);
    // A statement outside waits for a transaction to end rather than slipping into it.
    let inside = '';
    const open = batched.transaction(async (tx) => {
      await tx.query('insert into pieces (name) values ($1)', ['Cot']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inside = 'done';
    });
    const outside = await batched.query<{ n: number }>('select count(*)::int as n from pieces where name = $1', ['Cot']);
    await open;
    expect(inside).toBe('done');
    expect(outside.rows).toEqual([{ n: 1 }]);
  });

  /** The statements the engine keeps parsed for this session, by text. */
  const kept = async () =>
    new Map(
      (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows.map((r) => [
        r.statement,
        r.name,
      ]),
    );

  it('parses a statement once and then only binds and runs it, with the same answers', async () => {
    const text = 'select id, name, price_paise from pieces where id >= $1 order by id limit $2';
    const answers = [];
    for (const limit of [1, 2, 3]) answers.push(await both(text, [0, limit]));
    expect(answers.map((a) => a.rows.length)).toEqual([1, 2, 3]);
    expect((await kept()).get(text)).toMatch(/^batched_\d+$/);
    // Once parsed, a statement's call carries no parse: the engine is not asked to parse it again.
    const raw = client.execProtocolRaw.bind(client);
    const sent: Uint8Array[] = [];
    client.execProtocolRaw = (...args: Parameters<PGlite['execProtocolRaw']>) => (sent.push(args[0]), raw(...args));
    try {
      await batched.query(text, [0, 1]);
    } finally {
      client.execProtocolRaw = raw;
    }
    expect(sent).toHaveLength(1);
    // Messages: Bind ('B'), Describe ('D'), Execute ('E'), Sync ('S'); no Parse ('P').
    const types: string[] = [];
    const view = new DataView(sent[0]!.buffer, sent[0]!.byteOffset, sent[0]!.byteLength);
    for (let at = 0; at < view.byteLength; at += 1 + view.getInt32(at + 1)) types.push(String.fromCharCode(view.getUint8(at)));
    expect(types).toEqual(['B', 'D', 'E', 'S']);
  });

  it('recovers a statement whose call failed: after its execution failed, and after its text failed to parse', async () => {
    const insert = 'insert into pieces (name, price_paise) values ($1, $2) returning name';
    // Parsed, then refused at execution (the name is taken); then run again with a free name.
    await expect(batched.query(insert, ['Bench', 1])).rejects.toMatchObject({ code: '23505' });
    expect((await batched.query(insert, ['Almirah', 2])).rows).toEqual([{ name: 'Almirah' }]);
    // Never parsed (a misspelt column): the same error each time, and the next statement runs.
    for (const _ of [1, 2]) await expect(batched.query('select nam from pieces where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect((await batched.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    // In a transaction rolled back by an error, then again after it.
    await expect(
      batched.transaction(async (tx) => {
        await tx.query('update pieces set price_paise = $1 where name = $2', [3, 'Almirah']);
        await tx.query(insert, ['Almirah', 4]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await batched.query<{ price_paise: number }>('select price_paise from pieces where name = $1', ['Almirah'])).rows).toEqual([
      { price_paise: 2 },
    ]);
    await batched.transaction(async (tx) => {
      await tx.query('update pieces set price_paise = $1 where name = $2', [5, 'Almirah']);
    });
    expect((await batched.query<{ price_paise: number }>('select price_paise from pieces where name = $1', ['Almirah'])).rows).toEqual([
      { price_paise: 5 },
    ]);
  });

  it('answers with a table’s new shape after the table changed under a parsed statement (a migration)', async () => {
    await client.exec('create table shelves (id int primary key, label text); insert into shelves values (1, $$Top$$)');
    const text = 'select * from shelves where id = $1';
    expect((await batched.query(text, [1])).rows).toEqual([{ id: 1, label: 'Top' }]);
    await client.exec('alter table shelves add column depth_cm int default 40');
    expect((await batched.query(text, [1])).rows).toEqual([{ id: 1, label: 'Top', depth_cm: 40 }]);
    await client.exec('alter table shelves alter column label type varchar(20)');
    expect((await both(text, [1])).rows).toEqual([{ id: 1, label: 'Top', depth_cm: 40 }]);
  });

  it('keeps at most 500 statements parsed, and runs any number of others unnamed', async () => {
    for (let i = 0; i < 520; i++) expect((await batched.query<{ n: number }>(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: i + 1 }]);
    const names = [...(await kept()).values()].filter((n) => n.startsWith('batched_'));
    expect(names.length).toBeGreaterThan(490);
    expect(names.length).toBeLessThanOrEqual(500);
    expect((await batched.query<{ n: number }>('select $1::int + 519 as n', [1])).rows).toEqual([{ n: 520 }]);
  });

  it('hears a trigger’s notification before the statement that caused it returns', async () => {
    const heard: string[] = [];
    const stop = await client.listen('pieces', (payload) => heard.push(payload));
    await batched.query('update pieces set ready = $1 where name = $2', [true, 'Stool']);
    expect(heard).toEqual(['changed']);
    await stop();
  });
});
