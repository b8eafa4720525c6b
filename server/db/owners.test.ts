import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../lib/project-root';
import * as schema from './schema';
import { TABLE_OWNERS } from './owners';

/** The schema's tables by the name code imports them under, and their SQL names. */
const tables = Object.entries(schema).filter(([, value]) => is(value, PgTable)) as [string, PgTable][];
const sqlNames = new Map(tables.map(([name, table]) => [getTableName(table), name]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const at = path.join(dir, name);
    if (statSync(at).isDirectory()) return sourceFiles(at);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [at] : [];
  });
}

/** Who a file writes as: its module, `lib/<file>`, or null for the seed and the command-line tools. */
function writerOf(file: string): string | null {
  const parts = path.relative(path.join(PROJECT_ROOT, 'server'), file).split(path.sep);
  if (parts[0] === 'modules') return parts[1]!;
  if (parts[0] === 'lib') return `lib/${parts[1]!.replace(/\.tsx?$/, '')}`;
  if (parts[0] === 'db' || parts[0] === 'cli.ts') return null;
  return parts.join('/');
}

/** Every write of a table in the server's code: drizzle's insert/update/delete, and SQL written out. */
function writes(): { table: string; writer: string; where: string }[] {
  const found: { table: string; writer: string; where: string }[] = [];
  for (const file of sourceFiles(path.join(PROJECT_ROOT, 'server'))) {
    const writer = writerOf(file);
    if (writer === null) continue;
    const text = readFileSync(file, 'utf8');
    const where = (index: number) => `${path.relative(PROJECT_ROOT, file)}:${text.slice(0, index).split('\n').length}`;
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z]+)\s*\)/g))
      if (tables.some(([name]) => name === m[1])) found.push({ table: m[1]!, writer, where: where(m.index) });
    for (const m of text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:\$\{([A-Za-z]+)\}|([a-z_]+)\b)/g)) {
      const table = m[1] ?? sqlNames.get(m[2]!);
      if (table && tables.some(([name]) => name === table)) found.push({ table, writer, where: where(m.index) });
    }
  }
  return found;
}

describe('every table has an owner', () => {
  it('names an owner for each table of the schema, and no table that is not in it', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables.map(([name]) => name).sort());
  });

  it('finds the writes it checks (the scan itself works)', () => {
    const all = writes();
    expect(all.some((w) => w.table === 'orders')).toBe(true);
    expect(all.some((w) => w.table === 'rateLimits' && w.writer === 'lib/rate-limit-store')).toBe(true);
  });

  it('lets only its owner, and the writers it names with their reason, write a table', () => {
    const strangers = writes()
      .filter(({ table, writer }) => {
        const rule = TABLE_OWNERS[table]!;
        return writer !== rule.owner && !(rule.also && writer in rule.also);
      })
      .map(({ table, writer, where }) => `${table} written by ${writer} (${where})`);
    expect(strangers).toEqual([]);
  });
});
