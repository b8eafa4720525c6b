import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { variantWidths } from '../../contract/media';
import { AppError } from './errors';

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
 * Re-encodes an image (dropping metadata such as EXIF), stores it under the media directory and
 * writes its responsive WebP and AVIF variants. Returns the root-relative URL (`/media/...`).
 */
export async function storeImage(mediaDir: string, input: Buffer, options: StoreImageOptions): Promise<string> {
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
  return writeVariants(mediaDir, pipeline, meta.autoOrient?.width ?? meta.width, options);
}

/**
 * Renders a drawing (the generated demo images) through the same pipeline. Drawings have fixed
 * names and sizes, so one already on disk is reused without drawing it again.
 */
export async function storeDrawing(
  mediaDir: string,
  drawing: { name: string; folder: string; width: number; height: number; svg: () => string },
): Promise<string> {
  const { name, folder, width, height } = drawing;
  const url = `/media/${folder}/${name}-${width}x${height}.jpg`;
  if (existsSync(path.join(mediaDir, folder, `${name}-${width}x${height}.jpg`))) return url;
  return writeVariants(mediaDir, sharp(Buffer.from(drawing.svg())), width, { folder, name, maxWidth: width });
}

async function writeVariants(mediaDir: string, source: Sharp, sourceWidth: number | undefined, options: StoreImageOptions): Promise<string> {
  const maxWidth = options.maxWidth ?? 1600;
  const folder = options.folder.replace(/[^a-z0-9-]/gi, '');
  const dir = path.join(mediaDir, folder);
  await mkdir(dir, { recursive: true });

  const resized = source.clone().resize({ width: Math.min(maxWidth, sourceWidth ?? maxWidth), withoutEnlargement: true });
  const { data, info } = await resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  const base = options.name ?? randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  const fileName = `${base}-${info.width}x${info.height}.jpg`;
  const url = `/media/${folder}/${fileName}`;
  const file = path.join(dir, fileName);
  if (options.name && existsSync(file)) return url;

  const variants = variantWidths(info.width).flatMap((w) => {
    const img = sharp(data).resize({ width: w });
    return [
      img.clone().webp({ quality: 78, effort: 4 }).toFile(`${file}.w${w}.webp`),
      img.clone().avif({ quality: 55, effort: 2 }).toFile(`${file}.w${w}.avif`),
    ];
  });
  await Promise.all(variants);
  // The original is written last: its presence means the set is complete.
  await writeFile(file, data);
  return url;
}
