import { hash } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, passwordResetTokens, users } from '../../server/db/schema';
import { hashPassword, needsRehash, passwordVerifications } from '../../server/lib/passwords';
import { RESET_LINK_QUEUE } from '../../server/services';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Log-in and password reset do the same work whether or not an e-mail has an account, so that the time of the
 * answer tells nobody who shops here (decision 0034). Timings are measured there; here the paths are compared.
 */
describe('log-in and password reset do not tell who has an account', () => {
  let t: TestApp;
  let ip = 0;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.44.0.${++ip}` });

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(users).values([
      { username: 'kavya', email: 'kavya@example.in', passwordHash: await hashPassword('Teak#Wood2026') },
      { username: 'gopal', email: 'gopal@example.in', passwordHash: null, googleSub: 'g-gopal' },
      { username: 'sunil', email: 'sunil@example.in', passwordHash: await hashPassword('Teak#Wood2026'), isActive: false },
    ]);
  });
  afterAll(() => t.close());

  it('runs exactly one password verification for every log-in, known, unknown, Google-only or disabled', async () => {
    const cases: [string, string, number][] = [
      ['nobody@example.in', 'Teak#Wood2026', 401],
      ['kavya@example.in', 'wrong-Password1', 401],
      ['KAVYA@example.in', 'Teak#Wood2026', 200],
      ['gopal@example.in', 'Teak#Wood2026', 401],
      ['sunil@example.in', 'Teak#Wood2026', 401],
    ];
    for (const [email, password, status] of cases) {
      const before = passwordVerifications();
      const res = await post('/api/token/', { email, password });
      expect(res.statusCode, email).toBe(status);
      expect(passwordVerifications() - before, email).toBe(1);
    }
    // The refusals read alike.
    const unknown = await post('/api/token/', { email: 'nobody@example.in', password: 'x' });
    const wrong = await post('/api/token/', { email: 'kavya@example.in', password: 'x' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('remakes a hash made with older settings at its next good log-in, so every stored hash costs what the decoy costs', async () => {
    const old = await hash('Teak#Wood2026', { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    expect(needsRehash(old)).toBe(true);
    await t.database.db.insert(users).values({ username: 'meher', email: 'meher@example.in', passwordHash: old });
    expect((await post('/api/token/', { email: 'meher@example.in', password: 'Teak#Wood2026' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'meher@example.in'));
    expect(row!.passwordHash).not.toBe(old);
    expect(needsRehash(row!.passwordHash!)).toBe(false);
    expect((await post('/api/token/', { email: 'meher@example.in', password: 'Teak#Wood2026' })).statusCode).toBe(200);
  });

  it('answers a reset request after queueing one job, whether or not the e-mail has an account; only the job looks', async () => {
    const jobs = async (email: string) => {
      const { rows } = await t.database.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'email' = $2`, [
        RESET_LINK_QUEUE,
        email,
      ]);
      return Number(rows[0]!.n);
    };
    const outboxTo = async (to: string) => (await t.database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, to)))[0]!.n;

    const known = await post('/api/password-reset/', { email: 'kavya@example.in' });
    const unknown = await post('/api/password-reset/', { email: 'ghost@example.in' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(await jobs('kavya@example.in')).toBe(1);
    expect(await jobs('ghost@example.in')).toBe(1);

    // The job sends the link to the account, and nothing to an address without one.
    await expect.poll(() => outboxTo('kavya@example.in'), { timeout: 15_000 }).toBe(1);
    const [kavya] = await t.database.db.select().from(users).where(eq(users.email, 'kavya@example.in'));
    expect((await t.database.db.select({ n: count() }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, kavya!.id)))[0]!.n).toBe(1);
    await expect
      .poll(
        async () => {
          const { rows } = await t.database.executeSql(`SELECT state FROM pgboss.job WHERE name = $1 AND data->>'email' = $2`, [
            RESET_LINK_QUEUE,
            'ghost@example.in',
          ]);
          return rows[0]?.state;
        },
        { timeout: 15_000 },
      )
      .toBe('completed');
    expect(await outboxTo('ghost@example.in')).toBe(0);
  });
});
