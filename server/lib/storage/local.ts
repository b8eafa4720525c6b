import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, isMediaKey, type ObjectStorage } from './storage';

/** Images in a directory on this machine (`DATA_DIR/media`): the one-process shop's storage. */
export function localStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const file = path.join(root, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), contentType: contentTypeOf(key), length: info.size };
      } catch {
        return null;
      }
    },
    async exists(key) {
      if (!isMediaKey(key)) return false;
      try {
        return (await stat(path.join(root, key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      await Promise.all(keys.filter(isMediaKey).map((key) => rm(path.join(root, key), { force: true })));
    },
    async list(prefix) {
      const slash = prefix.indexOf('/');
      const folder = slash < 0 ? prefix : prefix.slice(0, slash);
      if (!/^[a-z0-9-]+$/.test(folder)) return [];
      let names: string[];
      try {
        names = await readdir(path.join(root, folder));
      } catch {
        return [];
      }
      return names.map((name) => `${folder}/${name}`).filter((key) => key.startsWith(prefix) && !key.endsWith('.partial'));
    },
  };
}
