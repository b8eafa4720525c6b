import { randomBytes } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { variantWidths } from '../../contract/media';
import { AppError } from './errors';
import type { ObjectStorage } from './storage';

/** The demo shop's drawn pieces (server/db/seed): uploaded photos are stored elsewhere and replace them. */
export const DRAWINGS_PREFIX = '/media/drawings/';

export function isDrawing(url: string): boolean {
  return url.startsWith(DRAWINGS_PREFIX);
}

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Identifies an upload by its bytes, never by its name or declared type. */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface StoreImageOptions {
  /** Sub-folder under the media directory, e.g. `products`. */
  folder: string;
  /** Longest edge kept for the original. */
  maxWidth?: number;
  /** A fixed base name (seeding); a random one otherwise. An existing file of that name is reused. */
  name?: string;
}

/**
 * Re-encodes an image (dropping metadata such as EXIF), stores it in the image storage with its
 * responsive WebP and AVIF variants. Returns the root-relative URL (`/media/...`).
 */
export async function storeImage(storage: ObjectStorage, input: Buffer, options: StoreImageOptions): Promise<string> {
  if (!detectImageType(input)) {
    throw new AppError('unsupported_media_type', 'The file is not a JPEG, PNG or WebP image.');
  }
  let pipeline;
  let meta;
  try {
    pipeline = sharp(input, { failOn: 'error' }).rotate();
    meta = await pipeline.metadata();
  } catch {
    throw new AppError('invalid', 'The image could not be read. Please upload a valid JPEG, PNG or WebP file.');
  }
  return writeVariants(storage, pipeline, meta.autoOrient?.width ?? meta.width, options);
}

/**
 * Renders a drawing (the generated demo images) through the same pipeline. Drawings have fixed
 * names and sizes, so one already on disk is reused without drawing it again.
 */
export async function storeDrawing(
  storage: ObjectStorage,
  drawing: { name: string; folder: string; width: number; height: number; svg: () => string },
): Promise<string> {
  const { name, folder, width, height } = drawing;
  const key = `${folder}/${name}-${width}x${height}.jpg`;
  if (await storage.exists(key)) return `/media/${key}`;
  return writeVariants(storage, sharp(Buffer.from(drawing.svg())), width, { folder, name, maxWidth: width });
}

async function writeVariants(storage: ObjectStorage, source: Sharp, sourceWidth: number | undefined, options: StoreImageOptions): Promise<string> {
  const maxWidth = options.maxWidth ?? 1600;
  const folder = options.folder.toLowerCase().replace(/[^a-z0-9-]/g, '');

  const resized = source.clone().resize({ width: Math.min(maxWidth, sourceWidth ?? maxWidth), withoutEnlargement: true });
  const { data, info } = await resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  const base = options.name ?? randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  const fileName = `${base}-${info.width}x${info.height}.jpg`;
  const key = `${folder}/${fileName}`;
  const url = `/media/${key}`;
  if (options.name && (await storage.exists(key))) return url;

  const variants = variantWidths(info.width).flatMap((w) => {
    const img = sharp(data).resize({ width: w });
    return [
      img
        .clone()
        .webp({ quality: 78, effort: 4 })
        .toBuffer()
        .then((bytes) => storage.put(`${key}.w${w}.webp`, bytes, 'image/webp')),
      img
        .clone()
        .avif({ quality: 55, effort: 2 })
        .toBuffer()
        .then((bytes) => storage.put(`${key}.w${w}.avif`, bytes, 'image/avif')),
    ];
  });
  try {
    await Promise.all(variants);
    // The original is written last: its presence means the set is complete.
    await storage.put(key, data, 'image/jpeg');
  } catch (err) {
    await removeStoredImage(storage, url).catch(() => {});
    throw err;
  }
  return url;
}

/** The storage key of an image the pipeline wrote (`folder/name-WxH.jpg`), or null for any other URL. */
export function imageKey(url: string): string | null {
  const match = /^\/media\/([a-z0-9-]+\/[A-Za-z0-9_-]+-\d+x\d+\.jpg)$/i.exec(url);
  return match ? match[1]! : null;
}

/** Removes an image written by the pipeline: the original and its WebP/AVIF variants. */
export async function removeStoredImage(storage: ObjectStorage, url: string): Promise<void> {
  const key = imageKey(url);
  if (!key) return;
  const keys = await storage.list(key);
  // The original first: once it is gone the set no longer counts as complete.
  await storage.delete([key]);
  await storage.delete(keys.filter((k) => k.startsWith(`${key}.w`)));
}
