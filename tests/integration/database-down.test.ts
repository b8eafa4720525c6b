import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { openTestDatabase } from '../support/app';
import { TEST_JWT_SECRET } from '../support/paths';

/** When the database cannot be reached the API says so (503, a sentence, Retry-After), never a 500. */

const config = () => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/tmp/shop-db-down-test' });
const UNAVAILABLE = { detail: 'The shop is briefly unavailable. Please try again in a minute.', code: 'unavailable' };

/** Calls that read or write the database on every request (no read cache in front). */
const CALLS = [
  { method: 'GET' as const, url: '/api/get_cart/?cart_code=Abcdef123456' },
  { method: 'POST' as const, url: '/api/add_item/', payload: { cart_code: 'Abcdef123456', product_id: 1 } },
  { method: 'POST' as const, url: '/api/token/', payload: { email: 'priya@example.com', password: 'Teak#Shop2026' } },
];

async function expectUnavailable(app: Awaited<ReturnType<typeof buildApp>>['app']) {
  for (const call of CALLS) {
    const res = await app.inject(call);
    expect(res.statusCode, call.url).toBe(503);
    expect(res.json(), call.url).toEqual(UNAVAILABLE);
    expect(res.headers['retry-after'], call.url).toBe('60');
  }
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the database is down', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('when the database closes under the running app, the API answers 503 with a sentence and Retry-After', async () => {
    const { app } = await buildApp({ config: config(), database });
    await app.ready();
    expect((await app.inject(CALLS[0]!)).statusCode).toBe(404);
    await database.close();
    try {
      await expectUnavailable(app);
    } finally {
      await app.close();
    }
  });

  it('when PostgreSQL refuses connections, the API answers 503 with a sentence and Retry-After', async () => {
    const unreachable = await openDatabase({ databaseUrl: `postgres://shop:secret@127.0.0.1:${await closedPort()}/shop` });
    // No LISTEN connection: it would fail at start; this is the database going away while the shop runs.
    const { app } = await buildApp({ config: config(), database: { ...unreachable, listen: undefined, notify: undefined } });
    await app.ready();
    try {
      await expectUnavailable(app);
      // Alive (no restart would help), but not ready: the proxy sends its traffic elsewhere.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
