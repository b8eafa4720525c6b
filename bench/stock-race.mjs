#!/usr/bin/env node
// `npm run bench:race [-- --buyers 20 --stock 3 --products 1]`: N buyers race for K pieces of one ready-stock product on
// PostgreSQL, through the real server process and a fake Razorpay on 127.0.0.1. Each buyer fills a cart,
// asks create_order, pays at the fake provider when given an order, and verifies the payment; the webhook
// is delivered too, as Razorpay would. Prints what happened to the money and the stock, the p50 and p99 of
// create_order and verify_payment, and how long the last order took to become paid after a "received,
// being confirmed" answer (202). `npm run bench:race -- --buyers 200 --stock 200 --products 50`: checkout
// under load (issue "Fast for every shopper": p99 ≤ 300 ms, 0 lost, 0 duplicated).
// Needs the built web app and server (`npm run build`) and PostgreSQL (TEST_DATABASE_URL, or Debian's postgresql package
// for a throwaway cluster). Not part of `npm test`.
import { randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFakeRazorpay } from '../tests/support/fake-razorpay.ts';
import { compiledServer } from '../tests/support/server-process.ts';
import { createTokenSigner } from '../server/modules/accounts/tokens.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const BUYERS = arg('buyers', 20);
const SERVER_LOG = process.argv.includes('--server-log') ? process.argv[process.argv.indexOf('--server-log') + 1] : null;
/** `--cpu-prof <dir>`: the server process writes a CPU profile there when it stops. */
const CPU_PROF = process.argv.includes('--cpu-prof') ? process.argv[process.argv.indexOf('--cpu-prof') + 1] : null;
const STOCK = arg('stock', 3);
/** `--products N`: the buyers spread over N ready-stock products of STOCK pieces each (1: all race for one). */
const PRODUCTS = arg('products', 1);
const JWT_SECRET = 'bench-stock-race-secret-0123456789abcdef0123456789';
/** The public origin the bench's server signs and checks its tokens for. */
const ISSUER = 'http://shop.bench.local';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function asPostgresUser(cmd, args) {
  const full = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(full[0], full[1], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
}

/** TEST_DATABASE_URL's server, or a throwaway cluster; either way a fresh database of our own. */
async function startPostgres() {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop = () => {};
  if (!serverUrl) {
    const base = '/usr/lib/postgresql';
    const version = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a))[0] : undefined;
    if (!version) throw new Error('bench:race needs PostgreSQL: apt-get install -y postgresql, or set TEST_DATABASE_URL.');
    const bin = path.join(base, version, 'bin');
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-race-'));
    chmodSync(dir, 0o777);
    if (isRoot) spawnSync('chown', ['postgres', dir]);
    const data = path.join(dir, 'data');
    const port = await freePort();
    asPostgresUser(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'shop', '--no-sync', '-E', 'UTF8', '--locale=C']);
    asPostgresUser(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
    serverUrl = `postgres://shop@127.0.0.1:${port}/postgres`;
    stop = () => {
      try {
        asPostgresUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  }
  const name = `race_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
      stop();
    },
  };
}

async function startServer(databaseUrl, fake) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-race-data-'));
  let log = '';
  const profile = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF)] : [];
  // The server as `npm start` runs it (`npm run build` compiles it).
  const child = spawn(process.execPath, [...profile, compiledServer()], {
    cwd: ROOT,
    env: {
      ...process.env,
      // As a live shop runs; the fake provider's keys are test keys, allowed as a staging shop allows them.
      NODE_ENV: 'production',
      RAZORPAY_ALLOW_TEST_KEYS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      PUBLIC_URL: ISSUER,
      TRUST_PROXY: 'true',
      SHOP_EMAIL: 'studio@example.in',
      ...fake.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${log}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      // `--server-log <file>`: what the server wrote, to see what it warned about under load.
      if (SERVER_LOG) writeFileSync(SERVER_LOG, log);
    },
  };
}

const database = await startPostgres();
const fake = await startFakeRazorpay();
let server;
try {
  server = await startServer(database.url, fake);
  const db = new pg.Client({ connectionString: database.url });
  // Dropping the database at the end ends this connection too, if a failure skipped its clean end.
  db.on('error', () => {});
  await db.connect();
  const {
    rows: [category],
  } = await db.query(`INSERT INTO categories (slug, name) VALUES ('race', 'Race') RETURNING id`);
  const products = [];
  for (let p = 0; p < PRODUCTS; p++) {
    const {
      rows: [product],
    } = await db.query(
      `INSERT INTO products (slug, name, price_paise, category_id, stock_kind, stock_quantity, in_stock)
       VALUES ($3, $4, 3100000, $1, 'ready_stock', $2, true) RETURNING id`,
      [category.id, STOCK, p === 0 ? 'last-teak-chest' : `teak-chest-${p}`, p === 0 ? 'Last Teak Chest' : `Teak Chest ${p}`],
    );
    products.push(product);
  }
  const signer = createTokenSigner(JWT_SECRET, ISSUER);
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const {
      rows: [user],
    } = await db.query(`INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`, [`racer${i}`, `racer${i}@example.in`]);
    // A log-in of each buyer: tokens name a live session of the server's.
    const sid = randomUUID();
    await db.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [sid, user.id]);
    buyers.push({ i, token: await signer.access(user.id, sid), code: `race${String(i).padStart(6, '0')}` });
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
  const call = (buyer, url, body) =>
    fetch(`${server.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'x-forwarded-for': `10.77.0.${buyer.i + 1}` },
      body: JSON.stringify(body),
    });

  const tally = { created: 0, refusedBeforePayment: 0, charged: 0, verified: 0, received: 0, toldAfterPaying: 0, errors: 0 };
  const timings = { create: [], verify: [] };
  const statuses = { create: new Map(), verify: new Map() };
  const timed = async (kind, promise) => {
    const t0 = performance.now();
    const res = await promise;
    timings[kind].push(performance.now() - t0);
    statuses[kind].set(res.status, (statuses[kind].get(res.status) ?? 0) + 1);
    return res;
  };
  const refusals = new Set();
  // Every buyer has a cart first; then all of them press Pay at once.
  for (const b of buyers) {
    const res = await call(b, '/api/add_item/', { cart_code: b.code, product_id: products[b.i % PRODUCTS].id });
    if (res.status !== 201) throw new Error(`add_item answered ${res.status}: ${await res.text()}`);
  }
  await Promise.all(
    buyers.map(async (b) => {
      const created = await timed('create', call(b, '/api/create_order/', { cart_code: b.code }));
      if (created.status === 409) {
        tally.refusedBeforePayment += 1;
        refusals.add((await created.json()).detail);
        return;
      }
      if (created.status !== 200) {
        tally.errors += 1;
        return;
      }
      tally.created += 1;
      const order = await created.json();
      const paid = fake.pay(order.order_id);
      tally.charged += 1;
      const delivery = fake.webhook('payment.captured', paid.payment);
      const [verified] = await Promise.all([
        timed('verify', call(b, '/api/verify_payment/', { cart_code: b.code, ...paid.response, address })),
        fetch(`${server.base}/api/payments/razorpay/webhook/`, { method: 'POST', headers: delivery.headers, body: delivery.body }),
      ]);
      if (verified.status === 200) tally.verified += 1;
      else if (verified.status === 202) tally.received += 1;
      else tally.toldAfterPaying += 1;
    }),
  );
  const answered = performance.now();
  // Every charge must end as a paid order or a refund: wait (up to 60 s) for those confirmed after the answer.
  let settledAfterMs = 0;
  for (;;) {
    const {
      rows: [left],
    } = await db.query(`SELECT count(*)::int AS n FROM orders WHERE payment_status = 'captured' AND status IN ('pending', 'expired')`);
    const {
      rows: [done],
    } = await db.query(`SELECT count(*)::int AS n FROM orders WHERE payment_status = 'captured'`);
    settledAfterMs = performance.now() - answered;
    if ((left.n === 0 && done.n >= tally.charged - fake.refunds.size) || settledAfterMs > 60_000) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const {
    rows: [counts],
  } = await db.query(
    `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid,
            coalesce(sum(oi.quantity) FILTER (WHERE o.status = 'paid'), 0)::int AS pieces
       FROM orders o JOIN order_items oi ON oi.order_id = o.id`,
  );
  const {
    rows: [stock],
  } = await db.query(`SELECT sum(stock_quantity)::int AS stock_quantity, sum(reserved_quantity)::int AS reserved_quantity FROM products`);
  const {
    rows: [twice],
  } = await db.query(
    // The payments are in the ledger (decision 0037): one payment kept for two orders would be two charges' orders.
    `SELECT (SELECT count(*)::int FROM (SELECT provider_payment_id FROM charges
                                        GROUP BY 1 HAVING count(DISTINCT order_id) > 1) d) AS payments_on_two_orders,
            (SELECT count(*)::int FROM (SELECT user_id FROM orders WHERE status = 'paid' GROUP BY 1 HAVING count(*) > 1) d) AS buyers_paid_twice`,
  );
  const {
    rows: [refundRows],
  } = await db.query(`SELECT count(*) FILTER (WHERE status = 'processed')::int AS processed, count(*)::int AS recorded FROM refunds`);
  await db.end();
  const refundedAtProvider = [...fake.refunds.values()].length;
  const pct = (list, q) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(0) : '-';
  };
  const lost = Math.max(0, tally.charged - counts.paid - refundedAtProvider);
  const lines = [
    `buyers ${BUYERS}, ${PRODUCTS} product(s) of stock ${STOCK} (PostgreSQL, real server process, fake Razorpay)`,
    `create_order p50 ${pct(timings.create, 0.5)} ms, p99 ${pct(timings.create, 0.99)} ms ${JSON.stringify(Object.fromEntries(statuses.create))}`,
    `verify_payment p50 ${pct(timings.verify, 0.5)} ms, p99 ${pct(timings.verify, 0.99)} ms ${JSON.stringify(Object.fromEntries(statuses.verify))}`,
    `confirmed at once ${tally.verified}, received and confirmed after the answer ${tally.received} (all settled ${(settledAfterMs / 1000).toFixed(1)} s after the last answer)`,
    `lost ${lost} (charged, neither paid nor refunded), duplicated ${twice.payments_on_two_orders + twice.buyers_paid_twice}`,
    `created ${tally.created}`,
    `charged ${tally.charged}`,
    `paid ${counts.paid}`,
    `refused-before-payment ${tally.refusedBeforePayment}`,
    `refunded ${refundedAtProvider} (recorded on orders ${refundRows.recorded}, processed ${refundRows.processed})`,
    `oversold ${Math.max(counts.pieces - STOCK * PRODUCTS, 0)}`,
    `provider orders ${fake.ordersCreated}, stock left ${stock.stock_quantity}, still held ${stock.reserved_quantity}, errors ${tally.errors}`,
    ...[...refusals].map((r) => `told before paying: "${r}"`),
  ];
  console.log(lines.join('\n'));
  const ok =
    counts.pieces <= STOCK * PRODUCTS &&
    tally.charged - refundedAtProvider === counts.paid &&
    tally.errors === 0 &&
    twice.payments_on_two_orders + twice.buyers_paid_twice === 0;
  process.exitCode = ok ? 0 : 1;
} catch (err) {
  console.error('The race could not be run:', err);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await fake.close();
  await database.drop();
}
