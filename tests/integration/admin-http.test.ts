import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createAdminTestApp, form, jpeg, login, snapshot, type AdminTestApp } from './admin-support';

/** Uploads over a real socket: the size cap answers while the body is still streaming. */
describe('uploads over HTTP', () => {
  let t: AdminTestApp;
  let base: string;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createAdminTestApp();
    auth = await login(t, ADMIN);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('answers 413 with the envelope for an oversized image and stores nothing', async () => {
    const start = await jpeg();
    const big = Buffer.concat([start.subarray(0, 3), Buffer.alloc(20 * 1024 * 1024, 3)]);
    const before = await snapshot(t);
    const res = await fetch(`${base}/api/homebanner/`, {
      method: 'POST',
      headers: auth,
      body: form({ image: { bytes: big, filename: 'huge.jpg' } }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'Each file must be at most 5 MB. Choose a smaller file.', code: 'too_large' });
    expect(await snapshot(t)).toEqual(before);
  });

  it('publishes an OpenAPI description of the admin calls', async () => {
    const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    };
    for (const [path, method] of [
      ['/api/products/', 'post'],
      ['/api/products/{slug}/', 'patch'],
      ['/api/categories/{slug}/', 'delete'],
      ['/api/latest-video/', 'post'],
      ['/api/admin/overview/', 'get'],
      ['/api/admin/products/import/', 'post'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, `${method} ${path}`).toMatch(/\S/);
      expect(op?.security).toEqual([{ bearer: [] }]);
    }
  });
});
