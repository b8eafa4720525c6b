#!/usr/bin/env node
// `npm start`: runs the compiled server (build/shop/main.mjs), building the web app and the server first only when
// the build is missing or older than a source it is made from. A start after a start is then a few seconds.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'build/shop/main.mjs');
const webBuilt = path.join(root, 'build/server/index.js');
const SOURCES = ['server', 'web', 'contract', 'package.json', 'package-lock.json', 'react-router.config.ts', 'vite.config.ts', 'vite-precompress.ts'];

/** The newest modification time under these paths (tests and migrations' snapshots do not make a build stale). */
function newest(paths) {
  let latest = 0;
  const stack = paths.map((p) => path.join(root, p));
  while (stack.length) {
    const at = stack.pop();
    if (!existsSync(at)) continue;
    const stat = statSync(at);
    if (stat.isDirectory()) {
      for (const name of readdirSync(at)) if (name !== 'node_modules' && !name.startsWith('.')) stack.push(path.join(at, name));
    } else if (!/\.test\.tsx?$/.test(at)) latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

// Worker processes (PostgreSQL forks one per core from this script) start what their primary checked.
const stale =
  cluster.isPrimary &&
  (!existsSync(built) || !existsSync(webBuilt) || newest(SOURCES) > Math.min(statSync(built).mtimeMs, statSync(webBuilt).mtimeMs));
if (stale) {
  console.log('Building the web app and the server (the sources changed since the last build)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
} else if (cluster.isPrimary) {
  console.log('The build is up to date with the sources: starting it (`npm run build` builds again).');
}
// The server in this process: Ctrl-C and SIGTERM reach it as they would `node build/shop/main.mjs`.
await import(built);
