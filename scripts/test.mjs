#!/usr/bin/env node
// `npm test`: unit, integration (on PGlite) and browser tests against the built server.
// `npm run test:e2e`: browser tests only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, STORIES_STARTED, combineRuns, printEnd, runVitest, runVitestAsync } from './vitest-run.mjs';

// The stories drive Debian's Chromium: its headless shell where installed (the same build without a window, about half
// the processor), else the browser itself (tests/support/browser.ts, decision 0062).
const SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER = '/usr/bin/chromium';
const onlyE2e = process.argv[2] === 'e2e';

function ensureChromium() {
  if (existsSync(SHELL)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Installing Debian's chromium-headless-shell package for the browser tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env });
    if (r.status === 0 && existsSync(SHELL)) return;
  }
  if (existsSync(BROWSER)) {
    console.log(`The browser tests run on ${BROWSER}; with chromium-headless-shell installed they take about half the processor.`);
    return;
  }
  console.error("The browser tests need Debian's Chromium. Install it with: sudo apt-get install -y chromium-headless-shell");
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

const extra = process.argv.slice(onlyE2e ? 3 : 2);
if (onlyE2e) {
  const result = await runVitest(['--project', 'e2e', ...extra], { label: 'npm run test:e2e', report: 'e2e' });
  process.exit(result.ok ? 0 : 1);
}

// Two runs, one after the other: unit and integration on PGlite with two forks, then the browser stories (one file at
// a time, sharing one shop). Before the stories, a marker file says they are starting: CI starts the PostgreSQL
// suite beside them then, on the core the stories leave mostly idle (decision 0059). `--passWithNoTests`: a file
// given on the command line belongs to one of the two runs.
const suites = await runVitestAsync(['--project', 'unit', '--project', 'integration', '--passWithNoTests', ...extra], {
  label: 'npm test',
  report: 'test',
  allowEmpty: true,
});
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(path.join(RESULTS_DIR, STORIES_STARTED), new Date().toISOString());
const stories = await runVitestAsync(['--project', 'e2e', '--passWithNoTests', ...extra], { label: 'npm test', report: 'e2e', allowEmpty: true });
const result = combineRuns('npm test', [suites, stories]);
printEnd([result]);
process.exit(result.ok ? 0 : 1);
