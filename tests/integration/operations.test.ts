import http from 'node:http';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { shutDown } from '../../server/shutdown';
import { createTestApp, type TestApp } from '../support/app';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0001';

describe('Prometheus metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts requests by route pattern and status, times them, and shows orders by status', async () => {
    await t.app.inject({ url: '/api/products/' });
    await t.app.inject({ url: '/api/products/no-such-piece/' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body).toContain('http_requests_total{method="GET",route="/api/products/",status="200"} 1');
    // One series per route pattern, never per slug.
    expect(body).toContain('http_requests_total{method="GET",route="/api/products/:slug/",status="404"} 1');
    expect(body).not.toContain('no-such-piece');
    expect(body).toContain('http_request_duration_seconds_count{method="GET",route="/api/products/",status="200"} 1');
    expect(body).toContain('process_cpu_user_seconds_total');
    const rows = await t.database.db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
    expect(body).toContain('# TYPE shop_orders gauge');
    for (const row of rows) expect(body).toContain(`shop_orders{status="${row.status}"} ${row.n}`);
  });
});

describe('metrics behind a token', () => {
  it('with METRICS_TOKEN set, /metrics answers only to that bearer token', async () => {
    const t = await createTestApp({ METRICS_TOKEN });
    try {
      const without = await t.app.inject({ url: '/metrics' });
      expect(without.statusCode).toBe(401);
      expect(without.json()).toMatchObject({ code: 'unauthenticated', detail: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.' });
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-the-same-size!!!' } })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('in production without METRICS_TOKEN, /metrics is closed', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.in',
      RAZORPAY_KEY_ID: 'rzp_live_metricstest',
      RAZORPAY_KEY_SECRET: 'metrics-test-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'metrics-test-webhook-secret',
    });
    try {
      const res = await t.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ detail: string }>().detail).toBe('Metrics are off: set METRICS_TOKEN to serve them at /metrics.');
    } finally {
      await t.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('a request in flight when the shutdown starts is answered in full; new connections are refused; the pool is closed', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    // A log-in whose body is still on its way when the shutdown starts (a slow phone, a large upload).
    const body = JSON.stringify({ email: 'nobody@example.in', password: 'Not#The2026Password' });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/token/',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      request.on('error', reject);
    });
    const received = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
    request.write(body.slice(0, 10));
    await received;

    const stopping = shutDown(t.app, t.database, 30_000);
    // The listener is closed: a new visitor's connection is refused (the proxy tries another process).
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    request.end(body.slice(10));
    const res = await answered;
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'unauthenticated' });
    await stopping;
    await expect(t.database.db.execute(sql`select 1`)).rejects.toThrow();
    await t.close();
  });
});
