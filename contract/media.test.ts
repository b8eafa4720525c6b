import { describe, expect, it } from 'vitest';
import { imageSources } from './media';

describe('imageSources', () => {
  it('derives size and srcset from the stored name', () => {
    const s = imageSources('/media/products/abc-1200x900.jpg')!;
    expect(s).toMatchObject({ width: 1200, height: 900, widths: [320, 640, 1024, 1200] });
    expect(s.webp).toBe(
      '/media/products/abc-1200x900.jpg.w320.webp 320w, /media/products/abc-1200x900.jpg.w640.webp 640w, /media/products/abc-1200x900.jpg.w1024.webp 1024w, /media/products/abc-1200x900.jpg.w1200.webp 1200w',
    );
  });

  it('returns null for images not made by the pipeline', () => {
    expect(imageSources('/media/old/photo.png')).toBeNull();
    expect(imageSources(null)).toBeNull();
  });
});
