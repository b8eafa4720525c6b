import { linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_CACHE } from './paths';

/**
 * A private media directory holding the demo shop's drawn images as hard links to the shared cache: a
 * test may replace or delete images (which removes them from storage) without touching the cache.
 * New images are new files; the pipeline never rewrites an existing one.
 */
export function privateMediaDir(into?: string): { dir: string; remove: () => void } {
  const dir = into ?? mkdtempSync(path.join(tmpdir(), 'teak-media-'));
  mkdirSync(dir, { recursive: true });
  for (const folder of readdirSync(MEDIA_CACHE, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    mkdirSync(path.join(dir, folder.name));
    for (const name of readdirSync(path.join(MEDIA_CACHE, folder.name))) {
      linkSync(path.join(MEDIA_CACHE, folder.name, name), path.join(dir, folder.name, name));
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
