// Runs vitest with a JSON report and prints one plain closing line: "N passed, N failed[, N skipped]".
// The report is kept in test-results/<name>.json (the per-file timings a slowest-files table is read from).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export const RESULTS_DIR = 'test-results';
/** The file `npm test` writes in RESULTS_DIR as its browser stories start (CI starts the PostgreSQL suite then). */
export const STORIES_STARTED = 'browser-stories.started';

/**
 * Runs vitest in a child process; resolves when it ends. `report` names the JSON report kept in test-results/;
 * `output` is where vitest's own output goes (a file descriptor, or 'inherit'); `prefix`, a command that runs it.
 */
export function runVitestAsync(
  args,
  { env = process.env, label = 'tests', report = 'vitest', output = 'inherit', prefix = [], allowEmpty = false } = {},
) {
  const file = reportFile(report);
  rmSync(file, { force: true });
  return new Promise((resolve) => {
    const argv = [
      ...prefix,
      process.execPath,
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...args,
    ];
    const child = spawn(argv[0], argv.slice(1), {
      stdio: ['ignore', output, output],
      env,
    });
    child.once('exit', (code, signal) => resolve(readReport(report, code ?? (signal ? 1 : 0), label, { allowEmpty })));
  });
}

export function reportFile(report) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return path.join(RESULTS_DIR, `${report}.json`);
}

/** The counts and per-file timings of a finished run, from its JSON report and its exit status. */
export function readReport(report, status, label, { allowEmpty = false } = {}) {
  const file = reportFile(report);
  let counts = { passed: 0, failed: 0, skipped: 0 };
  let files = [];
  let failures = [];
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests + (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0 ? 1 : 0),
      skipped: json.numPendingTests + json.numTodoTests,
    };
    files = fileTimings(json);
    failures = failedTests(json);
  } catch {
    if (!(allowEmpty && status === 0)) counts.failed = Math.max(1, counts.failed);
  }
  // A run must have passed something, unless it may find no test files (a file filter for the other run of a pair).
  const ok = status === 0 && counts.failed === 0 && (counts.passed > 0 || allowEmpty);
  if (!ok && counts.failed === 0) counts.failed = 1;
  return {
    ok,
    label,
    files,
    failures,
    ...counts,
    line: `${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  };
}

/** Each test file's wall time in a vitest JSON report, with its test count. */
export function fileTimings(json) {
  return json.testResults.map((r) => ({
    file: path.relative(process.cwd(), r.name),
    seconds: Math.max(0, (r.endTime - r.startTime) / 1000),
    tests: r.assertionResults.length,
    status: r.status,
  }));
}

/** Each failed test of a vitest JSON report (or a file that failed before its tests ran), with its first error line. */
export function failedTests(json) {
  return json.testResults.flatMap((r) => {
    const file = path.relative(process.cwd(), r.name);
    const failed = r.assertionResults.filter((a) => a.status === 'failed');
    if (failed.length === 0 && r.status === 'failed') return [{ file, test: '(the file itself)', error: firstLine(r.message) }];
    return failed.map((a) => ({ file, test: a.fullName, error: firstLine(a.failureMessages?.[0]) }));
  });
}

const firstLine = (text) =>
  (text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

/** The failed tests of one or more runs, a few lines each (empty when none failed). */
export function failuresList(runs) {
  const rows = runs.flatMap((run) => run.failures.map((f) => ({ ...f, run: run.label })));
  if (rows.length === 0) return '';
  return [`The ${rows.length} failed test(s):`, ...rows.map((r) => `  ✗ ${r.file} › ${r.test}  (${r.run})\n      ${r.error}`)].join('\n');
}

/** The slowest test files of one or more runs, as a table (each row names its run). */
export function slowestTable(runs, count = 20) {
  const rows = runs
    .flatMap((run) => run.files.map((f) => ({ ...f, run: run.label })))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.file.length));
  const lines = rows.map((r) => `${r.seconds.toFixed(1).padStart(7)} s  ${String(r.tests).padStart(4)}  ${r.file.padEnd(width)}  ${r.run}`);
  return [`The ${rows.length} slowest test files (wall time of each file, tests in it, run):`, ...lines].join('\n');
}

/** Several runs counted as one: their tests, files and failures together, ok when each was. */
export function combineRuns(label, runs) {
  const sum = (key) => runs.reduce((total, run) => total + run[key], 0);
  const counts = { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') };
  return {
    ok: runs.every((run) => run.ok) && counts.failed === 0 && counts.passed > 0,
    label,
    files: runs.flatMap((run) => run.files),
    failures: runs.flatMap((run) => run.failures),
    ...counts,
    line: `${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  };
}

/** Prints the slowest-files table, the failed tests and the closing line of finished runs. */
export function printEnd(runs) {
  const table = slowestTable(runs);
  if (table) console.log(`\n${table}`);
  const failures = failuresList(runs);
  if (failures) console.log(`\n${failures}`);
  for (const run of runs) console.log(`\n${run.line}`);
}

/** As runVitestAsync, and prints the slowest-files table, the failed tests and the closing line. */
export async function runVitest(args, options = {}) {
  const result = await runVitestAsync(args, options);
  printEnd([result]);
  return result;
}
