import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisions, renderIndex } from '../scripts/decisions-index.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The README's folder map, as the lines of its fenced block under "## Folders". */
function folderMap(): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const block = readme.split('## Folders')[1]?.split('```')[1];
  if (!block) throw new Error('The README has no folder map');
  return block;
}

describe("the project's documents say what the tree holds", () => {
  it('every decision states its status, and the index lists each with it', () => {
    const list = decisions();
    expect(list.filter((d) => !d.status).map((d) => d.file)).toEqual([]);
    const index = readFileSync(path.join(root, 'docs/decisions/README.md'), 'utf8');
    // Out of date? Run `node scripts/decisions-index.mjs`.
    expect(index).toBe(renderIndex(list));
  });

  it("the README's folder map names each file at the server's root and each module, and nothing that is gone", () => {
    const map = folderMap();
    const named = [...map.matchAll(/^ {2}([\w.-]+\.ts)\s/gm)].map((m) => m[1] ?? '');
    const atRoot = readdirSync(path.join(root, 'server')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(named.sort()).toEqual(atRoot.sort());

    const folders = [...map.matchAll(/^ {0,2}([\w.-]+(?:\/[\w.<>-]+)*)\/\s/gm)].map((m) => m[1] ?? '').filter((f) => !f.includes('<'));
    const topLevel = new Set(['server', 'web', 'contract', 'tests', 'scripts', 'bench', 'docs/decisions']);
    const missing = folders.map((f) => (topLevel.has(f) ? f : `server/${f}`)).filter((f) => !existsSync(path.join(root, f)));
    expect(missing).toEqual([]);

    const modules = readdirSync(path.join(root, 'server/modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    const listed = map.split('modules/<area>/')[1]?.split(/\n {2}\S/)[0] ?? '';
    const unlisted = modules.filter((m) => !new RegExp(`\\b${m}\\b`).test(listed));
    expect(unlisted).toEqual([]);
  });
});
