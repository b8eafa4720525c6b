import type { Readable } from 'node:stream';

/** One stored object as read back: its bytes as a stream, with what a response needs to describe it. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  length?: number;
  etag?: string;
}

/**
 * Where uploaded images and their variants live. Keys are relative paths such as `products/ab12-800x600.jpg`
 * (the part of a `/media/...` URL after `/media/`). Two implementations: a local directory (the default) and
 * any S3-compatible store; every write, read, replacement and deletion of an image goes through one of them.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the keys; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Every key that starts with the prefix. */
  list(prefix: string): Promise<string[]>;
}

const KEY = /^[a-z0-9-]+\/[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** A key the shop can have written: one folder, one file name, no `..`, no absolute path. */
export function isMediaKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
