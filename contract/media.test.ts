import { describe, expect, it } from 'vitest';
import { imageSources, mediaUrl, smallestVariant } from './media';

describe('imageSources', () => {
  it('derives size and srcset from the stored name', () => {
    const s = imageSources('/media/products/abc-1200x900.jpg')!;
    expect(s).toMatchObject({ width: 1200, height: 900, widths: [320, 640, 1024, 1200] });
    expect(s.webp).toBe(
      '/media/products/abc-1200x900.jpg.w320.webp 320w, /media/products/abc-1200x900.jpg.w640.webp 640w, /media/products/abc-1200x900.jpg.w1024.webp 1024w, /media/products/abc-1200x900.jpg.w1200.webp 1200w',
    );
  });

  it('a small picture offers no variant wider than it is ever drawn, and always its narrowest one', () => {
    expect(imageSources('/media/products/abc-1200x900.jpg', null, 640)!.avif).toBe(
      '/media/products/abc-1200x900.jpg.w320.avif 320w, /media/products/abc-1200x900.jpg.w640.avif 640w',
    );
    expect(imageSources('/media/products/abc-1200x900.jpg', null, 100)!.widths).toEqual([320]);
  });

  it('returns null for images not made by the pipeline', () => {
    expect(imageSources('/media/old/photo.png')).toBeNull();
    expect(imageSources(null)).toBeNull();
  });
});

describe('image addresses with a public base URL (CDN)', () => {
  it('pages load stored images and all their variants from the CDN, and leave other addresses alone', () => {
    const base = 'https://cdn.example.in/media';
    expect(mediaUrl('/media/products/ab12-800x600.jpg', base)).toBe('https://cdn.example.in/media/products/ab12-800x600.jpg');
    expect(mediaUrl('/media/products/ab12-800x600.jpg', null)).toBe('/media/products/ab12-800x600.jpg');
    expect(mediaUrl('https://lh3.googleusercontent.com/a/photo', base)).toBe('https://lh3.googleusercontent.com/a/photo');
    const info = imageSources('/media/products/ab12-800x600.jpg', base)!;
    expect(info.src).toBe('https://cdn.example.in/media/products/ab12-800x600.jpg');
    expect(info.webp.split(', ').every((s) => s.startsWith('https://cdn.example.in/media/products/ab12-800x600.jpg.w'))).toBe(true);
    expect(info.width).toBe(800);
  });
});

describe('smallestVariant', () => {
  it('names the first variant imageSources offers, as WebP, for wide and narrow pictures, with or without a base', () => {
    for (const src of ['/media/products/abc-1200x900.jpg', '/media/products/tiny-300x200.jpg', '/media/rooms/x-320x240.jpg']) {
      for (const base of [null, 'https://cdn.example.in/media']) {
        const info = imageSources(src, base)!;
        expect(smallestVariant(src, base)).toBe(`${info.src}.w${info.widths[0]}.webp`);
      }
    }
    expect(smallestVariant('/media/products/tiny-300x200.jpg')).toBe('/media/products/tiny-300x200.jpg.w300.webp');
    expect(smallestVariant('https://elsewhere.example/picture.png')).toBeNull();
    expect(smallestVariant(null)).toBeNull();
  });
});
