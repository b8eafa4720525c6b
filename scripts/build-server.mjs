#!/usr/bin/env node
// The server, compiled for production (`npm run build` runs it after the web app's build): `server/main.ts` and
// everything it imports from the project in one ES module, `build/shop/main.mjs`, which plain Node runs
// (`npm start`). Packages stay imports, read from node_modules. Without tsx's loader (a second JavaScript
// engine on its own thread, and every module's source map kept) a process holds about 110 MB less
// (decision 0044). Tests and `npm run dev` run the sources through tsx.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/shop/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // For a stack trace read by hand (`node --enable-source-maps`); plain runs do not load it.
  sourcemap: 'linked',
  logLevel: 'warning',
});
