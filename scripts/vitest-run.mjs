// Runs vitest with a JSON report and prints one plain closing line: "N passed, N failed[, N skipped]".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function runVitest(args, { env = process.env, label = 'tests' } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-vitest-'));
  const report = path.join(dir, 'report.json');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', env },
  );
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests + (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0 ? 1 : 0),
      skipped: json.numPendingTests + json.numTodoTests,
    };
  } catch {
    counts.failed = Math.max(1, counts.failed);
  }
  rmSync(dir, { recursive: true, force: true });
  const ok = result.status === 0 && counts.failed === 0 && counts.passed > 0;
  if (!ok && counts.failed === 0) counts.failed = 1;
  console.log(`\n${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  return { ok, ...counts };
}
