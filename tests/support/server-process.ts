import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateMediaDir } from './media';
import { MEDIA_CACHE, ROOT } from './paths';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ShopProcess {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

/** The server as `npm start` runs it (built by `npm run build`, and by `npm test` before its tests). */
export function compiledServer(): string {
  const file = path.join(ROOT, 'build', 'shop', 'main.mjs');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  return file;
}

/**
 * Starts the real, built server (`server/main.ts`) as a child process on a free loopback port. `from` is a data
 * directory to start from a copy of (the browser tests' seeded demo shop, `inject('seededDataDir')`), so the
 * shop opens at once rather than seeding first. `compiled`: the server as production runs it (`compiledServer`),
 * rather than its sources through tsx; the browser stories' default (their project sets SHOP_SERVER=compiled, and
 * they need the build anyway), where it starts in a second rather than compiling the sources first. `execArgv`: Node's
 * own flags for it (a bench's `--cpu-prof`).
 */
export async function startShop(
  options: { dataDir?: string; from?: string; env?: Record<string, string>; compiled?: boolean; execArgv?: string[] } = {},
): Promise<ShopProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  if (options.from) cpSync(path.join(options.from, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  const media = path.join(dataDir, 'media');
  // The demo images drawn so far, linked from the cache; the shop draws any other on its first request.
  if (!existsSync(media) && existsSync(MEDIA_CACHE)) privateMediaDir(media);
  const compiled = options.compiled ?? process.env.SHOP_SERVER === 'compiled';
  const entry = compiled ? [compiledServer()] : ['--import', 'tsx', 'server/main.ts'];
  /** One start on a port free a moment ago: another process may take it first (EADDRINUSE), then `taken`. */
  const launch = async () => {
    const port = await freePort();
    // The log is read for as long as the shop runs (`output()`): this object is what is returned, not a copy.
    const started = { log: '', port, taken: false };
    const child = spawn(process.execPath, [...(options.execArgv ?? []), ...entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // Only the pictures a story's pages ask for are drawn, not all 4,300 behind the stories (decision 0059).
        DEMO_PICTURES: 'when-asked',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (started.log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (started.log += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) {
        await exited;
        if (/EADDRINUSE/.test(started.log)) return Object.assign(started, { child, exited, taken: true });
        throw new Error(`The shop server exited early:\n${started.log}`);
      }
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return Object.assign(started, { child, exited });
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The shop server did not start in time:\n${started.log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  // The port is found free and then bound by the shop: a process running beside the tests may take it in between.
  let run = await launch();
  for (let attempt = 1; run.taken && attempt < 5; attempt++) run = await launch();
  if (run.taken) throw new Error(`The shop server found no free port in five tries:\n${run.log}`);
  const { child, exited } = run;
  const baseUrl = `http://127.0.0.1:${run.port}`;
  return {
    baseUrl,
    dataDir,
    child,
    output: () => run.log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
