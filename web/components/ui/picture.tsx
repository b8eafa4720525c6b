import type { CSSProperties } from 'react';
import { useRouteLoaderData } from 'react-router';
import { imageSources, mediaUrl } from '../../../contract/media';

/** The public base URL for images (MEDIA_PUBLIC_URL), from the root loader; null: the shop's own /media/. */
export function useMediaBase(): string | null {
  return useRouteLoaderData<{ mediaBaseUrl?: string | null }>('root')?.mediaBaseUrl ?? null;
}

interface PictureProps {
  src: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  /** The first screen's largest image: fetched eagerly with high priority. */
  priority?: boolean;
  fallback?: string;
  /** Inline style of the image (a zoom's transform). */
  style?: CSSProperties;
}

/** A responsive image from the media pipeline: AVIF and WebP variants, width and height always set. */
export function Picture({ src, alt, sizes, className, priority = false, fallback, style }: PictureProps) {
  const base = useMediaBase();
  const info = imageSources(src ?? fallback, base);
  const loading = priority ? 'eager' : 'lazy';
  if (!info) {
    return src ? <img src={mediaUrl(src, base)} alt={alt} className={className} style={style} loading={loading} decoding="async" /> : null;
  }
  return (
    <picture>
      <source type="image/avif" srcSet={info.avif} sizes={sizes} />
      <source type="image/webp" srcSet={info.webp} sizes={sizes} />
      <img
        src={info.src}
        alt={alt}
        width={info.width}
        height={info.height}
        className={className}
        style={style}
        loading={loading}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
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
