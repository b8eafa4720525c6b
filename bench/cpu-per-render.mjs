#!/usr/bin/env node
// CPU per render on a miss (issue "Cheap when nothing is kept", decision 0058): the shop process's own CPU, read
// from /metrics (`process_cpu_seconds_total`), over 40 different pages of one kind asked once each, one at a time,
// as a visitor without cookies asks for them (`accept-encoding: br, gzip`), until the process is quiet again, so
// that the work each request starts in the background (compressing the kept copies) is counted with it.
// What the process spends with nothing asked (its timers, the job queue's polling, the scrapes themselves) is
// measured first and taken off.
//
// Used by `npm run bench` (bench/run.mjs); alone against a running shop whose METRICS_TOKEN is known:
//   node bench/cpu-per-render.mjs --base http://127.0.0.1:3000 --token <METRICS_TOKEN> [--only product,home]
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

/** The process's CPU so far, in ms (user and system), from its /metrics. */
async function cpuMs(base, token) {
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
async function idleRate(base, token) {
  const rates = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const c0 = await cpuMs(base, token);
    await pause(1000);
    const c1 = await cpuMs(base, token);
    rates.push((c1 - c0) / (performance.now() - t0));
  }
  return rates.sort((a, b) => a - b)[1];
}

/**
 * Asks for each URL once, one after the other, then waits until the process spends no more than it does idle
 * (its background compression done); the CPU per URL above the idle rate.
 */
async function cpuPer(base, token, urls, idle, ask = (url) => get(base + url, { 'accept-encoding': 'br, gzip' })) {
  const t0 = performance.now();
  const c0 = await cpuMs(base, token);
  for (const url of urls) {
    const answer = await ask(url);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  }
  // Quiet again: two readings 200 ms apart that differ by little more than the idle rate.
  let last = await cpuMs(base, token);
  for (let i = 0; i < 50; i++) {
    await pause(200);
    const now = await cpuMs(base, token);
    const spent = now - last;
    last = now;
    if (spent <= idle * 200 + 4) break;
  }
  const wall = performance.now() - t0;
  return Math.max(0, last - c0 - idle * wall) / urls.length;
}

/**
 * The rows: each page kind on a miss (asked once; the miss makes the kept copy in the encoding asked for), then
 * the same pages asked a second time (answered from that copy; see server/page/kept-pages.ts), per page.
 */
export async function measureCpuPerRender(base, token, { only } = {}) {
  const json = async (p) => JSON.parse((await get(base + p, {})).body.toString('utf8'));
  const products = (await json('/api/products/?limit=200')).map((p) => p.slug);
  const categories = (await json('/api/categories/')).map((c) => c.slug);
  const subcategories = (await json('/api/subcategories/')).map((s) => s.slug);
  // Each kind's 40 pages: 40 different products; the shop has fewer categories and subcategories than that, so
  // those (and the one home page) are asked under distinct query strings, each a page the cache has not kept.
  const run = `${Date.now().toString(36)}`;
  const kinds = [
    ['product', (i) => `/product/${products[i % products.length]}${i >= products.length ? `?v=${run}${i}` : ''}`],
    ['category', (i) => `/Category/${categories[i % categories.length]}?v=${run}${i}`],
    ['listing', (i) => `/Subcategory?subcategory=${subcategories[i % subcategories.length]}&v=${run}${i}`],
    ['home', (i) => `/?v=${run}${i}`],
  ].filter(([kind]) => !only || only.includes(kind));
  const idle = await idleRate(base, token);
  const rows = {};
  for (const [kind, urlOf] of kinds) {
    // Warmed up first on other pages of the kind (the last products, other query strings), so that the figures
    // are those of a process that has compiled its code, as a shop that has served a while has.
    for (let i = 0; i < 8; i++)
      await get(
        base +
          urlOf(products.length - 1 - i)
            .replace('?v=', '?w=')
            .replace('&v=', '&w='),
        { 'accept-encoding': 'br, gzip' },
      );
    const urls = Array.from({ length: PAGES }, (_, i) => urlOf(i));
    const miss = await cpuPer(base, token, urls, idle);
    const second = await cpuPer(base, token, urls, idle);
    rows[kind] = { missMs: +miss.toFixed(1), secondAskMs: +second.toFixed(1), pages: PAGES, example: urls[0] };
  }
  return { idleMsPerSecond: +(idle * 1000).toFixed(1), rows };
}

export const GOALS_MS = { product: 12, category: 8, listing: 8, home: 15 };

export function printCpuRows(result) {
  console.log(`\n| CPU per render on a miss | Example | Miss (ms) | Goal | Second ask, kept copies made (ms) |`);
  console.log('|---|---|---|---|---|');
  for (const [kind, r] of Object.entries(result.rows)) {
    const goal = GOALS_MS[kind];
    console.log(`| ${kind} | ${r.example} | ${r.missMs} | ${r.missMs <= goal ? 'met' : 'NOT met'} (≤ ${goal}) | ${r.secondAskMs} |`);
  }
  console.log(`(the process idle: ${result.idleMsPerSecond} ms of CPU a second, taken off)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const arg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const result = await measureCpuPerRender(arg('--base') ?? 'http://127.0.0.1:3000', arg('--token'), { only: arg('--only')?.split(',') });
  printCpuRows(result);
}
