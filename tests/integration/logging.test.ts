import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { openTestDatabase } from '../support/app';
import { TEST_JWT_SECRET } from '../support/paths';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

it('logs each request with its id and never the token or password it carried', async () => {
  const stream = new PassThrough();
  let logs = '';
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/tmp/shop-log-test' });
  const { app } = await buildApp({ config, database, logStream: stream });
  await app.inject({
    url: '/api/categories/?token=reset-secret-123',
    headers: { authorization: 'Bearer secret.jwt.value', 'x-request-id': 'req-abc' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/unknown/',
    payload: { email: 'a@b.in', password: 'Sup3r$ecret!' },
  });
  await app.close();
  expect(logs).toContain('"reqId":"req-abc"');
  expect(logs).toContain('/api/categories/?token=[redacted]');
  expect(logs).not.toContain('secret.jwt.value');
  expect(logs).not.toContain('reset-secret-123');
  expect(logs).not.toContain('Sup3r$ecret!');
});
