import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Debian's PostgreSQL binaries (the newest installed), or null. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0]!, 'bin') : null;
}

function asPostgresUser(cmd: string, args: string[]): void {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed:\n${r.stdout}${r.stderr}`);
}

export interface PgCluster {
  /** The maintenance database's URL. */
  url: string;
  /** The cluster's data directory (its postmaster.pid names the server's process). */
  dataDir: string;
  /** Stops the server at once (a database that goes away under the shop); `start` brings it back. */
  stop(): void;
  start(): void;
  /** Stops the server and deletes its files. */
  destroy(): void;
}

/** A throwaway PostgreSQL cluster on a free loopback port (as `npm run test:pg` starts one). */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('This test needs PostgreSQL: apt-get install -y postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-'));
  chmodSync(dir, 0o777);
  if (isRoot) spawnSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  asPostgresUser(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'shop', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    asPostgresUser(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  const stop = () => asPostgresUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
  start();
  let running = true;
  return {
    url: `postgres://shop@127.0.0.1:${port}/postgres`,
    dataDir: data,
    stop() {
      if (running) stop();
      running = false;
    },
    start() {
      if (!running) start();
      running = true;
    },
    destroy() {
      try {
        if (running) stop();
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs statements on a database through a connection of its own (beside the shop's). */
export async function onDatabase(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}
