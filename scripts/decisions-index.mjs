#!/usr/bin/env node
// Writes docs/decisions/README.md: every decision with its title and status, read from the records themselves.
// `node scripts/decisions-index.mjs --check` exits 1 when the index is out of date (a unit test runs it).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');

/** The status word a record states: accepted, accepted in part, superseded, replaced… with the decisions it names. */
export function readDecision(file, text) {
  const title = (text.match(/^#\s+(.*)$/m)?.[1] ?? file).replace(/^\d{4}\.?\s*/, '').trim();
  const line = text.match(/Status:\s*([^\n]*(?:\n(?!\n)[^\n]*)*)/)?.[1] ?? '';
  const sentence = line
    .replace(/\s+/g, ' ')
    .split(/(?<=\.)\s/)[0]
    .replace(/\.$/, '')
    .trim();
  return { number: file.slice(0, 4), file, title, status: sentence };
}

export function decisions() {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort()
    .map((f) => readDecision(f, readFileSync(path.join(dir, f), 'utf8')));
}

export function renderIndex(list) {
  const rows = list.map((d) => `| [${d.number}](${d.file}) | ${d.title.replace(/\|/g, '\\|')} | ${d.status.replace(/\|/g, '\\|')} |`);
  return [
    '# Decisions',
    '',
    'Each record says what was decided, why, and its status (accepted; accepted in part; superseded, replaced or',
    'amended by a later one, which it names). This index is written by `node scripts/decisions-index.mjs` from the',
    "records' own status lines; a unit test fails when it is out of date.",
    '',
    '| No. | Decision | Status |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const list = decisions();
  const missing = list.filter((d) => !d.status);
  if (missing.length) {
    console.error(`No "Status:" line in ${missing.map((d) => d.file).join(', ')}`);
    process.exit(1);
  }
  const out = path.join(dir, 'README.md');
  const text = renderIndex(list);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(out, 'utf8');
    } catch {}
    if (current !== text) {
      console.error('docs/decisions/README.md is out of date: run `node scripts/decisions-index.mjs`.');
      process.exit(1);
    }
  } else {
    writeFileSync(out, text);
    console.log(`Wrote ${path.relative(process.cwd(), out)} (${list.length} decisions).`);
  }
}
