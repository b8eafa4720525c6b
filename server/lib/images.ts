import { randomBytes } from 'node:crypto';
import type SharpFunction from 'sharp';
import type { Sharp } from 'sharp';
import { variantWidths } from '../../contract/media';
import { AppError } from './errors';
import type { ObjectStorage } from './storage';

let library: Promise<typeof SharpFunction> | undefined;

/**
 * sharp (libvips), loaded on the first image a process stores rather than at its start: loading it maps about
 * 30 MB into a process (its libraries and their heaps), and most workers never store an image. libvips' cache of
 * operations is turned off: every image stored is a new one, so it would only hold up to 50 MB for nothing
 * (decision 0058, "memory").
 */
export function imageLibrary(): Promise<typeof SharpFunction> {
  library ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return library;
}

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

/**
 * The most pixels an uploaded image may have: a 50-megapixel phone photo (8,160 × 6,120) passes. Decoding
 * takes about four bytes a pixel, so a small file that declares 16,000 × 16,000 would take a gigabyte; it is
 * refused from its header, before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The sentence for an image over the pixel limit, with its size. */
export function tooManyPixels(size: { width: number; height: number }, name = 'The image'): string {
  const fmt = (n: number) => n.toLocaleString('en-IN');
  return `${name} is ${fmt(size.width)} × ${fmt(size.height)} pixels, larger than the shop takes (50 megapixels, such as 8,000 × 6,000). Resize it and try again.`;
}

/**
 * An image's width and height read from its header alone (PNG's IHDR, a JPEG's frame header, WebP's VP8,
 * VP8L or VP8X chunk), without decoding it; null when the header cannot be read.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const kind = detectImageType(bytes);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') {
    if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (kind === 'jpeg') {
    let at = 2;
    while (at + 4 <= buf.length) {
      if (buf[at] !== 0xff) return null;
      const marker = buf[at + 1]!;
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2; // markers without a length
        continue;
      }
      if (marker === 0xda || marker === 0xd9) return null; // scan data or the end before any frame header
      const length = buf.readUInt16BE(at + 2);
      // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (at + 9 > buf.length) return null;
        return { width: buf.readUInt16BE(at + 7), height: buf.readUInt16BE(at + 5) };
      }
      at += 2 + length;
    }
    return null;
  }
  if (kind === 'webp') {
    if (buf.length < 30) return null;
    const chunk = buf.toString('latin1', 12, 16);
    if (chunk === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const b = (i: number) => buf[21 + i]!;
      return { width: 1 + (b(0) | ((b(1) & 0x3f) << 8)), height: 1 + ((b(1) >> 6) | (b(2) << 2) | ((b(3) & 0x0f) << 10)) };
    }
    if (chunk === 'VP8X') return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
  }
  return null;
}

/** Refuses (413, with a sentence) an image whose header declares more pixels than the shop takes. */
export function checkImagePixels(bytes: Uint8Array, name?: string, field?: string): void {
  const size = imageDimensions(bytes);
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) {
    const sentence = tooManyPixels(size, name);
    throw new AppError('too_large', sentence, field ? { [field]: [sentence] } : undefined);
  }
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
  checkImagePixels(input);
  const sharp = await imageLibrary();
  let pipeline;
  let meta;
  try {
    // The header check above reads the common layouts; sharp's own limit stops any other before decoding.
    pipeline = sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    meta = await pipeline.metadata();
  } catch {
    throw new AppError('invalid', 'The image could not be read. Please upload a valid JPEG, PNG or WebP file.');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new AppError('too_large', tooManyPixels({ width: meta.width, height: meta.height }));
  }
  return writeVariants(storage, pipeline, meta.autoOrient?.width ?? meta.width, options);
}

/** A drawing to store: its folder and name, its size, and its SVG (made when drawn). */
export interface DrawingSource {
  name: string;
  folder: string;
  width: number;
  height: number;
  svg: () => string;
}

/** Where a drawing's picture is stored (decision 0005's names carry the size); its variants are beside it. */
export const drawingKey = (d: Pick<DrawingSource, 'folder' | 'name' | 'width' | 'height'>) => `${d.folder}/${d.name}-${d.width}x${d.height}.jpg`;

/**
 * Renders a drawing (the generated demo images) through the same pipeline. Drawings have fixed
 * names and sizes, so one already on disk is reused without drawing it again.
 */
export async function storeDrawing(storage: ObjectStorage, drawing: DrawingSource): Promise<string> {
  const { name, folder, width } = drawing;
  const key = drawingKey(drawing);
  if (await storage.exists(key)) return `/media/${key}`;
  const sharp = await imageLibrary();
  return writeVariants(storage, sharp(Buffer.from(drawing.svg())), width, { folder, name, maxWidth: width });
}

/**
 * One variant of a drawing (`<picture>.jpg.w640.avif`), drawn and stored alone: a page asks for one variant of a
 * picture (its browser's format at its width), not the eight beside it, so a shop that draws its demo pictures
 * when asked draws a fifth of the work a whole set costs (decision 0061). It is drawn straight at its width: the
 * set's way (the whole picture at full size, encoded as a JPEG, then decoded and made smaller) cost three times as
 * much for the widths pages ask for most (decision 0062). The same picture at the same size as the set's variant,
 * drawn from the vector rather than from the JPEG. The JPEG is not stored, because its presence says the set is
 * whole: the set is drawn (its variants with it) when the JPEG is asked for, or by the drawer. Returns false for a
 * width the picture has no variant at (nothing is drawn).
 */
export async function storeDrawingVariant(
  storage: ObjectStorage,
  drawing: DrawingSource,
  variant: { width: number; format: 'webp' | 'avif' },
): Promise<boolean> {
  if (!variantWidths(drawing.width).includes(variant.width)) return false;
  const sharp = await imageLibrary();
  // The vector drawn at the variant's width (its density scaled to it), then sized exactly.
  const drawn = sharp(Buffer.from(drawing.svg()), { density: (72 * variant.width) / drawing.width })
    .resize({ width: variant.width })
    .flatten({ background: '#ffffff' });
  const key = `${drawingKey(drawing)}.w${variant.width}.${variant.format}`;
  await storage.put(key, await encodeAs(drawn, variant.format).toBuffer(), `image/${variant.format}`);
  return true;
}

const asJpeg = (image: Sharp) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });

/** An image encoded as a variant is: WebP or AVIF, at the pipeline's quality. */
const encodeAs = (image: Sharp, format: 'webp' | 'avif') =>
  format === 'webp' ? image.webp({ quality: 78, effort: 4 }) : image.avif({ quality: 55, effort: 2 });

/** A stored image's variant at one width and format, from its JPEG. */
function encodeVariant(sharp: typeof SharpFunction, jpeg: Buffer, width: number, format: 'webp' | 'avif'): Sharp {
  return encodeAs(sharp(jpeg).resize({ width }), format);
}

async function writeVariants(storage: ObjectStorage, source: Sharp, sourceWidth: number | undefined, options: StoreImageOptions): Promise<string> {
  const maxWidth = options.maxWidth ?? 1600;
  const folder = options.folder.toLowerCase().replace(/[^a-z0-9-]/g, '');

  const resized = source.clone().resize({ width: Math.min(maxWidth, sourceWidth ?? maxWidth), withoutEnlargement: true });
  const { data, info } = await asJpeg(resized).toBuffer({ resolveWithObject: true });
  const base = options.name ?? randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  const fileName = `${base}-${info.width}x${info.height}.jpg`;
  const key = `${folder}/${fileName}`;
  const url = `/media/${key}`;
  if (options.name && (await storage.exists(key))) return url;

  const sharp = await imageLibrary();
  const variants = variantWidths(info.width).flatMap((w) =>
    (['webp', 'avif'] as const).map((format) =>
      encodeVariant(sharp, data, w, format)
        .toBuffer()
        .then((bytes) => storage.put(`${key}.w${w}.${format}`, bytes, `image/${format}`)),
    ),
  );
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
