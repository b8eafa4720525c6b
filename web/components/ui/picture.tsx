import type { CSSProperties } from 'react';
import { useRouteLoaderData } from 'react-router';
import { imageSources, mediaUrl } from '../../../contract/media';
import { usePictureDeferred } from './deferred-pictures';

/** The public base URL for images (MEDIA_PUBLIC_URL), from the root loader; null: the shop's own /media/. */
export function useMediaBase(): string | null {
  return useRouteLoaderData<{ mediaBaseUrl?: string | null }>('root')?.mediaBaseUrl ?? null;
}

interface PictureProps {
  src: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width (unless `variant` is given). */
  sizes?: string;
  className?: string;
  /**
   * true: the first screen's largest image, fetched at once with high priority. 'low': another picture of the
   * first screen, fetched at once but after the largest one (it shares a phone's link with it).
   */
  priority?: boolean | 'low';
  fallback?: string;
  /** Inline style of the image (a zoom's transform). */
  style?: CSSProperties;
  /**
   * Offer this one variant only (pixels; the widest made that is not wider), no `srcset` list and no `sizes`:
   * for a picture that is small on every screen (a card: half a phone or a quarter of a laptop, 640 px even
   * at twice the pixel density). A page of forty cards is some ten kilobytes shorter for it.
   */
  variant?: number;
}

/**
 * A responsive image from the media pipeline: its AVIF variants, width and height always set. A browser
 * without AVIF (about one in twenty, older Safari) gets the stored JPEG; the WebP variants are still made
 * (decision 0005) but not offered, which halves the markup of a page of pictures.
 */
export function Picture({ src, alt, sizes, className, priority = false, fallback, style, variant }: PictureProps) {
  const base = useMediaBase();
  // A slide out of view keeps the picture's box (its classes give it width and shape) until the page is live.
  if (usePictureDeferred()) return <span className={`block ${className ?? ''}`} />;
  const info = imageSources(src ?? fallback, base, variant);
  const loading = priority ? 'eager' : 'lazy';
  const high = priority === true;
  if (!info) {
    return src ? <img src={mediaUrl(src, base)} alt={alt} className={className} style={style} loading={loading} decoding="async" /> : null;
  }
  return (
    <picture>
      {variant ? (
        <source type="image/avif" srcSet={`${info.src}.w${info.widths.at(-1)}.avif`} />
      ) : (
        <source type="image/avif" srcSet={info.avif} sizes={sizes} />
      )}
      <img
        src={info.src}
        alt={alt}
        width={info.width}
        height={info.height}
        className={className}
        style={style}
        loading={loading}
        decoding={high ? 'sync' : undefined}
        fetchPriority={high ? 'high' : priority ? 'low' : undefined}
      />
    </picture>
  );
}

/** A `<link rel=preload>` descriptor for the first screen's largest image (for a route's `links`). */
export function preloadImage(src: string | null | undefined, sizes: string) {
  const info = imageSources(src);
  if (!info) return [];
  return [
    {
      rel: 'preload',
      as: 'image',
      href: info.src,
      imageSrcSet: info.avif,
      imageSizes: sizes,
      type: 'image/avif',
      fetchPriority: 'high',
    } as const,
  ];
}
