import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one holding package.json), found from where this code runs: the same whether the
 * server runs from its sources (`server/…`, through tsx) or from the bundle `npm run build` makes (`build/shop/`).
 * Files the server reads beside its code (fonts, migrations) are named from here.
 */
export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: the shop's files are not where the server runs.`);
  }
}
