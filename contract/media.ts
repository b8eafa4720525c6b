/**
 * Stored images are named `<dir>/<id>-<width>x<height>.jpg`, and the pipeline writes WebP and AVIF
 * variants beside them as `<name>.w<width>.webp|avif` for each of VARIANT_WIDTHS narrower than the
 * original, plus the original width. A URL alone is enough to build `srcset`, width and height.
 */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;

export interface ImageSources {
  src: string;
  width: number;
  height: number;
  widths: number[];
  webp: string;
  avif: string;
}

const NAME = /-(\d{1,5})x(\d{1,5})\.jpg$/;

export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  widths.push(width);
  return widths;
}

/**
 * The address pages use for a stored image: with a public base URL (a CDN in front of the image store),
 * `/media/products/x.jpg` becomes `<base>/products/x.jpg`; other addresses are left as they are.
 */
export function mediaUrl(src: string, base: string | null | undefined): string {
  return base && src.startsWith('/media/') ? `${base}${src.slice('/media'.length)}` : src;
}

/** `maxWidth`: offer no variant wider than this (the narrowest variant is always offered). */
export function imageSources(src: string | null | undefined, base?: string | null, maxWidth?: number): ImageSources | null {
  if (!src) return null;
  src = mediaUrl(src, base);
  const match = NAME.exec(src);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const all = variantWidths(width);
  const widths = maxWidth ? all.filter((w, i) => i === 0 || w <= maxWidth) : all;
  const set = (ext: string) => widths.map((w) => `${src}.w${w}.${ext} ${w}w`).join(', ');
  return { src, width, height, widths, webp: set('webp'), avif: set('avif') };
}

/**
 * The narrowest variant of a stored image, as WebP (a list's thumbnail): the first of `imageSources`' widths,
 * without making its two `srcset` lists. Null for an address that names no size (not one of ours).
 */
export function smallestVariant(src: string | null | undefined, base?: string | null): string | null {
  if (!src) return null;
  const url = mediaUrl(src, base);
  const match = NAME.exec(url);
  if (!match) return null;
  return `${url}.w${Math.min(VARIANT_WIDTHS[0], Number(match[1]))}.webp`;
}
