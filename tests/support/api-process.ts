import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './paths';

export interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Ends the process with a signal (SIGKILL: a crash, nothing cleaned up) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the shop's API (no web build needed) in a child process on a free loopback port, with the given
 * settings: a test can kill it in the middle of its work, as a machine or a deploy would.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/support/api-process-main.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      log += d.toString();
      const m = /^listening (\S+)$/m.exec(log);
      if (m) resolve(m[1]!);
    });
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.once('exit', (code) => reject(new Error(`The API process exited (${code}) before listening:\n${log}`)));
  });
  return {
    baseUrl,
    child,
    output: () => log,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
