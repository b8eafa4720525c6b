#!/usr/bin/env node
// `npm run bench:buyer [-- --buyers 20] [-- --pg]`: the CPU one buyer costs the shop (issue "Cheap when nothing is
// kept", decision 0058), on PGlite (or, with --pg, on a throwaway PostgreSQL cluster and one shop process), through
// the compiled server in production mode and a fake Razorpay on 127.0.0.1.
// Every buyer signs up, logs in and fills a cart first; then, one buyer at a time: create_order, the payment at
// the fake provider, verify_payment, and the provider's webhook for the same payment. The process's CPU is read from
// /proc around each step (what it spends idle taken off; `--metrics` reads its /metrics instead, as it did). Then, before the next buyer, the
// work those steps started in the background (the paid order's mails and invoice) is let finish and counted apart,
// so that it is not counted in the next buyer's steps.
// Needs the built web app and server (`npm run build`). Not part of `npm test`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuSource, processTreeCpuMs } from './proc-cpu.mjs';
import { startFakeRazorpay } from '../tests/support/fake-razorpay.ts';
import { startPgCluster } from '../tests/support/pg-cluster.ts';
import { startShop } from '../tests/support/server-process.ts';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const BUYERS = arg('buyers', 20);
const METRICS_TOKEN = 'bench-buyer-metrics-token-0123456789';
const PUBLIC_URL = 'http://shop.bench.local';
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

const onPostgres = process.argv.includes('--pg');
const cluster = onPostgres ? await startPgCluster() : null;
/**
 * PostgreSQL's own CPU in ms (its server, every backend and background process, read from /proc like the shop's;
 * backends that ended are counted from the server's clock ticks of its ended children). Zero on PGlite, whose work
 * is the shop's.
 */
function databaseCpuMs() {
  if (!cluster) return 0;
  const postmaster = Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stat = readFileSync(`/proc/${postmaster}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime (16th and 17th fields), in ticks of 10 ms: USER_HZ is 100 on Linux.
  return processTreeCpuMs(postmaster) + (Number(fields[13]) + Number(fields[14])) * 10;
}
/** `--cpu-prof <dir>`: the shop's process writes a CPU profile there when it stops (open it in Chrome's DevTools). */
const cpuProfile = process.argv.includes('--cpu-prof') ? path.resolve(process.argv[process.argv.indexOf('--cpu-prof') + 1]) : null;
const fake = await startFakeRazorpay();
const shop = await startShop({
  compiled: true,
  execArgv: cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfile}`] : [],
  env: {
    NODE_ENV: 'production',
    SEED: 'true',
    JWT_SECRET: 'bench-buyer-secret-0123456789abcdef0123456789',
    PUBLIC_URL,
    TRUST_PROXY: 'true',
    SHOP_EMAIL: 'studio@example.in',
    METRICS_TOKEN,
    RAZORPAY_ALLOW_TEST_KEYS: 'true',
    ...(cluster ? { DATABASE_URL: cluster.url, WEB_CONCURRENCY: '1' } : {}),
    ...fake.env,
  },
});
const base = shop.baseUrl;

// The shop's CPU (its process and any under it), read from /proc: asking its /metrics around each step cost the shop
// a scrape of its own, a few ms carried by every step's figure (decision 0058). `--metrics` reads it that way still.
const byScrape = process.argv.includes('--metrics');
async function cpuMs() {
  if (!byScrape) return processTreeCpuMs(shop.child.pid);
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^process_cpu_seconds_total (\S+)/m.exec(text)[1]) * 1000;
}
/** CPU per ms of wall time of the process left alone (its timers, the job queue's polling, the scrapes). */
async function idleRate() {
  const t0 = performance.now();
  const c0 = await cpuMs();
  await pause(3000);
  return ((await cpuMs()) - c0) / (performance.now() - t0);
}

try {
  // Each buyer from an address of her own: sign-up and log-in are limited per address.
  const post = (url, body, headers = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const pieces = (await (await fetch(`${base}/api/products/?limit=40&in_stock=true`)).json()).filter((p) => p.in_stock);
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const from = { 'x-forwarded-for': `10.58.${Math.floor(i / 250)}.${(i % 250) + 1}` };
    const email = `buyer${i}-${Date.now()}@example.in`;
    const password = 'Teak#Bench2026!';
    const registered = await post('/api/user/register/', { username: `buyer${i}x${Date.now()}`, email, password, password2: password }, from);
    if (registered.status !== 201) throw new Error(`sign-up answered ${registered.status}: ${await registered.text()}`);
    const { access } = await (await post('/api/token/', { email, password }, from)).json();
    const headers = { ...from, authorization: `Bearer ${access}` };
    const code = `buyer${String(i).padStart(7, '0')}`;
    const piece = pieces[i % pieces.length];
    const added = await post('/api/add_item/', { cart_code: code, product_id: piece.id, quantity: 1, finish: piece.finishes?.[0] ?? '' }, headers);
    if (added.status !== 201) throw new Error(`add_item answered ${added.status}: ${await added.text()}`);
    buyers.push({ headers, code });
  }
  const address = {
    first_name: 'Ananya',
    last_name: 'Rao',
    email: 'ananya@example.in',
    phone: '+919876543210',
    address_line1: '12 Temple Street',
    city: 'Chennai',
    state: 'Tamil Nadu',
    postal_code: '600004',
  };
  await pause(2000);
  const idle = await idleRate();
  const spent = { create_order: 0, verify_payment: 0, webhook: 0 };
  // A request that does nothing (no query), measured the same way: what a step costs before any of its own work
  // (the HTTP request, fastify, and the reading of /metrics around it).
  const bare = { ms: 0, statuses: [] };
  let background = 0;
  /** The CPU of the work left running (the mails' job, woken half a second after the payment): until quiet. */
  const settle = async () => {
    const t = performance.now();
    const c = await cpuMs();
    await pause(1000);
    let last = await cpuMs();
    for (let i = 0; i < 40; i++) {
      await pause(250);
      const now = await cpuMs();
      const quiet = now - last <= idle * 250 + 3;
      last = now;
      if (quiet) break;
    }
    background += last - c - idle * (performance.now() - t);
  };
  const statuses = { create_order: [], verify_payment: [], webhook: [] };
  const spentDb = { create_order: 0, verify_payment: 0, webhook: 0 };
  const t0 = performance.now();
  const c0 = await cpuMs();
  const step = async (name, call) => {
    const t = performance.now();
    const c = await cpuMs();
    const d = databaseCpuMs();
    const res = await call();
    const body = await res.text();
    spent[name] += (await cpuMs()) - c - idle * (performance.now() - t);
    spentDb[name] += databaseCpuMs() - d;
    statuses[name].push(res.status);
    return { status: res.status, body };
  };
  for (const b of buyers) {
    const created = await step('create_order', () => post('/api/create_order/', { cart_code: b.code }, b.headers));
    if (created.status !== 200) throw new Error(`create_order answered ${created.status}: ${created.body}`);
    const paid = fake.pay(JSON.parse(created.body).order_id);
    await step('verify_payment', () => post('/api/verify_payment/', { cart_code: b.code, ...paid.response, address }, b.headers));
    const delivery = fake.webhook('payment.captured', paid.payment);
    await step('webhook', () => fetch(`${base}/api/payments/razorpay/webhook/`, { method: 'POST', headers: delivery.headers, body: delivery.body }));
    await settle();
    const t = performance.now();
    const c = await cpuMs();
    const res = await fetch(`${base}/api/health`);
    await res.text();
    bare.ms += (await cpuMs()) - c - idle * (performance.now() - t);
    bare.statuses.push(res.status);
  }
  // The work the steps started (the paid order's mails, its invoice): until the process is quiet again.
  let last = await cpuMs();
  for (let i = 0; i < 150; i++) {
    await pause(400);
    const now = await cpuMs();
    const quiet = now - last <= idle * 400 + 4;
    last = now;
    if (quiet) break;
  }
  const total = last - c0 - idle * (performance.now() - t0);
  const per = (ms) => (ms / BUYERS).toFixed(1);
  const count = (list) => JSON.stringify(list.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}));
  console.log(`\n| CPU per buyer (${BUYERS} buyers, one at a time, ${cluster ? 'PostgreSQL, one shop process' : 'PGlite'}) | ms | answers |`);
  console.log('|---|---|---|');
  for (const name of Object.keys(spent)) console.log(`| ${name} | ${per(spent[name])} | ${count(statuses[name])} |`);
  if (cluster)
    console.log(
      `| PostgreSQL's own CPU in those steps (not in the rows above) | ${Object.entries(spentDb)
        .map(([name, ms]) => `${name} ${per(ms)}`)
        .join(', ')} | |`,
    );
  const steps = spent.create_order + spent.verify_payment + spent.webhook;
  console.log(`| the three steps | ${per(steps)} | goal ≤ 50: ${steps / BUYERS <= 50 ? 'met' : 'NOT met'} |`);
  if (cluster) {
    const withDb = steps + spentDb.create_order + spentDb.verify_payment + spentDb.webhook;
    console.log(`| the three steps with PostgreSQL's own | ${per(withDb)} | goal ≤ 50: ${withDb / BUYERS <= 50 ? 'met' : 'NOT met'} |`);
  }
  console.log(`| a request that does nothing (GET /api/health), measured the same way | ${per(bare.ms)} | ${count(bare.statuses)} |`);
  console.log(`| the work they start in the background (mails, invoice), before the next buyer | ${per(background)} | |`);
  console.log(`| all of it, from the first step to the last quiet | ${per(total)} | |`);
  console.log(
    `(the process idle: ${(idle * 1000).toFixed(1)} ms of CPU a second, taken off; the shop's CPU read ${byScrape ? 'from its /metrics, the scrapes included' : `from /proc (${cpuSource()})`})`,
  );
} finally {
  await shop.stop();
  await fake.close();
  cluster?.destroy();
}
process.exit(0);
