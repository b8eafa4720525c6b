// The shop's API in a process of its own (see api-process.ts): the settings come from the environment.
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { MEDIA_CACHE, TEST_JWT_SECRET } from './paths';

const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ...process.env });
config.mediaDir = MEDIA_CACHE;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
const { app } = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
