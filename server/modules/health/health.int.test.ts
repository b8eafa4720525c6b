import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports the database as reachable', async () => {
  const res = await t.app.inject({ url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok', database: 'ok', engine: t.database.engine });
});

it('reports 503 when the database is gone', async () => {
  const { createTestApp: again } = await import('../../../tests/support/app');
  const other = await again();
  await other.database.close();
  const res = await other.app.inject({ url: '/api/health/' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
  await other.app.close();
});
