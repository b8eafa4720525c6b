import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ADMIN, createAdminTestApp, CUSTOMER, login, type AdminTestApp } from './admin-support';

/**
 * Fuzzes every operation of the app's own OpenAPI description with malformed input: wrong types, huge and
 * NUL-laden strings, deep junk, empty and broken bodies, wrong content types, odd paths and queries, as an
 * anonymous caller, a customer and a superuser. Whatever is sent, the answer is never a 5xx.
 * Deterministic: one seeded generator, one order.
 *
 * CI runs the integration suite twice, on PGlite (`npm test`) and on PostgreSQL (`npm run test:pg`). PGlite
 * gets every attempt as each of the three callers. PostgreSQL gets every attempt once, as the superuser, whom
 * no operation's guard turns away: each malformed input still reaches the handlers and the database there,
 * and the guards' refusals to the other two, which do not depend on the database, are not sent twice.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  enum?: unknown[];
}
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

/** mulberry32: small, fast and deterministic. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}
const SEED = 0x7eac;
let random = generator(SEED);
const onPostgres = Boolean(inject('pgTemplateUrl'));

const HUGE = 'x'.repeat(200_000);
const deep = (levels: number): Json => {
  let value: Json = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
const STRINGS: string[] = [
  '',
  ' ',
  'teak\u0000',
  '\u0000',
  'a\u0007b',
  '\u001b[31m',
  HUGE,
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'true',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'सागौन की मेज़ 🪑',
  '\ud800',
  '%00',
  '{"a":1}',
];
const VALUES: Json[] = [...STRINGS, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, true, false, null, [], [null], {}, { $gt: '' }, deep(50)];
const PATH_VALUES = [
  '%00',
  'teak%00bed',
  '-1',
  '0',
  '99999999999999999999999',
  '1e5',
  '%E0%A4%B8%E0%A4%BE',
  encodeURIComponent('🪑'),
  'a'.repeat(190),
  '%25',
  '..%2F..',
  'null',
];

function resolve(doc: OpenApiDocument, schema: SchemaObject | undefined): SchemaObject | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++) s = doc.components?.schemas?.[s.$ref.split('/').pop()!];
  return s;
}

/** The property names a JSON body may carry, gathered through refs and unions. */
function bodyFields(doc: OpenApiDocument, schema: SchemaObject | undefined, depth = 0): string[] {
  const s = resolve(doc, schema);
  if (!s || depth > 3) return [];
  const names = new Set(Object.keys(s.properties ?? {}));
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) for (const n of bodyFields(doc, branch, depth + 1)) names.add(n);
  return [...names];
}

interface Attempt {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** Malformed requests for one operation; `url` has its path parameters filled in. */
function attemptsFor(doc: OpenApiDocument, path: string, method: string, op: Operation): Attempt[] {
  const M = method.toUpperCase();
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
  const fill = (value: (name: string) => string) => path.replace(/\{([^}]+)\}/g, (_m, name: string) => value(name));
  const plain = fill(() => '1');
  const attempts: Attempt[] = [];

  // Paths: each odd value in every parameter.
  if (pathParams.length) for (const v of PATH_VALUES) attempts.push({ method: M, url: fill(() => v) });

  // Queries: each parameter with odd values, repeated, and unknown ones.
  const q = (pairs: [string, string][]) => `${plain}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}`;
  for (const name of queryParams) {
    for (const v of [
      '%00',
      'teak%00',
      '-1',
      '99999999999999999999999',
      '1.5',
      '%F0%9F%AA%91',
      encodeURIComponent(HUGE.slice(0, 5000)),
      '',
      'true',
      '%E0%A4',
      '[]',
    ])
      attempts.push({ method: M, url: q([[name, v]]) });
    attempts.push({
      method: M,
      url: q([
        [name, '1'],
        [name, '2'],
      ]),
    });
    attempts.push({ method: M, url: q([[`${name}[a]`, '1']]) });
  }
  attempts.push({ method: M, url: `${plain}?unknown=%00&__proto__=x` });

  // Bodies: for every call that may take one.
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(M)) {
    const json = (value: unknown, type = 'application/json') =>
      attempts.push({ method: M, url: plain, headers: { 'content-type': type }, payload: JSON.stringify(value) });
    const content = op.requestBody?.content ?? {};
    const fields = bodyFields(doc, content['application/json']?.schema);
    json({});
    json([]);
    json(null);
    json('text');
    json(12);
    json(deep(2000));
    for (const field of fields) {
      for (let i = 0; i < 6; i++) json({ [field]: random.pick(VALUES) });
      json({ [field]: '\u0000' });
      json({ [field]: HUGE });
    }
    if (fields.length) {
      for (let i = 0; i < 8; i++) json(Object.fromEntries(fields.map((f) => [f, random.pick(VALUES)])));
      json({ ...Object.fromEntries(fields.map((f) => [f, '1'])), unexpected_field: 'x' });
    }
    json({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } });
    for (const payload of ['', '{', '{"a":', 'nul', '{"a":1}}', '\u0000', '[1,2', '"unterminated'])
      attempts.push({ method: M, url: plain, headers: { 'content-type': 'application/json' }, payload });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/octet-stream',
      'image/png',
      'application/json; charset=latin1',
    ])
      attempts.push({ method: M, url: plain, headers: { 'content-type': type }, payload: 'a=1&b=%00' });
    attempts.push({ method: M, url: plain, payload: '{"a":1}' }); // no content type at all
    // Multipart: no boundary, cut short, NUL in a field and in a file name, a field far too long, junk parts.
    const b = 'fuzzboundary';
    const mp = (body: string) =>
      attempts.push({ method: M, url: plain, headers: { 'content-type': `multipart/form-data; boundary=${b}` }, payload: body });
    attempts.push({ method: M, url: plain, headers: { 'content-type': 'multipart/form-data' }, payload: 'name=x' });
    mp(`--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf`);
    mp(`--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nteak\u0000\r\n--${b}--\r\n`);
    mp(`--${b}\r\nContent-Disposition: form-data; name="image"; filename="a\u0000.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnotajpeg\r\n--${b}--\r\n`);
    mp(`--${b}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${'y'.repeat(150 * 1024)}\r\n--${b}--\r\n`);
    mp(`--${b}\r\nContent-Disposition: form-data; name="images"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG junk\r\n--${b}--\r\n`);
    mp(`--${b}\r\nno headers at all\r\n--${b}--\r\n`);
    mp('garbage without any boundary line');
    for (const field of fields.slice(0, 8))
      mp(`--${b}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${random.pick(STRINGS).slice(0, 1000)}\r\n--${b}--\r\n`);
  }
  return attempts;
}

let t: AdminTestApp;
let identities: [string, Record<string, string>][];
beforeAll(async () => {
  t = await createAdminTestApp();
  identities = [
    ['anonymous', {}],
    ['customer', await login(t, CUSTOMER)],
    ['superuser', await login(t, ADMIN)],
  ];
});
afterAll(() => t.close());

/**
 * The operations are sent in parts, each a test with its own time (some 6,000 requests in all on PostgreSQL: two
 * minutes here, four and more on a busy machine). Every part walks the whole description with the one seeded
 * generator and sends its own share of the operations, so the requests and their order are those of one walk.
 */
const PARTS = 4;
/** Each request comes from its own address, across the parts, so that rate limits do not hide what lies behind them. */
let client = 0;

for (let part = 0; part < PARTS; part++) {
  it(`no malformed request to any operation of the OpenAPI description gets a 5xx (part ${part + 1} of ${PARTS})`, { timeout: 240_000 }, async () => {
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const operations = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/docs'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(50);
    const share = Math.ceil(operations.length / PARTS);
    const [from, to] = [part * share, Math.min(operations.length, (part + 1) * share)];

    let sent = 0;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    random = generator(SEED);
    for (const [index, { path, method, op }] of operations.entries()) {
      // Every operation's attempts are drawn, so that each part's are those of the one walk.
      const attempts = attemptsFor(doc, path, method, op);
      if (index < from || index >= to) continue;
      for (const [who, auth] of identities) {
        if (onPostgres && who !== 'superuser') continue;
        for (const attempt of attempts) {
          client++;
          const res = await t.app.inject({
            method: attempt.method as 'GET',
            url: attempt.url,
            headers: { ...attempt.headers, ...auth },
            payload: attempt.payload,
            remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
          });
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) {
            failures.push(
              `${res.statusCode} ${who} ${attempt.method} ${attempt.url.slice(0, 120)} ${String(attempt.headers?.['content-type'] ?? '')} ${String(attempt.payload ?? '').slice(0, 80)} → ${res.body.slice(0, 200)}`,
            );
          } else {
            // Every refusal is the JSON envelope with a sentence.
            if (res.statusCode >= 400 && attempt.method !== 'HEAD' && !/"detail":"[^"]+/.test(res.body))
              failures.push(`no sentence: ${res.statusCode} ${attempt.method} ${attempt.url.slice(0, 120)}`);
          }
        }
      }
    }
    console.log(
      `OpenAPI fuzz, part ${part + 1} of ${PARTS}: ${sent} requests over operations ${from + 1}–${to} of ${operations.length}; answers by status: ${[
        ...statuses,
      ]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}`,
    );
    expect(sent).toBeGreaterThan(0);
    expect(failures.slice(0, 30)).toEqual([]);
  });
}

it(
  'text that is not well-formed Unicode is refused with a sentence in every body field, before anything is stored or queued',
  { timeout: 120_000 },
  async () => {
    // A URL cannot carry half a character (its %-escapes decode to U+FFFD or fail), a JSON body can: `\ud800`.
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const [, admin] = identities[2]!;
    const halves = ['teak\ud800', '\udc00', '\udc00\ud800 table'];
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (!['POST', 'PUT', 'PATCH'].includes(method.toUpperCase())) continue;
        const url = path.replace(/\{([^}]+)\}/g, '1');
        for (const field of bodyFields(doc, op.requestBody?.content?.['application/json']?.schema)) {
          const payload = JSON.stringify({ [field]: halves[checked % halves.length] });
          checked++;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: { 'content-type': 'application/json', ...admin },
            payload,
            remoteAddress: `10.200.${(checked >> 8) & 255}.${checked & 255}`,
          });
          if (res.statusCode !== 400 || !res.body.includes('broken character'))
            wrong.push(`${res.statusCode} ${method.toUpperCase()} ${url} ${field} → ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(wrong.slice(0, 20)).toEqual([]);

    // The password reset, as anyone may send it: refused with the sentence naming the field.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/',
      payload: { email: 'priya\ud800@example.com' },
      remoteAddress: '10.201.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/^email: This value contains a broken character/);
  },
);
