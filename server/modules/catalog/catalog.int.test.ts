import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';

const SPEC_SLUGS = [
  'sofas',
  'beds',
  'tables',
  'book-shelf',
  'cabinet',
  'dinning',
  'bar',
  'pooja',
  'tv-units',
  'wardrobe',
  'wall-panels',
  'paintings',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/categories/', () => {
  it('lists the twelve seeded categories in the spec order with their images', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json<{ slug: string; name: string; image: string | null; description: string; id: number }[]>();
    expect(body.map((c) => c.slug)).toEqual(SPEC_SLUGS);
    for (const c of body) {
      expect(c.image).toMatch(/^\/media\/categories\/.+-\d+x\d+\.jpg$/);
      expect(c.description.length).toBeGreaterThan(10);
      expect(Number.isInteger(c.id)).toBe(true);
    }
  });

  it('answers the same with and without the trailing slash', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/categories/' });
    const b = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
  });

  it('serves each category image and its responsive variants from /media/', async () => {
    const [first] = (await t.app.inject({ url: '/api/categories/' })).json<{ image: string }[]>();
    const image = await t.app.inject({ url: first!.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('immutable');
    for (const ext of ['webp', 'avif']) {
      const variant = await t.app.inject({ url: `${first!.image}.w320.${ext}` });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe(`image/${ext}`);
    }
  });
});
