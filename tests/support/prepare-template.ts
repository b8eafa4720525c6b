// Draws the demo images and builds the test template when the cache lacks them (`scripts/ci.mjs` runs it beside
// the build, so that the suites' own setups find both ready).
import { existsSync } from 'node:fs';
import { PGLITE_TEMPLATE } from './paths';
import { buildPgliteTemplate } from './template';

if (!existsSync(PGLITE_TEMPLATE)) await buildPgliteTemplate();
