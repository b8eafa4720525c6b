import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_CACHE } from './paths';

/**
 * A private media directory holding the demo shop's drawn images as hard links to the shared cache: a
 * test may replace or delete images (which removes them from storage) without touching the cache.
 * New images are new files; the pipeline never rewrites an existing one (local storage writes beside and
 * renames). Linking the ~4,000 files takes a tenth of a second where copying them took 4 to 7 seconds; on
 * another file system (no hard links across devices) they are copied.
 */
export function privateMediaDir(into?: string): { dir: string; remove: () => void } {
  const dir = into ?? mkdtempSync(path.join(tmpdir(), 'teak-media-'));
  mkdirSync(dir, { recursive: true });
  for (const folder of readdirSync(MEDIA_CACHE, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    mkdirSync(path.join(dir, folder.name));
    for (const name of readdirSync(path.join(MEDIA_CACHE, folder.name))) {
      const from = path.join(MEDIA_CACHE, folder.name, name);
      const to = path.join(dir, folder.name, name);
      try {
        linkSync(from, to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        copyFileSync(from, to);
      }
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
