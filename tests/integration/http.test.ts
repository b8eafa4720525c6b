import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the HTTP host', () => {
  it('answers unknown API paths with the JSON error envelope, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing/' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: expect.stringMatching(/no such API endpoint/), code: 'not_found' });
    }
  });

  it('answers malformed JSON with a 400 sentence, not a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ detail: string; code: string }>();
    expect(body.code).toBe('invalid');
    expect(body.detail).toBe('The request body is not valid JSON.');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sets a request id and security headers on every answer', async () => {
    const res = await t.app.inject({ url: '/api/categories/', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    const generated = await t.app.inject({ url: '/api/categories/' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses large JSON answers when the client accepts it', async () => {
    const res = await t.app.inject({ url: '/api/categories/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends a large JSON read gzipped, the same bytes on every ask, and the whole answer in them', async () => {
    const ask = () => t.app.inject({ url: '/api/products/?limit=48', headers: { 'accept-encoding': 'gzip' } });
    const first = await ask();
    const second = await ask();
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const plain = await t.app.inject({ url: '/api/products/?limit=48' });
    expect(plain.body.length).toBeGreaterThan(16 * 1024);
    expect(gunzipSync(first.rawPayload).toString()).toBe(plain.body);
  });

  it('publishes its OpenAPI description', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/categories/');
  });
});
