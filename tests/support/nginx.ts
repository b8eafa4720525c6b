import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './paths';

/** Debian's nginx binary (`apt-get install nginx`; `.ci/run` installs it), or null when it is not installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null;

/** The README's nginx recipe ("Two processes behind nginx on one PostgreSQL"), as written there. */
export function readmeNginxRecipe(): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const recipe = /Two processes behind nginx on one PostgreSQL:\s*```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!recipe) throw new Error('README.md has no nginx recipe under "Two processes behind nginx on one PostgreSQL:"');
  return recipe;
}

/** Replaces exactly one match of `pattern` (a recipe that no longer has it should fail loudly, not silently differ). */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (matches.length !== 1) throw new Error(`The README's nginx recipe should have one ${pattern}; it has ${matches.length}.`);
  return text.replace(pattern, replacement);
}

/**
 * The README's recipe for the given upstream processes, listening on 127.0.0.1:`port` without TLS: the upstream
 * block and the location blocks (proxy headers, retries, body size) are the README's own.
 */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  let site = readmeNginxRecipe();
  const servers = [...site.matchAll(/^\s*server 127\.0\.0\.1:\d+(.*);$/gm)];
  if (servers.length !== upstreams.length) {
    throw new Error(`The README's recipe has ${servers.length} upstream servers; the test runs ${upstreams.length}.`);
  }
  servers.forEach((m, i) => (site = site.replace(m[0], m[0].replace(/127\.0\.0\.1:\d+/, new URL(upstreams[i]!).host))));
  site = replaceOnce(site, /listen 443 ssl;/, `listen 127.0.0.1:${port};`);
  const at = (name: string) => path.join(dir, name);
  return `# Written by tests/support/nginx.ts: the README's recipe, run by an unprivileged user in ${dir}.
daemon off;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
# One worker: round-robin state is per worker without a shared zone, and the tests count on strict turns.
worker_processes 1;
events { worker_connections 256; }
http {
    access_log ${at('access.log')};
    client_body_temp_path ${at('client_body')};
    proxy_temp_path ${at('proxy')};
    fastcgi_temp_path ${at('fastcgi')};
    uwsgi_temp_path ${at('uwsgi')};
    scgi_temp_path ${at('scgi')};

${site.trimEnd().replace(/^/gm, '    ')}
}
`;
}

export interface Nginx {
  baseUrl: string;
  /** What nginx logged (warnings and errors). */
  errorLog: () => string;
  stop(): Promise<void>;
}

/** The uid and gid of `nobody`, for dropping root. */
function nobody(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return { uid: Number(uid ?? 65534), gid: Number(gid ?? 65534) };
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * nginx in the foreground as a child process, with its own configuration, pid file, logs and temporary files in
 * a temporary directory, listening on 127.0.0.1:`port` in front of `upstreams`. Run as root (CI), it runs as
 * `nobody`.
 */
export async function startNginx(port: number, upstreams: string[]): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const user = process.getuid?.() === 0 ? nobody() : undefined;
  if (user) chownSync(dir, user.uid, user.gid);
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    const file = path.join(dir, 'error.log');
    return output + (existsSync(file) ? readFileSync(file, 'utf8') : '');
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready once its port takes connections (nginx writes no "ready" line in the foreground).
  const deadline = Date.now() + 20_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, errorLog, stop };
}
