import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './browser';
import { ROOT } from './paths';
import { startShop } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One built shop server on a temporary data directory, shared by the browser tests of a run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test does it for you).');
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  }
  const shop = await startShop();
  project.provide('baseUrl', shop.baseUrl);
  return async () => {
    await shop.stop();
  };
}
