#!/usr/bin/env node
// Performance figures for the shop, measured against a real built server on 127.0.0.1:
//   1. JavaScript shipped on the first load of the home page (gzip);
//   2. load with autocannon, 50 connections, `accept-encoding: br, gzip` (home, a product, a category listing,
//      /shop and the product list JSON), each against its limit: the very same bytes (the shop's compressed
//      answer, fetched once) served from memory by a plain node:http server in its own process;
//   3. Lighthouse, mobile preset, Debian Chromium, median of 5 runs (home, a category listing, a product).
// Usage: npm run bench [-- --skip-lighthouse] [-- --duration 10] [-- --database-url postgres://…]
//        [-- --only home,product] (some of: home, product, category, shop, search, product list JSON, and the
//        same pages signed in: "home (signed in)", … "cart (signed in)")
//        [-- --skip-load] (Lighthouse only) [-- --runs 5] (Lighthouse runs per page) [-- --cpu-prof <dir>]
//        [-- --only cpu] (only the CPU per render on a miss, bench/cpu-per-render.mjs; or some of "cpu product",
//        "cpu category", "cpu listing", "cpu home") [-- --warm-up 150] (uncounted pages a kind before the CPU's warm
//        rows) [-- --skip-cpu] [-- --skip-build] (the build already made)
//        [-- --only buyer] (only the CPU per buyer, bench/cpu-per-buyer.mjs, run last) [-- --skip-buyer]
//   0. CPU per render on a miss (decision 0058): the shop's own CPU per page of each kind, asked once each;
//      runs first, on a process that has answered nothing but the bench's set-up.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const args = process.argv.slice(2);

// The limit's server (run by this script in a child process): answers each path with the bytes and headers
// kept in <dir>/manifest.json, from memory, and nothing else.
if (args[0] === '--serve-bytes') {
  const dir = args[1];
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const answers = new Map(manifest.map((m) => [m.limitPath, { headers: m.headers, body: readFileSync(path.join(dir, m.file)) }]));
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  server.listen(Number(args[2]), '127.0.0.1', () => process.send?.('ready'));
  await new Promise(() => {});
}
const databaseUrl = args.includes('--database-url') ? args[args.indexOf('--database-url') + 1] : undefined;
const skipLighthouse = args.includes('--skip-lighthouse');
const duration = Number(args[args.indexOf('--duration') + 1]) || 10;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const skipLoad = args.includes('--skip-load');
const lighthouseRuns = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 5) || 5;
const wanted = (name) => !only || only.includes(name);
const skipCpu = args.includes('--skip-cpu');
const warmUp = args.includes('--warm-up') ? Number(args[args.indexOf('--warm-up') + 1]) : undefined;
const cpuKinds = ['product', 'category', 'listing', 'home'].filter((kind) => !only || only.includes('cpu') || only.includes(`cpu ${kind}`));
const onlyCpu = only !== null && only.every((name) => name === 'cpu' || name.startsWith('cpu ') || name === 'buyer');
const buyerRow = !args.includes('--skip-buyer') && (!only || only.includes('buyer'));
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

if (!existsSync(path.join(HERE, 'node_modules', 'autocannon'))) {
  console.log('Installing the benchmark tools (bench/package.json)…');
  spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: HERE, stdio: 'inherit' });
}
const { default: autocannon } = await import('autocannon');

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

if (!args.includes('--skip-build')) {
  console.log('Building…');
  spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], { cwd: ROOT, stdio: 'ignore' });
  // The server as `npm start` runs it: compiled, on plain Node.
  spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
const cache = path.join(ROOT, 'node_modules', '.cache', 'teakwood-tests');
// The demo shop's drawn images from the test runs (the set of these drawings, as tests/support/paths.ts names
// it; else the fullest), so the shop does not draw them all again.
function hashOf(relativePaths) {
  const h = createHash('sha256');
  const walk = (p) => {
    const abs = path.join(ROOT, p);
    if (statSync(abs).isDirectory()) for (const entry of readdirSync(abs).sort()) walk(path.join(p, entry));
    else h.update(p).update(readFileSync(abs));
  };
  relativePaths.forEach(walk);
  return h.digest('hex').slice(0, 12);
}
const drawingsHash = hashOf([
  'server/db/seed/drawings.ts',
  'server/db/seed/piece-drawings.ts',
  'server/db/seed/piece-spec.ts',
  'server/db/seed/content.ts',
  'server/lib/images.ts',
  'contract/site-images.ts',
  'contract/media.ts',
  'contract/finishes.ts',
]);
const filesIn = (dir) => readdirSync(dir, { recursive: true }).length;
const media = !existsSync(cache)
  ? undefined
  : existsSync(path.join(cache, `media-${drawingsHash}`))
    ? `media-${drawingsHash}`
    : readdirSync(cache)
        .filter((f) => f.startsWith('media-'))
        .sort((a, b) => filesIn(path.join(cache, b)) - filesIn(path.join(cache, a)))[0];
if (media) cpSync(path.join(cache, media), path.join(dataDir, 'media'), { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// `--cpu-prof <dir>`: the shop's process writes a CPU profile there when it stops (open it in Chrome's DevTools).
const cpuProfile = args.includes('--cpu-prof') ? path.resolve(args[args.indexOf('--cpu-prof') + 1]) : null;
const server = spawn(process.execPath, [...(cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfile}`] : []), 'build/shop/main.mjs'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    RAZORPAY_KEY_ID: 'rzp_test_bench',
    RAZORPAY_ALLOW_TEST_KEYS: 'true',
    RAZORPAY_KEY_SECRET: 'bench',
    RAZORPAY_WEBHOOK_SECRET: 'bench-webhook',
    PUBLIC_URL: base,
    METRICS_TOKEN,
    SEED: 'true',
    DATABASE_URL: databaseUrl ?? '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// A first start opens before its pictures are drawn (decision 0036): the load waits until they are, so the
// drawer does not share the cores with the measured seconds.
let drawingPictures = false;
let picturesDrawn = false;
server.stdout.on('data', (chunk) => {
  const text = String(chunk);
  process.stdout.write(text);
  if (/^Drawing \d+ pictures of the demo shop/m.test(text)) drawingPictures = true;
  if (/^All \d+ pictures of the demo shop drawn/m.test(text)) picturesDrawn = true;
});
// Production refuses to seed development users but still seeds the demo catalogue.
for (let i = 0; i < 2400; i++) {
  if (server.exitCode !== null) {
    console.error('The shop server stopped before it was ready; see its output above.');
    process.exit(1);
  }
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 250));
}

// The drawer looks for missing pictures as the shop opens: give it a moment to say so.
await new Promise((r) => setTimeout(r, 3000));
if (drawingPictures) {
  console.log('Waiting for the demo shop’s pictures to be drawn before measuring…');
  while (!picturesDrawn && server.exitCode === null) await new Promise((r) => setTimeout(r, 1000));
}

/** Thrown to end the measurements early (`--only cpu`): the server is stopped and the figures written. */
class Done extends Error {}

/** The share of the machine's CPU time spent idle over `ms` (from /proc/stat; 1 where it cannot be read). */
async function idleShare(ms) {
  const read = () => {
    try {
      const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
      const n = fields.map(Number);
      return { idle: n[3] + n[4], total: n.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  return a && b && b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : 1;
}

/**
 * A shopper signed up, signed in through the log-in page, with two pieces in her cart and a pincode checked on
 * a product page: the cookies her browser would send.
 */
async function signedInShopper(productSlug) {
  const email = `bench-${Date.now()}@example.in`;
  const password = 'Teak#Bench2026!';
  const headers = { 'content-type': 'application/json', origin: base };
  const registered = await fetch(`${base}/api/user/register/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: `bench${Date.now()}`, email, password, password2: password }),
  });
  if (!registered.ok) throw new Error(`The bench shopper could not sign up: ${await registered.text()}`);
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email, password }),
  });
  const session = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
  if (!session) throw new Error(`The bench shopper could not log in (${login.status})`);
  const pieces = await (await fetch(`${base}/api/products/?limit=6`)).json();
  for (const piece of pieces.filter((p) => p.in_stock).slice(0, 2)) {
    const added = await fetch(`${base}/api/add_item/`, {
      method: 'POST',
      headers: { ...headers, cookie: session },
      body: JSON.stringify({ cart_code: 'benchcart0001', product_id: piece.id, quantity: 1, finish: piece.finishes?.[0] ?? '' }),
    });
    if (!added.ok) throw new Error(`The bench shopper's cart could not be filled: ${await added.text()}`);
  }
  const checked = await fetch(`${base}/product/${productSlug}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie: session },
    body: new URLSearchParams({ intent: 'pincode', pincode: '600004' }),
  });
  const pincode = checked.headers
    .getSetCookie()
    .find((c) => c.startsWith('pincode='))
    ?.split(';')[0];
  if (!pincode) throw new Error(`The bench shopper's pincode was not remembered (${checked.status})`);
  return `${session}; ${pincode}`;
}

/** Waits (up to 20 s) until the machine has been at least 90% idle for half a second. */
async function quietMachine() {
  for (let waited = 0; waited < 20_000; waited += 500) if ((await idleShare(500)) >= 0.9) return;
}

// The machine's load at the start: figures taken on a busy machine are not comparable.
const results = {
  date: new Date().toISOString(),
  database: databaseUrl ? 'postgres' : 'pglite',
  durationSeconds: duration,
  loadAverage: loadavg().map((l) => +l.toFixed(2)),
  bundle: {},
  cpuPerRender: {},
  load: {},
  lighthouse: {},
};
console.log(`Load average at start: ${results.loadAverage.join(', ')}`);
try {
  // 0. CPU per render on a miss, first: the pages the load below keeps are then not yet kept.
  if (!skipCpu && cpuKinds.length) {
    // Process CPU time, not wall time: it needs no quiet machine.
    // The shop's processes together (on PostgreSQL a primary and its workers, each answering a share of the pages;
    // /metrics would give the CPU of whichever one answered the scrape).
    const { measureCpuPerRender, printCpuRows } = await import('./cpu-per-render.mjs');
    const { processTreeCpuMs } = await import('./proc-cpu.mjs');
    results.cpuPerRender = await measureCpuPerRender(base, METRICS_TOKEN, { only: cpuKinds, warmUp, cpuMs: () => processTreeCpuMs(server.pid) });
    printCpuRows(results.cpuPerRender);
  }
  if (onlyCpu) throw new Done();
  // 1. JavaScript on the first load of the home page: every script a browser fetches until the page is
  //    interactive (the scripts start after the first paint, so they are not all named in the HTML's head).
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const scripts = new Set();
  try {
    const page = await browser.newPage();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${base}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
  } finally {
    await browser.close();
  }
  let raw = 0;
  let gz = 0;
  for (const s of scripts) {
    const buf = Buffer.from(await (await fetch(base + s)).arrayBuffer());
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  results.bundle = { files: scripts.size, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) };
  console.log(`Home page JavaScript: ${scripts.size} files, ${results.bundle.rawKB} KB raw, ${results.bundle.gzipKB} KB gzip`);

  // 2. Load: each page against the same bytes served from memory.
  const product = (await (await fetch(`${base}/api/products/?limit=1`)).json())[0].slug;
  const category = (await (await fetch(`${base}/api/categories/`)).json())[0].slug;
  // A signed-in shopper with two pieces in her cart and a remembered pincode (decision 0036): her pages are
  // measured with her cookies, against the same bytes from memory, as the visitors' are.
  const shopper = await signedInShopper(product);
  const browsing = [
    ['home', '/'],
    ['product', `/product/${product}`],
    ['category', `/Category/${category}`],
    ['shop', '/shop'],
    ['search', '/search?q=teak'],
  ];
  // The issue "Fast for every shopper" (decision 0042): a signed-in shopper's browsing pages at half their limit
  // at least, her cart page (all hers, rendered for her) at a tenth.
  const GOALS = {
    ...Object.fromEntries(browsing.map(([name]) => [`${name} (signed in)`, 0.5])),
    'cart (signed in)': 0.1,
  };
  const targets = [
    ...browsing,
    ['product list JSON', '/api/products/'],
    ...browsing.map(([name, url]) => [`${name} (signed in)`, url, shopper]),
    ['cart (signed in)', '/cart', shopper],
  ].filter(([name]) => !skipLoad && wanted(name));
  const ACCEPT = { 'accept-encoding': 'br, gzip' };
  const fetchBytes = (url, cookie) =>
    new Promise((resolve, reject) => {
      http
        .get(base + url, { headers: cookie ? { ...ACCEPT, cookie } : ACCEPT }, (response) => {
          const chunks = [];
          response.on('data', (c) => chunks.push(c));
          response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  // A page settles once it is cached and its compressed copy made: ask until two answers are the same bytes.
  const bytesDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-bytes-'));
  const manifest = [];
  for (const [name, url, cookie] of targets) {
    let answer = await fetchBytes(url, cookie);
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const next = await fetchBytes(url, cookie);
      const same = next.body.equals(answer.body);
      answer = next;
      if (same && (next.headers['content-encoding'] || i > 5)) break;
    }
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    const file = `${manifest.length}.bin`;
    writeFileSync(path.join(bytesDir, file), answer.body);
    const headers = {};
    for (const h of ['content-type', 'content-encoding', 'vary', 'cache-control', 'etag']) if (answer.headers[h]) headers[h] = answer.headers[h];
    // The limit's server answers each entry at its own path (a page measured twice gets a suffix there).
    manifest.push({ name, path: url, limitPath: `/${manifest.length}${url}`, file, headers, bytes: answer.body.length, cookie });
  }
  writeFileSync(path.join(bytesDir, 'manifest.json'), JSON.stringify(manifest));
  const limitPort = await freePort();
  const limitServer = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve-bytes', bytesDir, String(limitPort)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => limitServer.once('message', resolve));
  const limitBase = `http://127.0.0.1:${limitPort}`;
  const measure = async (target, cookie) => {
    const r = await autocannon({ url: target, connections: 50, duration, headers: cookie ? { ...ACCEPT, cookie } : ACCEPT });
    return {
      requestsPerSec: Math.round(r.requests.average),
      latencyP50ms: r.latency.p50,
      latencyP99ms: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
    };
  };
  try {
    for (const entry of manifest) {
      // The settling above reached one process over one connection: with several workers (PostgreSQL), each
      // must have the page cached and compressed too before it is measured, so every one is asked for a second.
      await autocannon({
        url: base + entry.path,
        connections: 20,
        duration: 1,
        headers: entry.cookie ? { ...ACCEPT, cookie: entry.cookie } : ACCEPT,
      });
      const shop = await measure(base + entry.path, entry.cookie);
      const limit = await measure(limitBase + entry.limitPath, entry.cookie);
      const share = +(shop.requestsPerSec / Math.max(1, limit.requestsPerSec)).toFixed(3);
      const goal = GOALS[entry.name];
      results.load[entry.name] = {
        ...(goal === undefined ? {} : { goal, meetsGoal: share >= goal }),
        path: entry.path,
        bytes: entry.bytes,
        encoding: entry.headers['content-encoding'] ?? 'identity',
        shop,
        sameBytesFromMemory: limit,
        shareOfLimit: share,
      };
    }
  } finally {
    limitServer.kill('SIGTERM');
    rmSync(bytesDir, { recursive: true, force: true });
  }
  console.log('\n| What | Path | Bytes sent | The shop (req/s) | Same bytes from memory (req/s) | Share of the limit | Goal | Errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, r] of Object.entries(results.load)) {
    const goal = r.goal === undefined ? '' : `${r.meetsGoal ? 'met' : 'NOT met'} (≥ ${r.goal})`;
    console.log(
      `| ${name} | ${r.path} | ${r.bytes} (${r.encoding}) | ${r.shop.requestsPerSec} | ${r.sameBytesFromMemory.requestsPerSec} | ${r.shareOfLimit} | ${goal} | ${r.shop.errors} |`,
    );
  }

  // 3. Lighthouse. It times the page's main-thread tasks on this machine and multiplies them (its simulated
  //    phone is four times slower), so a run that shares the two cores with the shop still finishing the load
  //    above, or with the last run's Chromium closing, measures the machine rather than the page: each run
  //    waits for a quiet machine, and each page's first run (Chromium's caches cold) is not counted.
  if (!skipLighthouse) {
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const misses = {};
    const metrics = {};
    results.lighthouseMisses = misses;
    results.lighthouseMetrics = metrics;
    const pages = [
      ['home', '/'],
      ['category', `/Category/${category}`],
      ['product', `/product/${product}`],
    ].filter(([name]) => wanted(name));
    mkdirSync(path.join(HERE, 'results'), { recursive: true });
    for (const [name, url] of pages) {
      const runs = [];
      let warmedUp = false;
      // A run whose trace Lighthouse could not read (runtimeError, e.g. NO_NAVSTART) measured nothing: run again.
      for (let attempt = 0; runs.length < lighthouseRuns && attempt < 2 * lighthouseRuns + 1; attempt++) {
        await quietMachine();
        const chrome = await chromeLauncher.launch({
          chromePath: '/usr/bin/chromium',
          chromeFlags: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        });
        try {
          const { lhr } = await lighthouse(base + url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            formFactor: 'mobile',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
          if (lhr.runtimeError) {
            console.log(`  ${url}: Lighthouse could not measure this run (${lhr.runtimeError.code}); running it again`);
            continue;
          }
          if (!warmedUp) {
            warmedUp = true;
            continue;
          }
          runs.push({
            ...Object.fromEntries(Object.entries(lhr.categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)])),
            lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
            tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          });
          // The whole report of the page's last run, for the details of an audit.
          writeFileSync(path.join(HERE, 'results', `lighthouse-${name}.json`), JSON.stringify(lhr));
          // What cost points, so a low score says where to look.
          for (const [key, cat] of Object.entries(lhr.categories)) {
            for (const ref of cat.auditRefs) {
              const audit = lhr.audits[ref.id];
              if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
                (misses[url] ??= {})[`${key}/${ref.id}`] = audit.displayValue || audit.title;
              }
            }
          }
          metrics[url] ??= [];
          metrics[url].push(
            Object.fromEntries(
              ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
                id,
                lhr.audits[id]?.displayValue,
              ]),
            ),
          );
        } finally {
          await chrome.kill();
        }
      }
      if (runs.length === 0) {
        console.log(`Lighthouse ${url}: no run could be measured`);
        continue;
      }
      const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor((runs.length - 1) / 2)];
      results.lighthouse[url] = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(k)]));
      console.log(`Lighthouse ${url}: ${JSON.stringify(results.lighthouse[url])}`);
      if (misses[url]) console.log(`  audits below 100 in some run: ${JSON.stringify(misses[url])}`);
    }
  }
} catch (err) {
  if (!(err instanceof Done)) throw err;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
// The CPU per buyer (decision 0058): a shop of its own with the fake Razorpay of the tests (TypeScript, through tsx).
if (buyerRow) {
  spawnSync(process.execPath, ['--import', 'tsx', path.join(HERE, 'cpu-per-buyer.mjs')], { cwd: ROOT, stdio: 'inherit' });
}
mkdirSync(path.join(HERE, 'results'), { recursive: true });
writeFileSync(path.join(HERE, 'results', 'latest.json'), JSON.stringify(results, null, 2));
console.log('Figures written to bench/results/latest.json');
process.exit(0);
