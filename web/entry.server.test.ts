import { PassThrough, Readable, Transform } from 'node:stream';
import { createElement, Suspense, use, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { rewriteWholePage, scriptsAfterFirstPaint, takePage, waitsOnData } from './entry.server';

async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(scriptsAfterFirstPaint())) out.push(Buffer.from(piece as Buffer));
  return Buffer.concat(out).toString('utf8');
}

const NONCE = 'n0+/x==';
const MODULE =
  ';\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = {\n    "entry": {\n      "module": "/assets/entry.client.js"\n    }\n  };\n\nimport("/assets/entry.client.js");';
const COMPACT_MODULE =
  ';import * as route0 from "/assets/root.js";window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client.js"}};import("/assets/entry.client.js");';
const html =
  `<head><link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/><link rel="stylesheet" href="/x.css"/>` +
  `<link rel="modulepreload" href="/assets/b.js" nonce="${NONCE}"/></head><body><p>₹49,999 &lt; ₹50,000</p>` +
  `<script nonce="${NONCE}">window.__ctx = 1;</script><script nonce="${NONCE}" type="module" async="">${MODULE}</script>` +
  `<div hidden id="S:0"><p>later</p></div><script nonce="${NONCE}">$RC("B:0","S:0")</script></body></html>`;

describe('the SSR stream: scripts after the first paint', () => {
  it('takes the preloads out of the head and sends the module script inert, followed by the script that starts both', async () => {
    const out = await run([Buffer.from(html, 'utf8')]);
    expect(out).not.toContain('modulepreload" href');
    expect(out).not.toContain('type="module" async');
    expect(out).toContain('<link rel="stylesheet" href="/x.css"/>');
    // Without the route manifest's line breaks and indentation.
    const inert = `<script nonce="${NONCE}" type="text/plain" id="hydrate-module">${COMPACT_MODULE}</script>`;
    expect(out).toContain(inert);
    const boot = out.slice(out.indexOf(inert) + inert.length);
    expect(boot.startsWith(`<script nonce="${NONCE}">`)).toBe(true);
    // Its arguments: the preloads and the inert script's id.
    expect(boot.slice(0, boot.indexOf('</script>'))).toMatch(/\(\["\/assets\/a\.js","\/assets\/b\.js"\], "hydrate-module"\)$/);
    // The rest of the document is untouched.
    expect(out.endsWith(`<div hidden id="S:0"><p>later</p></div><script nonce="${NONCE}">$RC("B:0","S:0")</script></body></html>`)).toBe(true);
  });

  it('gives the same document wherever the chunks split the tags and the characters', async () => {
    const bytes = Buffer.from(html, 'utf8');
    const whole = await run([bytes]);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
    expect(await run([...bytes].map((b) => Buffer.from([b])))).toBe(whole);
  });

  it('passes on what React wrote in one go as one piece, and what came later after it', async () => {
    const stream = scriptsAfterFirstPaint();
    const pieces: string[] = [];
    stream.on('data', (piece: Buffer) => pieces.push(piece.toString('utf8')));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    const bytes = Buffer.from(html, 'utf8');
    // The page in small pieces written in one turn, as React writes a page whose data is in.
    for (let at = 0; at < bytes.length; at += 64) stream.write(bytes.subarray(at, at + 64));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces).toHaveLength(1);
    stream.end(Buffer.from('<p>streamed later</p>'));
    await ended;
    expect(pieces.join('')).toBe((await run([bytes])) + '<p>streamed later</p>');
  });

  it('leaves a document without scripts as it is', async () => {
    const plain = '<html><body><h1>Teak ₹</h1><p>a &lt; b</p></body></html>';
    expect(await run([Buffer.from(plain)])).toBe(plain);
    expect(rewriteWholePage(Buffer.from(plain)).toString('utf8')).toBe(plain);
  });
});

describe('the rewrite of a whole page, on its bytes', () => {
  const same = async (page: string) =>
    expect(rewriteWholePage(Buffer.from(page, 'utf8')).toString('utf8')).toBe(await run([Buffer.from(page, 'utf8')]));

  it('gives the bytes the stream gives', async () => {
    await same(html);
  });

  it('takes a preload wherever it stands, and leaves what the pattern does not take', async () => {
    // A preload after the module script, one with an empty address, one whose address holds a '>'.
    await same(html.replace('</body>', `<link rel="modulepreload" href="/assets/c.js"/></body>`));
    await same(html.replace('<link rel="stylesheet"', '<link rel="modulepreload" href=""/><link rel="stylesheet"'));
    await same(html.replace('/assets/b.js', '/assets/b>c.js'));
    expect(rewriteWholePage(Buffer.from(html.replace('</body>', `<link rel="modulepreload" href="/assets/c.js"/></body>`))).toString()).toMatch(
      /\(\["\/assets\/a\.js","\/assets\/b\.js","\/assets\/c\.js"\], "hydrate-module"\)<\/script>/,
    );
  });

  it('keeps the characters of several bytes whole, wherever they stand', async () => {
    await same(
      html.replace('window.__ctx = 1;', 'window.__ctx = "₹ – ऊ";').replace('"module": "/assets/entry.client.js"', '"module": "/assets/ऊ.js"'),
    );
  });

  it('leaves the preloads of a page without a module script out, as the stream does', async () => {
    const plain = `<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><p>₹1</p></body></html>`;
    expect(rewriteWholePage(Buffer.from(plain)).toString('utf8')).toBe(await run([Buffer.from(plain)]));
    expect(rewriteWholePage(Buffer.from(plain)).toString('utf8')).not.toContain('modulepreload');
  });
});

describe('whether a page waits on data', () => {
  const context = (loaderData: Record<string, unknown>, actionData: Record<string, unknown> | null = null) => ({
    staticHandlerContext: { loaderData, actionData },
  });

  it('is no when every loader returned its data whole', () => {
    expect(waitsOnData(context({ root: { user: null, cart: { lines: [] } }, 'routes/product': { product: { name: 'Teak bed' } } }))).toBe(false);
    expect(waitsOnData(context({ root: null, 'routes/x': 'text' }))).toBe(false);
  });

  it('is yes when a loader or an action left a promise, at its top or one level in', () => {
    expect(waitsOnData(context({ root: {}, 'routes/product': { product: {}, reviews: Promise.resolve([]) } }))).toBe(true);
    expect(waitsOnData(context({ 'routes/product': Promise.resolve({}) }))).toBe(true);
    expect(waitsOnData(context({ root: {} }, { 'routes/checkout': { later: Promise.resolve(1) } }))).toBe(true);
  });
});

/** A document as React renders it, with the module script and a preload for the rewrite to find. */
function documentOf(content: ReactNode) {
  return createElement(
    'html',
    null,
    createElement('head', null, createElement('title', null, 'Teak')),
    createElement(
      'body',
      null,
      createElement('h1', null, 'Sheesham bed ₹1,35,000'),
      content,
      createElement('div', {
        dangerouslySetInnerHTML: {
          __html: `<link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/><script nonce="${NONCE}" type="module" async="">${MODULE}</script>`,
        },
      }),
    ),
  );
}

/** Renders `tree` and hands the page over at the shell, as the shop does for a browser. */
function renderAtShell(tree: ReactNode): Promise<Buffer | Transform> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree, { onShellReady: () => resolve(takePage(pipe)), onShellError: reject });
  });
}

/** React's own bytes of a page with nothing to wait for. */
function rawBytes(tree: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const pieces: Buffer[] = [];
    out.on('data', (piece: Buffer) => pieces.push(piece));
    out.on('end', () => resolve(Buffer.concat(pieces)));
    const { pipe } = renderToPipeableStream(tree, { onAllReady: () => pipe(out), onShellError: reject });
  });
}

describe('the page handed over at the shell', () => {
  it('is the whole document, rewritten as the stream rewrites it, when nothing in it waits', async () => {
    const tree = documentOf(createElement('p', null, 'In stock'));
    const page = await renderAtShell(tree);
    expect(Buffer.isBuffer(page)).toBe(true);
    const text = (page as Buffer).toString('utf8');
    expect(text).toBe(await run([await rawBytes(tree)]));
    expect(text).toContain('id="hydrate-module"');
    expect(text).toContain('Sheesham bed ₹1,35,000');
  });

  it('streams a document part of which waits on data, the shell first and the rest once the data is in', async () => {
    let arrive!: (text: string) => void;
    const later = new Promise<string>((resolve) => (arrive = resolve));
    function Late() {
      return createElement('p', null, use(later));
    }
    const tree = documentOf(createElement(Suspense, { fallback: createElement('p', null, 'Loading reviews') }, createElement(Late)));
    const page = await renderAtShell(tree);
    expect(page).toBeInstanceOf(Transform);
    const stream = page as Transform;
    const pieces: string[] = [];
    stream.on('data', (piece: Buffer) => pieces.push(piece.toString('utf8')));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const shell = pieces.join('');
    expect(shell).toContain('Loading reviews');
    expect(shell).toContain('id="hydrate-module"');
    expect(shell).not.toContain('Four stars');
    arrive('Four stars');
    await ended;
    const whole = pieces.join('');
    expect(whole).toContain('<p>Four stars</p>');
    expect(whole).not.toMatch(/type="module" async/);
    expect(whole.endsWith('</body></html>')).toBe(true);
  });
});
