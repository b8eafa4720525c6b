import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, HomeBanner, PromoBanner, Testimonial } from '../../contract/content';
import { blankPng } from '../support/image-bomb';
import { ADMIN, createAdminTestApp, file, form, HTML_AS_JPEG, jpeg, login, png, snapshot, type AdminTestApp } from './admin-support';

let t: AdminTestApp;
let auth: Record<string, string>;
let image: Buffer;

beforeAll(async () => {
  t = await createAdminTestApp();
  auth = await login(t, ADMIN);
  image = await jpeg(120, 80);
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: FormData | Record<string, unknown>) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

type ErrorBody = { detail: string; code: string; errors?: Record<string, string[]> };
async function refusedUnchanged(write: () => Promise<{ statusCode: number; body: string; json: <T>() => T }>, status: number): Promise<ErrorBody> {
  const before = await snapshot(t);
  const res = await write();
  expect(res.statusCode, res.body).toBe(status);
  expect(await snapshot(t)).toEqual(before);
  return res.json<ErrorBody>();
}
const big = () => Buffer.concat([image.subarray(0, 3), Buffer.alloc(5 * 1024 * 1024 + 1, 2)]);

describe('home banner', () => {
  it('replaces the banner and removes the newest again', async () => {
    const old = await get<HomeBanner>('/api/homebanner/');
    const res = await send('POST', '/api/homebanner/', form({ image: file(await png(300, 100), 'banner.png', 'image/png') }));
    expect(res.statusCode, res.body).toBe(201);
    const banner = res.json<HomeBanner>();
    expect(banner.image).toMatch(/^\/media\/banners\/[\w-]+-300x100\.jpg$/);
    expect(await get<HomeBanner>('/api/homebanner/')).toEqual(banner);
    expect((await send('DELETE', '/api/homebanner/')).statusCode).toBe(204);
    expect(await get<HomeBanner>('/api/homebanner/')).toEqual(old);
  });

  it('refuses a missing file, a renamed HTML page and an oversized file', async () => {
    expect((await refusedUnchanged(() => send('POST', '/api/homebanner/', form({})), 400)).errors).toEqual({ image: ['Image is required'] });
    const html = await refusedUnchanged(() => send('POST', '/api/homebanner/', form({ image: file(HTML_AS_JPEG, 'banner.jpg') })), 415);
    expect(html.errors?.image?.[0]).toBe('“banner.jpg” is not a JPEG, PNG or WebP image.');
    expect((await refusedUnchanged(() => send('POST', '/api/homebanner/', form({ image: file(big()) })), 413)).code).toBe('too_large');
    const huge = await refusedUnchanged(
      () => send('POST', '/api/homebanner/', form({ image: file(blankPng(16_000, 16_000), 'huge.png', 'image/png') })),
      413,
    );
    expect(huge.errors?.image?.[0]).toBe(
      '“huge.png” is 16,000 × 16,000 pixels, larger than the shop takes (50 megapixels, such as 8,000 × 6,000). Resize it and try again.',
    );
    const two = await refusedUnchanged(() => send('POST', '/api/homebanner/', form({ image: [file(image), file(image)] })), 413);
    expect(two.detail).toBe('Send at most 1 file at once.');
  });
});

describe('promo banners', () => {
  it('creates, edits (keeping images) and deletes a banner', async () => {
    const res = await send(
      'POST',
      '/api/banners/',
      form({
        title: 'Monsoon Sale',
        description: 'Teak loves the rain.',
        price_text: 'From Rs. 9,999',
        image_left: file(image),
        image_right: file(await png(), 'r.png', 'image/png'),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const banner = res.json<PromoBanner>();
    expect(await get<PromoBanner>('/api/latest/')).toEqual(banner);

    const edited = await send('PATCH', `/api/banners/${banner.id}/`, form({ title: 'Monsoon Sale!' }));
    expect(edited.json<PromoBanner>()).toEqual({ ...banner, title: 'Monsoon Sale!' });
    const newRight = await send('PATCH', `/api/banners/${banner.id}/`, form({ image_right: file(await png(90, 90), 'n.png', 'image/png') }));
    expect(newRight.json<PromoBanner>().image_left).toBe(banner.image_left);
    expect(newRight.json<PromoBanner>().image_right).not.toBe(banner.image_right);
    expect((await get<PromoBanner[]>('/api/banners/'))[0]!.title).toBe('Monsoon Sale!');

    expect((await send('DELETE', `/api/banners/${banner.id}/`)).statusCode).toBe(204);
    expect((await get<PromoBanner[]>('/api/banners/')).some((b) => b.id === banner.id)).toBe(false);
    expect((await send('DELETE', `/api/banners/${banner.id}/`)).statusCode).toBe(404);
  });

  it('refuses missing fields and images, and a renamed HTML file on edit', async () => {
    const missing = await refusedUnchanged(() => send('POST', '/api/banners/', form({ title: ' ', image_left: file(image) })), 400);
    expect(missing.errors).toEqual({
      title: ['Title is required'],
      description: ['Description is required'],
      price_text: ['Price text is required'],
      image_right: ['Right image is required'],
    });
    const [latest] = await get<PromoBanner[]>('/api/banners/');
    const html = await refusedUnchanged(
      () => send('PATCH', `/api/banners/${latest!.id}/`, form({ title: 'X', image_left: file(HTML_AS_JPEG) })),
      415,
    );
    expect(html.code).toBe('unsupported_media_type');
    expect(await get<PromoBanner>('/api/latest/')).toEqual(latest);
  });
});

describe('featured video', () => {
  it('replaces the video with a normalised watch URL and removes it', async () => {
    const res = await send('POST', '/api/latest-video/', { youtube_url: ' https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(await get('/api/latest-video/')).toEqual(res.json());
    const second = await send('POST', '/api/latest-video/', form({ youtube_url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa' }));
    expect(second.statusCode, second.body).toBe(201);
    expect(await get('/api/latest-video/')).toEqual(second.json());
    expect((await send('DELETE', '/api/latest-video/')).statusCode).toBe(204);
    expect(await get('/api/latest-video/')).toEqual({ youtube_url: null });
    expect((await send('DELETE', '/api/latest-video/')).statusCode).toBe(404);
  });

  it('takes a share link, a Shorts link and an embed link as the watch URL of their video', async () => {
    for (const url of [
      'https://youtu.be/dQw4w9WgXcQ?si=AbCdEfGh',
      'https://youtube.com/shorts/dQw4w9WgXcQ?feature=share',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      const res = await send('POST', '/api/latest-video/', { youtube_url: url });
      expect(res.statusCode, res.body).toBe(201);
      expect(await get('/api/latest-video/'), url).toMatchObject({ youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    }
  });

  it('refuses a URL that is not a YouTube video link', async () => {
    await send('POST', '/api/latest-video/', { youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const current = await get('/api/latest-video/');
    for (const url of [
      'https://vimeo.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/@teakwoodstudio',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/playlist?list=PL1234567890',
      'javascript:alert(1)//?v=dQw4w9WgXcQ',
    ]) {
      const body = await refusedUnchanged(() => send('POST', '/api/latest-video/', { youtube_url: url }), 400);
      expect(body.errors?.youtube_url?.[0], url).toMatch(/^Enter a link to a YouTube video/);
    }
    expect((await refusedUnchanged(() => send('POST', '/api/latest-video/', { youtube_url: '   ' }), 400)).errors).toEqual({
      youtube_url: ['YouTube URL is required'],
    });
    expect((await refusedUnchanged(() => send('POST', '/api/latest-video/', {}), 400)).errors).toEqual({ youtube_url: ['YouTube URL is required'] });
    expect(await get('/api/latest-video/')).toEqual(current);
  });
});

describe('testimonials', () => {
  it('creates with a default rating, edits keeping the image, deletes', async () => {
    const res = await send('POST', '/api/testimonials/', form({ text: 'Lovely bed.', name: 'Anu', image: file(image) }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Testimonial>();
    expect(created).toMatchObject({ title: '', text: 'Lovely bed.', name: 'Anu', rating: 5 });
    expect((await get<Testimonial[]>('/api/testimonials/'))[0]).toEqual(created);

    const put = await send('PUT', `/api/testimonials/${created.id}/`, form({ text: 'Lovely bed!', name: 'Anu R.', rating: '4' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Testimonial>()).toEqual({ ...created, text: 'Lovely bed!', name: 'Anu R.', rating: 4 });
    const patch = await send('PATCH', `/api/testimonials/${created.id}/`, { title: 'Happy' });
    expect(patch.json<Testimonial>()).toMatchObject({ title: 'Happy', rating: 4, image: created.image });

    expect((await send('DELETE', `/api/testimonials/${created.id}/`)).statusCode).toBe(204);
    expect((await get<Testimonial[]>('/api/testimonials/')).some((x) => x.id === created.id)).toBe(false);
  });

  it('refuses missing fields, an image-less create and ratings outside 1 to 5', async () => {
    const missing = await refusedUnchanged(() => send('POST', '/api/testimonials/', form({ rating: '5' })), 400);
    expect(missing.errors).toEqual({ text: ['Text is required'], name: ['Name is required'], image: ['Image is required'] });
    for (const rating of ['0', '6', '4.5', 'five']) {
      const body = await refusedUnchanged(() => send('POST', '/api/testimonials/', form({ text: 'x', name: 'y', rating, image: file(image) })), 400);
      expect(body.errors).toEqual({ rating: ['Rating must be a whole number from 1 to 5.'] });
    }
    const [first] = await get<Testimonial[]>('/api/testimonials/');
    const put = await refusedUnchanged(() => send('PUT', `/api/testimonials/${first!.id}/`, form({ rating: '3' })), 400);
    expect(put.errors).toEqual({ text: ['Text is required'], name: ['Name is required'] });
    expect((await refusedUnchanged(() => send('PATCH', `/api/testimonials/${first!.id}/`, form({ image: file(big()) })), 413)).code).toBe(
      'too_large',
    );
  });
});

describe('blogs', () => {
  it('creates, edits without a new image, replaces the image and deletes', async () => {
    const res = await send('POST', '/api/blogs/', form({ title: 'Caring for teak', content: 'Oil it <b>twice</b> a year.', image: file(image) }));
    expect(res.statusCode, res.body).toBe(201);
    const blog = res.json<Blog>();
    expect(blog.content).toBe('Oil it <b>twice</b> a year.');
    expect((await get<Blog[]>('/api/blogs/'))[0]).toEqual(blog);

    const edited = await send('PATCH', `/api/blogs/${blog.id}/`, form({ title: 'Caring for teak furniture' }));
    expect(edited.json<Blog>()).toEqual({ ...blog, title: 'Caring for teak furniture' });
    const newImage = await send('PATCH', `/api/blogs/${blog.id}/`, form({ image: file(await png(), 'new.png', 'image/png') }));
    expect(newImage.json<Blog>().image).not.toBe(blog.image);
    expect(await get<Blog>(`/api/blogs/${blog.id}/`)).toEqual(newImage.json());

    expect((await send('DELETE', `/api/blogs/${blog.id}/`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/blogs/${blog.id}/` })).statusCode).toBe(404);
  });

  it('refuses missing fields and images, and an empty title on edit', async () => {
    const missing = await refusedUnchanged(() => send('POST', '/api/blogs/', form({ content: 'x' })), 400);
    expect(missing.errors).toEqual({ title: ['Title is required'], image: ['Image is required'] });
    const html = await refusedUnchanged(
      () => send('POST', '/api/blogs/', form({ title: 't', content: 'c', image: file(HTML_AS_JPEG, 'x.webp', 'image/webp') })),
      415,
    );
    expect(html.detail).toBe('“x.webp” is not a JPEG, PNG or WebP image. Choose an image file.');
    const [first] = await get<Blog[]>('/api/blogs/');
    const empty = await refusedUnchanged(() => send('PATCH', `/api/blogs/${first!.id}/`, form({ title: '' })), 400);
    expect(empty.errors).toEqual({ title: ['Title is required'] });
    expect((await refusedUnchanged(() => send('PATCH', '/api/blogs/999999/', form({ title: 'x' })), 404)).code).toBe('not_found');
    const stray = await refusedUnchanged(() => send('POST', '/api/blogs/', form({ title: 't', content: 'c', attachment: file(image) })), 400);
    expect(stray.errors?.attachment).toEqual(['This form takes files only in: image.']);
  });
});
