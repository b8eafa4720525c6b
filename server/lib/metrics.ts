import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { AppError } from './errors';
import { noteBusy } from './quiet-collector';

export interface MetricsOptions {
  db: Db;
  /** Bearer token /metrics asks for; unset: open outside production, closed (404) in production. */
  token?: string;
  production: boolean;
  /**
   * Jobs waiting per queue, read on each scrape. Plugged in by the background-jobs part once its queue
   * lives in PostgreSQL; the gauge `shop_job_queue_depth` is only published when this is given.
   */
  jobQueueDepth?: () => Promise<Record<string, number>>;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics at /metrics: requests by route and status, their latency, the process's own figures,
 * orders by status (one grouped count per scrape) and, when given, the job queues' depth. Each app has its
 * own registry, so several apps in one process (tests) do not collide.
 */
export interface Metrics {
  registry: Registry;
  /** Counts an answer given outside the host's routes (the quick path of cached pages), as the host counts its own. */
  record(labels: { method: string; route: string; status: string }, seconds: number): void;
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'shop_orders',
    help: 'Orders by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const result = await options.db.execute(sql`select ${orders.status} as status, count(*)::int as n from ${orders} group by ${orders.status}`);
      this.reset();
      for (const row of (result as { rows: { status: string; n: number }[] }).rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  if (options.jobQueueDepth) {
    const depth = options.jobQueueDepth;
    new Gauge({
      name: 'shop_job_queue_depth',
      help: 'Background jobs waiting, by queue.',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const queues = await depth();
        this.reset();
        for (const [queue, n] of Object.entries(queues)) this.set({ queue }, n);
      },
    });
  }

  const record: Metrics['record'] = (labels, seconds) => {
    noteBusy();
    requests.inc(labels);
    latency.observe(labels, seconds);
  };
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (never the raw URL: ids and slugs would make a series per product).
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    record({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!sameToken(given, options.token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthenticated', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.');
      }
    } else if (options.production) {
      throw new AppError('not_found', 'Metrics are off: set METRICS_TOKEN to serve them at /metrics.');
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
  return { registry, record };
}
