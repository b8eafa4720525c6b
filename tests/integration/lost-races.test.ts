import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../server/db/schema';
import { RACE_DETAIL, toErrorResponse } from '../../server/lib/errors';
import { createTestApp, type TestApp } from '../support/app';

/**
 * A request that checked first and then lost to another one at the database's guard (a unique index,
 * a CHECK) is told to try again (409 with a sentence), never a 500: the guard kept the data whole.
 * The errors here are the driver's own, on PGlite and on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conflictAnswer = { status: 409, body: { detail: RACE_DETAIL, code: 'conflict' } };

describe('a request that lost a race to a database guard', () => {
  it('is a 409 with a sentence when a unique index refused it (two accounts taking one e-mail at once)', async () => {
    await t.database.db.insert(users).values({ username: 'first-racer', email: 'racer@example.in' });
    const err: unknown = await t.database.db
      .insert(users)
      .values({ username: 'second-racer', email: 'racer@example.in' })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).not.toBeNull();
    expect(toErrorResponse(err)).toEqual(conflictAnswer);
  });

  it('is a 409 with a sentence when a CHECK refused it (stock lowered below the pieces just held)', async () => {
    const [p] = await t.database.db.select({ id: products.id }).from(products).limit(1);
    const err: unknown = await t.database.db
      .update(products)
      .set({ stockKind: 'ready_stock', stockQuantity: 1, reservedQuantity: sql`2` })
      .where(eq(products.id, p!.id))
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).not.toBeNull();
    expect(toErrorResponse(err)).toEqual(conflictAnswer);
  });
});
