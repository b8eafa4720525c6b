import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, PromoBanner, Testimonial } from '../../contract/content';
import type { Category } from '../../contract/catalog';
import { createTestApp } from '../support/app';
import { ADMIN, createAdminTestApp, CUSTOMER, login, nextAddress, type AdminTestApp } from './admin-support';

/** What the HTTP edge refuses before any handler runs, and how it says so. */

let t: AdminTestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createAdminTestApp();
  admin = await login(t, ADMIN);
});
afterAll(() => t.close());

const sentence = (body: string) => JSON.parse(body) as { detail: string; code: string; errors?: Record<string, string[]> };

describe('malformed input gets a 4xx with a sentence, never a 5xx', () => {
  it('a NUL in a search is refused with a sentence', async () => {
    const res = await t.app.inject({ url: '/api/products/?search=teak%00' });
    expect(res.statusCode).toBe(400);
    expect(sentence(res.body)).toMatchObject({ code: 'invalid', detail: expect.stringMatching(/^search: .*control character \(such as NUL\)/) });
  });

  it('a NUL or another control character in a log-in e-mail is refused with a sentence', async () => {
    for (const email of ['priya\u0000@example.com', 'priya@example.com\u0007']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: 'x' }, remoteAddress: nextAddress() });
      expect(res.statusCode, email).toBe(400);
      expect(sentence(res.body).errors).toEqual({ email: [expect.stringMatching(/control character/)] });
    }
  });

  it('a NUL in a path or in a JSON key is refused, while text keeps its tabs and line breaks', async () => {
    expect((await t.app.inject({ url: '/api/products/teak%00bed/' })).statusCode).toBe(400);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      payload: { 'user_email\u0000': 'a@b.in', user_message: 'hi' },
      remoteAddress: nextAddress(),
    });
    expect(key.statusCode).toBe(400);
    const blogs = (await t.app.inject({ url: '/api/blogs/' })).json<Blog[]>();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/blogs/${blogs[0]!.id}/`,
      headers: admin,
      payload: { content: 'First line.\n\tIndented second line.\r\nThird.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Blog>().content).toBe('First line.\n\tIndented second line.\r\nThird.');
  });

  it('a NUL in a multipart field is refused with a sentence, and nothing changes', async () => {
    const [category] = (await t.app.inject({ url: '/api/categories/' })).json<Category[]>();
    const boundary = 'teakboundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nnew\u0000text\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/categories/${category!.slug}/`,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(sentence(res.body).errors).toEqual({ description: [expect.stringMatching(/control character/)] });
    const after = (await t.app.inject({ url: '/api/categories/' })).json<Category[]>()[0]!;
    expect(after.description).toBe(category!.description);
  });

  it('a multipart form without a boundary is refused with a sentence', async () => {
    const [category] = (await t.app.inject({ url: '/api/categories/' })).json<Category[]>();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/categories/${category!.slug}/`,
      headers: { ...admin, 'content-type': 'multipart/form-data' },
      payload: 'name=Beds',
    });
    expect(res.statusCode).toBe(400);
    expect(sentence(res.body).detail).toMatch(/boundary/);
  });

  it('a multipart form cut short is refused with a sentence', async () => {
    const [category] = (await t.app.inject({ url: '/api/categories/' })).json<Category[]>();
    const boundary = 'teakboundary';
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/categories/${category!.slug}/`,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nhalf a desc`,
    });
    expect(res.statusCode).toBe(400);
    expect(sentence(res.body).detail).toMatch(/cut short or malformed/);
    expect((await t.app.inject({ url: '/api/categories/' })).json<Category[]>()[0]!.description).toBe(category!.description);
  });

  it('an edit that changes nothing is told what it can send', async () => {
    const [banner] = (await t.app.inject({ url: '/api/banners/' })).json<PromoBanner[]>();
    for (const payload of [{}, { titel: 'Typo' }]) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/banners/${banner!.id}/`, headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(sentence(res.body).detail).toBe('Nothing to change: send at least one of title, description, price_text, image_left, image_right.');
    }
    const [testimonial] = (await t.app.inject({ url: '/api/testimonials/' })).json<Testimonial[]>();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/testimonials/${testimonial!.id}/`, headers: admin, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(sentence(res.body).detail).toMatch(/^Nothing to change: send at least one of title, text, name, rating, image\.$/);
  });
});

describe('JSON calls take JSON', () => {
  it('a JSON call answers 415 with a sentence to another content type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        headers: { 'content-type': type },
        payload: 'email=priya@example.com&password=x',
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, type).toBe(415);
      expect(sentence(res.body)).toMatchObject({
        code: 'unsupported_media_type',
        detail: expect.stringMatching(/Send the body as application\/json/),
      });
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(CUSTOMER),
      remoteAddress: nextAddress(),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('admin calls check who is calling before anything else', () => {
  const adminOperations = () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
    return Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-access'] === 'superuser')
        .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
  };
  // Input that every admin call would refuse with a 400 naming its valid values, had it been read first.
  const junk = (path: string, method: string) => ({
    method: method as 'POST',
    url: `${path.replace(/\{[^}]+\}/g, 'not-an-id')}?status=nonsense&kind=nonsense&limit=-5`,
    headers: { 'content-type': 'application/json' },
    payload: method === 'GET' || method === 'HEAD' ? undefined : '{"status":"nonsense","price":"free","quantity":-1}',
  });

  it('an anonymous caller of an admin route gets 401 before any validation, and a customer 403', async () => {
    const customer = await login(t, CUSTOMER);
    const operations = adminOperations();
    // Every call under /api/admin/ is marked, and the catalogue and content writes with them.
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const adminPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/'));
    for (const p of adminPaths)
      expect(
        operations.some((o) => o.path === p),
        p,
      ).toBe(true);
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, method } of operations) {
      const anonymous = await t.app.inject(junk(path, method));
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const asCustomer = await t.app.inject({ ...junk(path, method), headers: { ...junk(path, method).headers, ...customer } });
      expect(asCustomer.statusCode, `${method} ${path}`).toBe(403);
      expect(asCustomer.json<{ detail: string }>().detail).toBe('Only the shop’s administrators can do this.');
    }
  });
});

describe('unknown fields where money, quantities or statuses are at stake', () => {
  it('a misspelt quantity is refused with a sentence naming the field, and the spec client’s fields stay accepted', async () => {
    const [product] = (await t.app.inject({ url: '/api/products/?in_stock=true&limit=1' })).json<{ id: number }[]>();
    const code = 'Fuzzy12345';
    const refused = await t.app.inject({ method: 'POST', url: '/api/add_item/', payload: { cart_code: code, product_id: product!.id, quantiy: 3 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toBe('Unknown field: quantiy. This call takes cart_code, product_id, quantity, finish.');
    expect((await t.app.inject({ url: `/api/get_cart/?cart_code=${code}` })).statusCode).toBe(404);

    const added = await t.app.inject({ method: 'POST', url: '/api/add_item/', payload: { cart_code: code, product_id: product!.id } });
    expect(added.statusCode, added.body).toBe(201);
    const itemId = added.json<{ data: { id: number } }>().data.id;
    const typo = await t.app.inject({
      method: 'PATCH',
      url: '/api/update_quantity/',
      payload: { item_id: itemId, qty: 2, quantity: 1, cart_code: code },
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json<{ detail: string }>().detail).toMatch(/^Unknown field: qty\./);
  });

  it('an order status change with an unknown field is refused, and a product form with a misspelt price too', async () => {
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/1/status/',
      headers: admin,
      payload: { status: 'shipped', tracking: 'X1' },
    });
    expect(status.statusCode).toBe(400);
    expect(status.json<{ detail: string }>().detail).toMatch(/^Unknown field: tracking\. This call takes status, /);
    const [product] = (await t.app.inject({ url: '/api/products/?limit=1' })).json<{ slug: string; price: number }[]>();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/products/${product!.slug}/`, headers: admin, payload: { prise: '10' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/Unknown field: prise\./);
    const after = (await t.app.inject({ url: `/api/products/${product!.slug}/` })).json<{ price: number }>();
    expect(after.price).toBe(product!.price);
  });
});

it('with API_DOCS=false (the production default) the API description is not served', async () => {
  const hidden = await createTestApp({ API_DOCS: 'false' });
  try {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await hidden.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('not_found');
    }
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
  } finally {
    await hidden.close();
  }
});

it('links in API answers use PUBLIC_URL, never a forged Host header', async () => {
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  const reads = Object.entries(doc.paths).filter(([path, ops]) => 'get' in ops && !path.includes('{') && !path.startsWith('/api/docs'));
  expect(reads.length).toBeGreaterThan(15);
  for (const [path] of reads) {
    for (const headers of [{ host: 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' }]) {
      const res = await t.app.inject({ url: `${path}?page=1`, headers: { ...headers, ...admin } });
      expect(res.body, path).not.toMatch(/evil\.example|gopher:/);
    }
  }
  const page = (await t.app.inject({ url: '/api/RTShip/?page=1', headers: { host: 'evil.example' } })).json<{ next: string | null }>();
  expect(page.next).toBe(`${t.config.publicUrl}/api/RTShip/?page=2`);
});
