#!/usr/bin/env node
// `npm test`: unit, integration (on PGlite) and browser tests against the built server.
// `npm run test:e2e`: browser tests only.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runVitest } from './vitest-run.mjs';

const CHROMIUM = '/usr/bin/chromium';
const onlyE2e = process.argv[2] === 'e2e';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (r.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}

ensureChromium();
console.log('Building the web app and the server…');
const build = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
// The server as production runs it (a browser story starts it), built from these sources.
const server = build.status === 0 && spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0 || server.status !== 0) {
  console.error('The build failed; run `npm run build` to see why.');
  process.exit(1);
}

const projects = onlyE2e ? ['--project', 'e2e'] : ['--project', 'unit', '--project', 'integration', '--project', 'e2e'];
const result = await runVitest([...projects, ...process.argv.slice(onlyE2e ? 3 : 2)], { label: 'npm test', report: onlyE2e ? 'e2e' : 'test' });
process.exit(result.ok ? 0 : 1);
