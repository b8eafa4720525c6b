import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * A backup is one plain tar file (POSIX ustar), readable by `tar -tf` anywhere, with a checksum per entry kept in
 * its manifest. Written here rather than with a library: the shop needs only regular files, and reading by offset
 * lets a restore check every entry before it writes anything.
 */

const BLOCK = 512;

export class ArchiveDamagedError extends Error {
  constructor(file: string, reason: string) {
    super(`The archive ${file} is damaged (${reason}); nothing was restored. Use another copy of it, or an older archive.`);
    this.name = 'ArchiveDamagedError';
  }
}

export interface WrittenEntry {
  name: string;
  size: number;
  sha256: string;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`An archive entry's name is too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  nameBytes.copy(h, 0);
  const octal = (value: number, width: number, at: number) => h.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, 'ascii');
  octal(0o644, 8, 100);
  octal(0, 8, 108);
  octal(0, 8, 116);
  octal(size, 12, 124);
  octal(Math.floor(mtime.getTime() / 1000), 12, 136);
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

/** Appends entries to a new tar file; each answers its size and SHA-256 for the manifest. */
export async function createArchive(file: string) {
  const handle = await open(file, 'wx');
  let position = 0;
  const write = async (bytes: Buffer) => {
    await handle.write(bytes, 0, bytes.length, position);
    position += bytes.length;
  };
  const pad = async (size: number) => {
    const rest = size % BLOCK;
    if (rest) await write(Buffer.alloc(BLOCK - rest));
  };
  return {
    async addBuffer(name: string, bytes: Buffer, mtime = new Date()): Promise<WrittenEntry> {
      await write(header(name, bytes.length, mtime));
      await write(bytes);
      await pad(bytes.length);
      return { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    /** A stream of known length (a file, a dump): copied in chunks, never held whole. */
    async addStream(name: string, size: number, body: Readable, mtime = new Date()): Promise<WrittenEntry> {
      await write(header(name, size, mtime));
      const hash = createHash('sha256');
      let written = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        written += chunk.length;
        if (written > size) throw new Error(`${name} grew while it was copied into the archive`);
        hash.update(chunk);
        await write(chunk);
      }
      if (written !== size) throw new Error(`${name} shrank while it was copied into the archive`);
      await pad(size);
      return { name, size, sha256: hash.digest('hex') };
    },
    async close(): Promise<number> {
      await write(Buffer.alloc(BLOCK * 2));
      await handle.sync();
      await handle.close();
      return position;
    },
    async abandon(): Promise<void> {
      await handle.close().catch(() => {});
    },
  };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Where its bytes start in the file. */
  offset: number;
}

function parseOctal(field: Buffer): number {
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]+$/.test(text)) return Number.NaN;
  return Number.parseInt(text, 8);
}

/** Lists a tar file's entries, checking every header's own checksum; a damaged header is refused. */
export async function readArchive(file: string) {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    throw new Error(`There is no archive at ${file}.`);
  }
  const entries: ArchiveEntry[] = [];
  try {
    const { size: total } = await handle.stat();
    let position = 0;
    const h = Buffer.alloc(BLOCK);
    for (;;) {
      if (position + BLOCK > total) throw new ArchiveDamagedError(file, 'it ends before its last entry');
      await handle.read(h, 0, BLOCK, position);
      if (h.every((b) => b === 0)) break;
      const stored = parseOctal(h.subarray(148, 156));
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
      if (stored !== sum || h.toString('ascii', 257, 262) !== 'ustar')
        throw new ArchiveDamagedError(file, `an entry's header at byte ${position} is not intact`);
      const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = parseOctal(h.subarray(124, 136));
      if (!Number.isFinite(size) || position + BLOCK + size > total) throw new ArchiveDamagedError(file, `${name} is cut short`);
      entries.push({ name, size, offset: position + BLOCK });
      position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await handle.close();
  }
  return {
    entries,
    /** An entry's bytes as a stream. */
    stream(entry: ArchiveEntry): Readable {
      return entry.size > 0 ? createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 }) : Readable.from([]);
    },
    async bytes(entry: ArchiveEntry): Promise<Buffer> {
      const h = await open(file, 'r');
      try {
        const out = Buffer.alloc(entry.size);
        await h.read(out, 0, entry.size, entry.offset);
        return out;
      } finally {
        await h.close();
      }
    },
    /** An entry as a Blob (PGlite's data directory, loaded whole). */
    async blob(entry: ArchiveEntry): Promise<Blob> {
      const bytes = await this.bytes(entry);
      return new Blob([new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length)]);
    },
    async sha256(entry: ArchiveEntry): Promise<string> {
      const hash = createHash('sha256');
      if (entry.size > 0)
        for await (const chunk of createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 })) hash.update(chunk as Buffer);
      return hash.digest('hex');
    },
  };
}

export type Archive = Awaited<ReturnType<typeof readArchive>>;
