#!/usr/bin/env node
// `npm run test:pg`: the integration suite against a real PostgreSQL. Uses TEST_DATABASE_URL when set;
// otherwise starts a throwaway cluster from Debian's PostgreSQL binaries on a free loopback port.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runVitest } from './vitest-run.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function ensurePostgres() {
  let bin = pgBinDir();
  if (bin) return bin;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("PostgreSQL is missing: installing Debian's postgresql package…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
    bin = pgBinDir();
    if (bin) return bin;
  }
  console.error('test:pg needs PostgreSQL: apt-get install -y postgresql, or set TEST_DATABASE_URL.');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function asPostgresUser(cmd, args) {
  const full = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(full[0], full[1], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) {
    process.stderr.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    throw new Error(`${cmd} failed`);
  }
}

let url = process.env.TEST_DATABASE_URL;
let stop = () => {};
if (!url) {
  const bin = ensurePostgres();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (isRoot) spawnSync('chown', ['postgres', dir]);
  asPostgresUser(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'shop', '--no-sync', '-E', 'UTF8', '--locale=C']);
  asPostgresUser(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  url = `postgres://shop@127.0.0.1:${port}/postgres`;
  stop = () => {
    try {
      asPostgresUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  console.log(`Started a throwaway PostgreSQL on 127.0.0.1:${port}.`);
}

let result;
try {
  result = await runVitest(['--project', 'integration', ...process.argv.slice(2)], {
    env: { ...process.env, TEST_DATABASE_URL: url },
    label: 'npm run test:pg',
    report: 'pg',
  });
} finally {
  stop();
}
process.exit(result?.ok ? 0 : 1);
