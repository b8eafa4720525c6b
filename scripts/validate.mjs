#!/usr/bin/env node
// `npm run validate`: types, lint and formatting. React Router's route types are written first (lint reads them
// through the type checker), then the three checks run side by side, each on a core of its own where there is one
// (on a fresh clone, without their caches, one after the other took about 105 s on two cores, side by side about 60).
// Each check's output is printed whole when it ends, never interleaved; the exit status is 0 only when all passed.
import { spawn, spawnSync } from 'node:child_process';

const typegen = spawnSync('npm', ['run', '--silent', 'typegen'], { stdio: 'inherit' });
if (typegen.status !== 0) {
  console.error('validate: react-router typegen failed');
  process.exit(1);
}

const checks = [
  // `npm run typecheck` is `typegen` and then `types`: the route types are written once above, before lint reads them.
  ['typecheck', ['npm', 'run', '--silent', 'types']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['format', ['npm', 'run', '--silent', 'format:check']],
];

function run(name, argv) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (ok) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n${ok ? '✓' : '✗'} ${name} (${seconds} s)\n${output.trim() ? `${output.trimEnd()}\n` : ''}`);
      resolve(ok);
    };
    child.once('error', (err) => ((output += String(err)), done(false)));
    child.once('exit', (code) => done(code === 0));
  });
}

const results = await Promise.all(checks.map(([name, argv]) => run(name, argv)));
const failed = checks.filter((_, i) => !results[i]).map(([name]) => name);
console.log(failed.length ? `\nvalidate: ${failed.join(', ')} failed` : '\nvalidate: types, lint and formatting passed');
process.exit(failed.length ? 1 : 0);
