import { defineConfig } from 'vitest/config';

const alias = { '~': new URL('./web', import.meta.url).pathname };
// expect.poll waits for what a job or a page does next; its own default (one second) is a speed, not a rule: on a
// slow or busy machine the same step takes longer, so every project's tests wait as long as a person would.
const expectations = { poll: { timeout: 15_000, interval: 50 } };

export default defineConfig({
  test: {
    pool: 'forks',
    // Two test files at a time; CI's script (scripts/ci.mjs) gives a run fewer when another suite runs beside it.
    // A fork keeps its loaded modules from one test file to the next (`isolate: false`, which vitest reads for its
    // whole pool of forks): each file still opens its own database and app, and the server's modules hold no state
    // of their own between apps; loading the server, PGlite's WebAssembly and React Router's build once per fork
    // instead of once per file took the suites on PGlite from 353 to 243 s (decision 0060).
    poolOptions: { forks: { maxForks: Number(process.env.TEST_FORKS) || 2, minForks: 1, isolate: false } },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          // Five seconds (vitest's default) is a speed: a test that loads every route module takes that on a busy machine.
          testTimeout: 30_000,
          expect: expectations,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['server/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          // The built web app (build/server/index.js, 1 MB) is imported by Node itself, as in production, not through
          // vite-node: transformed, it carried a source map of some megabytes that vite-node's stack-trace support
          // read with a regular expression, which at times ran out of stack in the middle of a request (a form
          // "could not be read": the error's stack was being drawn inside the body parser) (decision 0060).
          server: { deps: { external: [/\/build\/server\//] } },
          globalSetup: ['tests/support/integration-setup.ts'],
          environment: 'node',
          expect: expectations,
          // A time allowed, not a speed: CI runs this suite on PostgreSQL below the browser stories in priority, where
          // a test of 15 s here took 30 and more (decision 0060).
          testTimeout: 90_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-setup.ts'],
          environment: 'node',
          expect: expectations,
          // Stories that need a shop of their own start the built server, as the shared one is (no tsx compile).
          env: { SHOP_SERVER: 'compiled' },
          // The longest stories take 20–30 s here, 40–50 on a busy machine: twice that and more.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
