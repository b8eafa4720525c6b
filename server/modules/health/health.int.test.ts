import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a running process says it is alive, and ready when its database is current', async () => {
  const health = await t.app.inject({ url: '/api/health' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toEqual({ status: 'ok', engine: t.database.engine });
  const ready = await t.app.inject({ url: '/api/ready' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ready', database: 'ok', engine: t.database.engine });
});

it('a process whose database is gone stays alive but is not ready, and says why', async () => {
  const { createTestApp: again } = await import('../../../tests/support/app');
  const other = await again();
  await other.database.close();
  expect((await other.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
  const ready = await other.app.inject({ url: '/api/ready/' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ status: 'unavailable', detail: 'The database cannot be reached.' });
  await other.app.close();
});

it('a database that misses a migration of this version is not ready', async () => {
  const other = await createTestApp();
  try {
    await other.database.db.execute(
      // The newest migration's record removed: as if this version's last migration had not run yet.
      (await import('drizzle-orm'))
        .sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await other.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ detail: string }>().detail).toMatch(/^The database is missing 1 migration of this version/);
  } finally {
    await other.close();
  }
});
