#!/usr/bin/env node
// CPU per render on a miss (issue "Cheap when nothing is kept", decisions 0058 and 0063): the shop's own CPU, read
// from /proc by `npm run bench` (every thread of its processes, bench/proc-cpu.mjs) or, run alone against a shop,
// from its /metrics (`process_cpu_seconds_total`), over 40 different pages of one kind asked once each, one at a time,
// as a visitor without cookies asks for them (`accept-encoding: br, gzip`), until the process is quiet again, so
// that the work each request starts in the background (compressing the kept copies) is counted with it.
// What the process spends with nothing asked (its timers, the job queue's polling, the scrapes themselves) is
// measured first and taken off.
//
// Used by `npm run bench` (bench/run.mjs); alone against a running shop whose METRICS_TOKEN is known:
//   node bench/cpu-per-render.mjs --base http://127.0.0.1:3000 --token <METRICS_TOKEN> [--only product,home] [--warm-up 150]
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PAGES = 40;

function get(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The process's CPU so far, in ms (user and system), from its /metrics (the one process that answered). */
async function metricsCpuMs(base, token) {
  const { status, body } = await get(`${base}/metrics`, { authorization: `Bearer ${token}` });
  if (status !== 200) throw new Error(`/metrics answered ${status}`);
  const line = body
    .toString('utf8')
    .split('\n')
    .find((l) => l.startsWith('process_cpu_seconds_total '));
  return Number(line.split(' ')[1]) * 1000;
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU a quiet process spends per ms of wall time, scrapes included: read over a few seconds. */
async function idleRate(cpuMs) {
  const rates = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const c0 = await cpuMs();
    await pause(1000);
    const c1 = await cpuMs();
    rates.push((c1 - c0) / (performance.now() - t0));
  }
  return rates.sort((a, b) => a - b)[1];
}

/**
 * Asks for each URL once, one after the other, then waits until the process spends no more than it does idle
 * (its background compression done); the CPU per URL above the idle rate.
 */
async function cpuPer(base, cpuMs, urls, idle, ask = (url) => get(base + url, { 'accept-encoding': 'br, gzip' })) {
  const t0 = performance.now();
  const c0 = await cpuMs();
  for (const url of urls) {
    const answer = await ask(url);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  }
  // Quiet again: two readings 200 ms apart that differ by little more than the idle rate.
  let last = await cpuMs();
  for (let i = 0; i < 50; i++) {
    await pause(200);
    const now = await cpuMs();
    const spent = now - last;
    last = now;
    if (spent <= idle * 200 + 4) break;
  }
  const wall = performance.now() - t0;
  return Math.max(0, last - c0 - idle * wall) / urls.length;
}

/**
 * The rows, for each page kind:
 * - first pages after start: the first COLD pages of the kind the process is asked for, before any warm-up (V8
 *   has not optimised the render's code yet; a process that has just started, or restarted, pays this);
 * - a warm process: after `warmUp` other pages of the kind, not counted (a shop's worker lives for days), 40
 *   different pages on a miss, each asked once; then the same 40 asked a second time (answered from the copy the
 *   miss kept; see server/page/kept-pages.ts), per page.
 * Every product page counted is a product read for the first time: the pages of the warm-up are other products'
 * (asked under query strings when there are fewer than they), and the cold row's products are others again. The
 * shop has fewer categories and subcategories than pages, so those (and the one home page) are asked under
 * distinct query strings, each a page the cache has not kept.
 */
export const COLD = 10;
export const WARM_UP = 150;

export async function measureCpuPerRender(base, token, { only, warmUp = WARM_UP, cpuMs = () => metricsCpuMs(base, token) } = {}) {
  const json = async (p) => JSON.parse((await get(base + p, {})).body.toString('utf8'));
  const products = (await json('/api/products/?limit=200')).map((p) => p.slug);
  const categories = (await json('/api/categories/')).map((c) => c.slug);
  const subcategories = (await json('/api/subcategories/')).map((s) => s.slug);
  const run = `${Date.now().toString(36)}`;
  // The products in three parts: the cold row's first, the warm-up's next, the warm row's 40 last. A shop with
  // fewer than COLD + 1 + 40 products shares them, under query strings, and its product rows say so.
  const enough = products.length >= COLD + 1 + PAGES;
  const cold = (i) => products[i % products.length];
  const measured = (i) => (enough ? products[products.length - PAGES + i] : products[i % products.length]);
  const warming = (i) => (enough ? products[COLD + (i % (products.length - PAGES - COLD))] : products[i % products.length]);
  const kinds = [
    [
      'product',
      {
        cold: (i) => `/product/${cold(i)}${enough ? '' : `?c=${run}${i}`}`,
        warm: (i) => `/product/${warming(i)}?w=${run}${i}`,
        url: (i) => `/product/${measured(i)}${enough ? '' : `?v=${run}${i}`}`,
      },
    ],
    ['category', (tag, i) => `/Category/${categories[i % categories.length]}?${tag}=${run}${i}`],
    ['listing', (tag, i) => `/Subcategory?subcategory=${subcategories[i % subcategories.length]}&${tag}=${run}${i}`],
    ['home', (tag, i) => `/?${tag}=${run}${i}`],
  ]
    .filter(([kind]) => !only || only.includes(kind))
    .map(([kind, urls]) =>
      typeof urls === 'function' ? [kind, { cold: (i) => urls('c', i), warm: (i) => urls('w', i), url: (i) => urls('v', i) }] : [kind, urls],
    );
  const idle = await idleRate(cpuMs);
  const rows = {};
  // The first pages after start, every kind before any is warmed up: a restarted process as its first visitors find it.
  for (const [kind, urls] of kinds) {
    rows[kind] = {
      firstMs: +(
        await cpuPer(
          base,
          cpuMs,
          Array.from({ length: COLD }, (_, i) => urls.cold(i)),
          idle,
        )
      ).toFixed(1),
    };
  }
  for (const [kind, urls] of kinds) {
    for (let i = 0; i < warmUp; i++) {
      const answer = await get(base + urls.warm(i), { 'accept-encoding': 'br, gzip' });
      if (answer.status !== 200) throw new Error(`${urls.warm(i)} answered ${answer.status}`);
    }
    const list = Array.from({ length: PAGES }, (_, i) => urls.url(i));
    const miss = await cpuPer(base, cpuMs, list, idle);
    const second = await cpuPer(base, cpuMs, list, idle);
    Object.assign(rows[kind], {
      missMs: +miss.toFixed(1),
      secondAskMs: +second.toFixed(1),
      pages: PAGES,
      example: list[0],
      firstPages: COLD,
      warmUp,
      ...(kind === 'product' ? { firstReads: enough } : {}),
    });
  }
  return { idleMsPerSecond: +(idle * 1000).toFixed(1), warmUp, rows };
}

export const GOALS_MS = { product: 12, category: 8, listing: 8, home: 15 };

export function printCpuRows(result) {
  console.log(
    `\n| CPU per render on a miss, warm (after ${result.warmUp} other pages a kind) | Example | Miss (ms) | Goal | Second ask, kept copy (ms) | First ${COLD} pages after start (ms) |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const [kind, r] of Object.entries(result.rows)) {
    const goal = GOALS_MS[kind];
    const reads = r.firstReads === false ? ' (products read before: the shop has too few)' : '';
    console.log(
      `| ${kind}${reads} | ${r.example} | ${r.missMs} | ${r.missMs <= goal ? 'met' : 'NOT met'} (≤ ${goal}) | ${r.secondAskMs} | ${r.firstMs} |`,
    );
  }
  console.log(
    `(${PAGES} pages a kind, each asked once; every product page a product read for the first time; the shop's processes idle: ${result.idleMsPerSecond} ms of CPU a second, taken off; PostgreSQL's own processes not counted)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const arg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const result = await measureCpuPerRender(arg('--base') ?? 'http://127.0.0.1:3000', arg('--token'), {
    only: arg('--only')?.split(','),
    warmUp: Number(arg('--warm-up') ?? WARM_UP),
  });
  printCpuRows(result);
}
