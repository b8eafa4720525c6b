#!/usr/bin/env node
// CI's checks and tests (`.ci/run` runs it after the install): types, lint and formatting, the build, the unit and
// integration suites on PGlite, the browser stories and the integration suite on PostgreSQL. They run side by side
// as the cores allow (each job says how many it keeps busy), each test run's output is printed whole when it ends,
// then a table of the jobs' times, the 20 slowest test files, and one closing line "N passed, N failed".
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESULTS_DIR, readReport, reportFile, runVitestAsync, slowestTable } from './vitest-run.mjs';

const CORES = Math.max(2, Number(process.env.CI_CORES) || os.availableParallelism());
const node = process.execPath;
// Given to every test run: `node scripts/ci.mjs --sequence.shuffle` runs the files (and tests) in a random order.
const extra = process.argv.slice(2);

/**
 * The jobs, most urgent first. `cores`: how many cores the job keeps busy (a test run gets as many forks);
 * `after`: jobs it waits for. `tests`: the run's label in the counts and the name of its JSON report.
 */
const jobs = [
  {
    name: 'build',
    cores: 1,
    steps: [
      [node, 'node_modules/@react-router/dev/bin.js', 'build'],
      [node, 'scripts/build-server.mjs'],
    ],
  },
  // The demo images and the database template (drawn and built on a fresh clone, then kept in node_modules/.cache).
  { name: 'template', cores: 1, steps: [[node, '--import', 'tsx', 'tests/support/prepare-template.ts']] },
  { name: 'browser stories', cores: 1, after: ['build', 'template'], tests: { report: 'e2e', args: ['--project', 'e2e', ...extra] } },
  { name: 'typecheck', cores: 1, steps: [['npm', 'run', '--silent', 'typecheck']] },
  {
    name: 'unit and integration (PGlite)',
    cores: 2,
    after: ['template'],
    tests: { report: 'test', args: ['--project', 'unit', '--project', 'integration', ...extra] },
  },
  { name: 'lint', cores: 1, steps: [['npm', 'run', '--silent', 'lint']] },
  { name: 'format', cores: 1, steps: [['npm', 'run', '--silent', 'format:check']] },
  // Starts a throwaway PostgreSQL; the template is restored from its dump when the migrations did not change.
  { name: 'integration (PostgreSQL)', cores: 1, after: ['template'], tests: { report: 'pg', command: [node, 'scripts/test-pg.mjs', ...extra] } },
];

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

function run(argv, fd, env) {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', fd, fd], env });
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// The processor time of each command (with its children), from GNU time when the machine has it: on a shared
// machine the wall times grow with the load, the processor seconds far less.
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

async function runJob(job, cores) {
  const name = job.name.replace(/\W+/g, '-');
  const log = path.join(RESULTS_DIR, `${name}.log`);
  const cpuFile = path.join(RESULTS_DIR, `${name}.cpu`);
  rmSync(cpuFile, { force: true });
  const prefix = TIME ? [TIME, '-a', '-o', cpuFile, '-f', '%U %S'] : [];
  reportFile('ci'); // makes the folder
  const fd = openSync(log, 'w');
  const env = { ...process.env, TEST_FORKS: String(cores) };
  job.start = Date.now();
  try {
    if (job.tests?.args) {
      job.result = await runVitestAsync(job.tests.args, { env, label: job.name, report: job.tests.report, output: fd, prefix });
    } else if (job.tests) {
      rmSync(reportFile(job.tests.report), { force: true });
      job.result = readReport(job.tests.report, await run([...prefix, ...job.tests.command], fd, env), job.name);
    } else {
      let status = 0;
      for (const step of job.steps) if (status === 0) status = await run([...prefix, ...step], fd, env);
      job.ok = status === 0;
    }
    if (job.result) job.ok = job.result.ok;
  } finally {
    closeSync(fd);
    job.end = Date.now();
    job.cpu = existsSync(cpuFile)
      ? readFileSync(cpuFile, 'utf8')
          .split('\n')
          .map((line) => line.split(' ').map(Number))
          .filter((pair) => pair.length === 2 && pair.every(Number.isFinite))
          .reduce((sum, [user, system]) => sum + user + system, 0)
      : null;
  }
  console.log(
    `\n── ${job.name}: ${job.ok ? 'done' : 'FAILED'} in ${seconds(job.end - job.start)} (${cores} core${cores > 1 ? 's' : ''}, at ${seconds(job.end - started)}) ──`,
  );
  // A test run's output whole; a check's or the build's only when it failed (its log stays in test-results/).
  if (job.result || !job.ok) console.log(readFileSync(log, 'utf8').trimEnd());
  if (job.result) console.log(`\n${job.result.line}`);
}

await new Promise((resolve) => {
  let busy = 0;
  const waiting = new Set(jobs);
  const finished = new Set();
  const schedule = () => {
    for (const job of [...waiting]) {
      const after = (job.after ?? []).map((name) => jobs.find((j) => j.name === name));
      if (!after.every((j) => finished.has(j))) continue;
      if (after.some((j) => !j.ok)) {
        // What it needs failed: it cannot run, and counts as one failure.
        waiting.delete(job);
        finished.add(job);
        job.ok = false;
        job.skipped = true;
        console.log(
          `\n── ${job.name}: not run (${after
            .filter((j) => !j.ok)
            .map((j) => j.name)
            .join(', ')} failed) ──`,
        );
        continue;
      }
      const free = CORES - busy;
      if (free < 1) break;
      const cores = Math.min(job.cores, free);
      waiting.delete(job);
      busy += cores;
      void runJob(job, cores).then(() => {
        busy -= cores;
        finished.add(job);
        schedule();
      });
    }
    if (finished.size === jobs.length) resolve();
  };
  schedule();
});

console.log('\nJobs (wall time, processor time, start and end from the beginning of the run):');
for (const job of jobs) {
  const cpu = typeof job.cpu === 'number' ? `${job.cpu.toFixed(0)} s` : '–';
  const when = job.start
    ? `${seconds(job.end - job.start).padStart(6)}  ${cpu.padStart(6)}  ${seconds(job.start - started).padStart(6)} → ${seconds(job.end - started).padStart(6)}`
    : '     –';
  console.log(`  ${job.ok ? 'ok    ' : 'FAILED'}  ${when}  ${job.name}`);
}
const cpuTotal = jobs.reduce((sum, job) => sum + (job.cpu ?? 0), 0);
if (cpuTotal > 0) console.log(`  processor time of all jobs: ${cpuTotal.toFixed(0)} s`);
const runs = jobs.filter((j) => j.result).map((j) => j.result);
const table = slowestTable(runs);
if (table) console.log(`\n${table}`);

let passed = 0;
let failed = 0;
for (const job of jobs) {
  if (job.result) {
    passed += job.result.passed;
    failed += job.result.failed;
    console.log(job.result.line);
  } else if (!job.ok) {
    failed += 1;
    console.log(`${job.name}: ${job.skipped ? 'not run' : 'failed'} (counted as 1 failed)`);
  }
}
console.log(`\nCI took ${seconds(Date.now() - started)}.`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
