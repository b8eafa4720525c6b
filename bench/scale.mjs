#!/usr/bin/env node
// `npm run bench:scale [-- --products 100000] [-- --duration 10] [-- --connections 50]`: fills a throwaway
// PostgreSQL database with a catalogue of that many products (realistic names, categories, finishes, stock
// kinds; pictures shared between pieces), starts the real built server on it, and measures at 50 connections
// (each row after `--warmup 3` seconds of the same load) the catalogue's reads: the product list JSON (first
// page, a deep page by cursor, a category filter), typo-tolerant search, a product page and a category listing
// page past the page cache, the admin's product list; then the CSV export, and the memory of each server
// process (right after the run, and again after `--settle 30` seconds). Several sizes at once:
// `--products 1000,10000,100000`. `--rows search` measures only the rows whose
// label holds that word. The server runs as production runs it: compiled, with NODE_ENV=production.
// Needs the built web app and server (`npm run build`) and PostgreSQL (TEST_DATABASE_URL, or Debian's postgresql package).
// Not part of `npm test`; decisions 0041 and 0044 hold the figures.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { startPgCluster } from '../tests/support/pg-cluster.ts';
import { startShop } from '../tests/support/server-process.ts';
import { createTokenSigner } from '../server/modules/accounts/tokens.ts';
import { processTree } from './proc-cpu.mjs';
import { catalogueRows, CATEGORIES, SEARCHES } from './scale-catalogue.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const SIZES = String(arg('products', '1000'))
  .split(',')
  .map((n) => Number(n.replace(/_/g, '')))
  .filter((n) => Number.isInteger(n) && n > 0);
const DURATION_S = Number(arg('duration', 10));
// Seconds of the same load on the same connections before each row's measured seconds (`--warmup 0`: none): a live
// shop's processes have compiled their hot code and opened their database connections before a rush comes. The
// warm-up's own p99 is printed beside the row (decision 0064).
const WARMUP_S = Number(arg('warmup', 3));
const CONNECTIONS = Number(arg('connections', 50));
// Seconds without requests before memory is read again (`--settle 30`).
const SETTLE_S = Number(arg('settle', 30));
// `--heap-snapshot DIR`: after the settle, each worker writes a heap snapshot into DIR (Node's
// `--heapsnapshot-signal`), to be opened in Chrome's DevTools (Memory) or summed by `bench/heap-summary.mjs`.
const SNAPSHOT_DIR = arg('heap-snapshot', '');
const CPU_PROFILE = arg('cpu-prof', '');
// `--rows search,deep`: only the rows whose label holds one of these words (and none of the one-request extras).
const ROWS = arg('rows', '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const JWT_SECRET = 'bench-scale-secret-0123456789abcdef0123456789abcdef';
const ISSUER = 'http://shop.bench.local';
const METRICS_TOKEN = 'bench-scale-metrics-token';

// ── the catalogue ──

async function fill(db, total) {
  const started = Date.now();
  const categoryIds = new Map();
  const subcategoryIds = new Map();
  for (const [position, c] of CATEGORIES.entries()) {
    const {
      rows: [row],
    } = await db.query(`INSERT INTO categories (slug, name, description, position) VALUES ($1, $2, $3, $4) RETURNING id`, [
      c.slug,
      c.name,
      c.description,
      position,
    ]);
    categoryIds.set(c.slug, row.id);
    for (const s of c.subcategories) {
      const {
        rows: [sub],
      } = await db.query(`INSERT INTO subcategories (slug, name, category_id) VALUES ($1, $2, $3) RETURNING id`, [s.slug, s.name, row.id]);
      subcategoryIds.set(s.slug, sub.id);
    }
  }
  const BATCH = 5000;
  for (let from = 0; from < total; from += BATCH) {
    const rows = catalogueRows(from, Math.min(BATCH, total - from), total);
    const col = (f) => rows.map(f);
    // One multi-row insert per batch: arrays unnested into rows on the server.
    await db.query(
      `INSERT INTO products (slug, name, description, price_paise, category_id, subcategory_id, collection, trending, topselling,
         newin, in_stock, stock_kind, stock_quantity, rating_tenths, customizable, dimensions, finishes, production_weeks_min,
         production_weeks_max, created_at, updated_at)
       SELECT slug, name, description, price, category, sub, collection, trending, topselling, newin, in_stock, kind, qty, rating,
              customizable, dims::jsonb, finishes::jsonb, wmin, wmax, created, created
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::int[], $6::int[], $7::text[], $8::bool[], $9::bool[],
                     $10::bool[], $11::bool[], $12::text[], $13::int[], $14::int[], $15::bool[], $16::text[], $17::text[],
                     $18::int[], $19::int[], $20::timestamptz[])
           AS t(slug, name, description, price, category, sub, collection, trending, topselling, newin, in_stock, kind, qty,
                rating, customizable, dims, finishes, wmin, wmax, created)`,
      [
        col((r) => r.slug),
        col((r) => r.name),
        col((r) => r.description),
        col((r) => r.pricePaise),
        col((r) => categoryIds.get(r.category)),
        col((r) => subcategoryIds.get(r.subcategory) ?? null),
        col((r) => r.collection),
        col((r) => r.trending),
        col((r) => r.topselling),
        col((r) => r.newin),
        col((r) => r.inStock),
        col((r) => r.stockKind),
        col((r) => r.stockQuantity),
        col((r) => r.ratingTenths),
        col((r) => r.customizable),
        col((r) => JSON.stringify(r.dimensions)),
        col((r) => JSON.stringify(r.finishes)),
        col((r) => r.weeks[0]),
        col((r) => r.weeks[1]),
        col((r) => r.createdAt),
      ],
    );
  }
  // Pictures are shared: each piece shows two of its category's handful of drawings.
  await db.query(`
    INSERT INTO product_images (product_id, image, position)
    SELECT p.id, '/media/products/' || c.slug || '-' || ((p.id % 6) + k) || '-1200x900.jpg', k
      FROM products p JOIN categories c ON c.id = p.category_id CROSS JOIN generate_series(0, 1) AS k`);
  await db.query('ANALYZE');
  return Date.now() - started;
}

// ── load ──

/** `connections` clients ask for `urls` in turn for `seconds`; latencies of every answer. */
async function load(base, urls, { headers = {}, seconds = DURATION_S, connections = CONNECTIONS, warmup = WARMUP_S } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let latencies = [];
  let errors = 0;
  let next = 0;
  const statuses = new Map();
  let until = Date.now() + warmup * 1000;
  const one = (url) =>
    new Promise((resolve) => {
      const t0 = process.hrtime.bigint();
      const req = http.get(base + url, { agent, headers: { 'accept-encoding': 'gzip, br', ...headers } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 400) errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const run = () =>
    Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) await one(urls[next++ % urls.length]);
      }),
    );
  const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  let warmP99 = NaN;
  if (warmup > 0) {
    await run();
    warmP99 = quantile(
      latencies.sort((a, b) => a - b),
      0.99,
    );
    // Its errors and answers stay counted in the row's.
    latencies = [];
  }
  until = Date.now() + seconds * 1000;
  await run();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => quantile(latencies, q);
  return { requests: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), warmP99, errors, statuses };
}

/** Resident memory (MB) of the server's process and each of its workers. */
function memoryOf(rootPid) {
  return processTree(rootPid)
    .map((pid) => {
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        return Math.round(kb / 1024);
      } catch {
        return 0;
      }
    })
    .filter((mb) => mb > 0);
}

/**
 * What a worker's memory holds, from its /metrics (each scrape reaches one worker: asked until each has
 * answered): the V8 heap in use and allotted, and the memory outside it (Buffers: the kept pages).
 */
async function heapsOf(base) {
  const seen = new Map();
  for (let i = 0; i < 20 && seen.size < 2; i++) {
    // A new connection each time (a kept-alive one stays with one worker).
    const text = await new Promise((resolve, reject) =>
      http
        .get(`${base}/metrics`, { agent: false, headers: { authorization: `Bearer ${METRICS_TOKEN}` } }, (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (chunk) => (body += chunk))
            .on('end', () => resolve(body));
        })
        .on('error', reject),
    );
    const value = (name) => Number(new RegExp(`^${name} ([0-9.e+]+)`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024;
    // Workers are told apart by the requests each has answered (its scrapes are not counted).
    const answered = [...text.matchAll(/^http_requests_total\{[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    seen.set(answered, {
      rss: value('process_resident_memory_bytes'),
      heapUsed: value('nodejs_heap_size_used_bytes'),
      heapTotal: value('nodejs_heap_size_total_bytes'),
      external: value('nodejs_external_memory_bytes'),
    });
  }
  return [...seen.values()];
}

const heapLine = (h) =>
  `RSS ${h.rss.toFixed(0)}, heap used ${h.heapUsed.toFixed(0)} of ${h.heapTotal.toFixed(0)}, outside the heap ${h.external.toFixed(0)} MB`;

async function timed(base, url, headers) {
  const t0 = Date.now();
  const res = await fetch(base + url, { headers });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return { ms: Date.now() - t0, bytes: body.byteLength };
}

async function signIn(base, db) {
  const email = `owner-${Date.now()}@example.in`;
  const password = 'Teak#Bench2026!';
  const registered = await fetch(`${base}/api/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: `owner${Date.now()}`, email, password, password2: password }),
  });
  if (!registered.ok) throw new Error(`The bench owner could not sign up: ${await registered.text()}`);
  const {
    rows: [user],
  } = await db.query(`UPDATE users SET is_superuser = true, is_active = true WHERE email = $1 RETURNING id`, [email]);
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`The bench owner could not log in (${login.status})`);
  const sid = randomUUID();
  await db.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [sid, user.id]);
  const token = await createTokenSigner(JWT_SECRET, ISSUER).access(user.id, sid);
  return { cookie, authorization: `Bearer ${token}` };
}

/** Each worker (every process under the server's) writes a heap snapshot into SNAPSHOT_DIR; waits till all are whole. */
async function snapshotWorkers(rootPid) {
  const before = new Set(readdirSync(SNAPSHOT_DIR));
  const workers = processTree(rootPid).slice(1);
  for (const pid of workers.length ? workers : [rootPid]) process.kill(pid, 'SIGUSR2');
  const expected = workers.length || 1;
  let sizes = '';
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const made = readdirSync(SNAPSHOT_DIR).filter((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    const now = made.map((f) => statSync(`${SNAPSHOT_DIR}/${f}`).size).join(',');
    // Whole once it ends its JSON and has not grown for two seconds.
    const ended = made.every((f) => readFileSync(`${SNAPSHOT_DIR}/${f}`).subarray(-8).toString().trimEnd().endsWith('}'));
    if (made.length === expected && ended && now === sizes) {
      console.log(`heap snapshots: ${made.map((f) => `${SNAPSHOT_DIR}/${f}`).join(', ')}`);
      return;
    }
    sizes = now;
  }
}

async function measure(total, cluster) {
  const name = `scale_${total}_${process.pid}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  const shop = await startShop({
    compiled: true,
    // `--cpu-prof DIR`: every process of the shop writes a CPU profile there when it stops (the workers inherit it).
    execArgv: CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE}`] : [],
    // As a live shop runs (React's production build, production's checks); the provider's keys are never used here.
    env: {
      ...(SNAPSHOT_DIR
        ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${SNAPSHOT_DIR}`.trim() }
        : {}),
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      SEED: 'false',
      JWT_SECRET,
      PUBLIC_URL: ISSUER,
      TRUST_PROXY: 'true',
      SHOP_EMAIL: 'studio@example.in',
      METRICS_TOKEN,
      RAZORPAY_KEY_ID: 'rzp_test_bench',
      RAZORPAY_ALLOW_TEST_KEYS: 'true',
      RAZORPAY_KEY_SECRET: 'bench-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
    },
  });
  const db = new pg.Client({ connectionString: url.toString() });
  db.on('error', () => {});
  await db.connect();
  const rows = [];
  try {
    const fillMs = await fill(db, total);
    const base = shop.baseUrl;
    const owner = await signIn(base, db);
    // Rows chosen so that most requests miss the process's read cache: many distinct questions per row.
    const { rows: slugs } = await db.query(`SELECT slug FROM products ORDER BY random() LIMIT 2000`);
    const first = await fetch(`${base}/api/products/?limit=24`);
    const deepCursors = [];
    {
      // Cursors deep into the list: the 24 products before them are read from the database, then the next link.
      const { rows: deep } = await db.query(`SELECT id, created_at FROM products ORDER BY created_at DESC, id LIMIT 200 OFFSET $1`, [
        Math.floor(total * 0.9),
      ]);
      for (const r of deep) deepCursors.push(r.id);
    }
    const orderings = ['', 'price', '-price', 'name', '-ratings', '-created_at'];
    const categoryUrls = CATEGORIES.flatMap((c) => orderings.map((o) => `/api/products/?limit=24&category=${c.slug}&ordering=${o}`));
    const searchUrls = SEARCHES.map((s) => `/api/products/?limit=24&search=${encodeURIComponent(s)}`);
    let bust = 0;
    const productPages = slugs.map((r) => `/product/${r.slug}`);
    const categoryPages = Array.from({ length: 4000 }, (_, i) => `/shop?category=${CATEGORIES[i % CATEGORIES.length].slug}&v=${++bust}`);
    const firstLink = first.headers.get('link');
    const targets = [
      ['product list JSON, first page', ['/api/products/?limit=24']],
      ['product list JSON, deep page (cursor at 90%)', deepCursors.map((c) => `/api/products/?limit=24&after=${c}`)],
      ['product list JSON, category filter', categoryUrls],
      ['typo-tolerant search', searchUrls],
      ['product page (page cache missed)', productPages],
      ['category listing page /shop?category= (page cache missed)', categoryPages],
      ['admin product list /dashboard/products', ['/dashboard/products'], { cookie: owner.cookie }],
    ];
    for (const [label, urls, headers] of targets) {
      if (ROWS.length && !ROWS.some((w) => label.toLowerCase().includes(w))) continue;
      // Alone first: five requests one after the other (distinct ones where the row has several), the median.
      const alone = [];
      for (let i = 0; i < 5; i++) alone.push((await timed(base, urls[(urls.length - 1 - i * 7) % urls.length], headers)).ms);
      alone.sort((a, b) => a - b);
      const r = await load(base, urls, { headers });
      rows.push({ label, alone: alone[2], ...r });
      console.log(
        `${total}\t${label}\talone ${alone[2]} ms\tp50 ${r.p50.toFixed(1)} ms\tp99 ${r.p99.toFixed(1)} ms\t${r.perSecond.toFixed(0)}/s\terrors ${r.errors} ${JSON.stringify(Object.fromEntries(r.statuses))}\t(p99 of the ${WARMUP_S} s warm-up before: ${r.warmP99.toFixed(0)} ms)`,
      );
    }
    const skipped = { ms: NaN, bytes: 0 };
    const adminOne = ROWS.length ? skipped : await timed(base, '/dashboard/products', { cookie: owner.cookie });
    const csv = ROWS.length ? skipped : await timed(base, '/api/admin/products.csv', { authorization: owner.authorization });
    const sitemap = ROWS.length ? skipped : await timed(base, '/sitemap.xml');
    const memory = memoryOf(shop.child.pid);
    const heaps = await heapsOf(base);
    // Again once the rush has passed: V8 gives back the heap it grew only after a while without work.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    const settled = memoryOf(shop.child.pid);
    if (SNAPSHOT_DIR) await snapshotWorkers(shop.child.pid);
    const summary = {
      total,
      fillMs,
      adminOneMs: adminOne.ms,
      csvMs: csv.ms,
      csvMB: csv.bytes / 1e6,
      sitemapMs: sitemap.ms,
      memory,
      heaps,
      settled,
      nextLink: Boolean(firstLink),
    };
    console.log(
      `${total}\tfilled in ${(fillMs / 1000).toFixed(1)} s; admin list alone ${adminOne.ms} ms; CSV export ${csv.ms} ms (${summary.csvMB.toFixed(1)} MB); sitemap.xml ${sitemap.ms} ms; memory of each process after the run: ${memory.join(', ')} MB, ${SETTLE_S} s later: ${settled.join(', ')} MB; in each worker: ${heaps.map(heapLine).join('; ')}`,
    );
    return { rows, summary };
  } finally {
    await db.end();
    await shop.stop();
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  }
}

const cluster = await startPgCluster();
if (process.argv.includes('--fill-only')) {
  // A filled database kept for looking into (EXPLAIN): until this process is stopped.
  const url = new URL(cluster.url);
  url.pathname = '/scale';
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE scale');
  await admin.end();
  const { spawnSync } = await import('node:child_process');
  spawnSync('npx', ['tsx', 'server/cli.ts', 'migrate'], { env: { ...process.env, DATABASE_URL: url.toString() }, stdio: 'inherit' });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  console.log(`filled ${SIZES[0]} in ${await fill(db, SIZES[0])} ms: ${url}`);
  await db.end();
  process.on('SIGTERM', () => {
    cluster.destroy();
    process.exit(0);
  });
  // Kept alive until stopped.
  setInterval(() => {}, 60_000);
  await new Promise(() => {});
}
const results = [];
try {
  for (const total of SIZES) results.push(await measure(total, cluster));
  console.log(`\n| read (p99 ms, ${CONNECTIONS} connections) | ${results.map((r) => r.summary.total.toLocaleString('en-IN')).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---').join('|')}|`);
  for (let i = 0; i < results[0].rows.length; i++)
    console.log(
      `| ${results[0].rows[i].label} | ${results.map((r) => `${r.rows[i].p99.toFixed(0)} (alone ${r.rows[i].alone}, ${r.rows[i].perSecond.toFixed(0)}/s)`).join(' | ')} |`,
    );
  const line = (label, f) => console.log(`| ${label} | ${results.map((r) => f(r.summary)).join(' | ')} |`);
  line('admin product list, one request (ms)', (s) => s.adminOneMs);
  line('CSV export, one request (ms)', (s) => `${s.csvMs} (${s.csvMB.toFixed(1)} MB)`);
  line('sitemap.xml (ms)', (s) => s.sitemapMs);
  line('memory per process after the run (MB)', (s) => s.memory.join(', '));
  line(`memory per process ${SETTLE_S} s after the run (MB)`, (s) => s.settled.join(', '));
  line('fill time (s)', (s) => (s.fillMs / 1000).toFixed(1));
} catch (err) {
  console.error('The scale bench could not be run:', err);
  process.exitCode = 1;
} finally {
  cluster.destroy();
}
