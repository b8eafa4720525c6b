import { PassThrough, Readable, Transform } from 'node:stream';
import { createElement, Suspense, use, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint, takePage } from './entry.server';

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
function renderAtShell(tree: ReactNode): Promise<string | Transform> {
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
    expect(typeof page).toBe('string');
    expect(page).toBe(await run([await rawBytes(tree)]));
    expect(page).toContain('id="hydrate-module"');
    expect(page).toContain('Sheesham bed ₹1,35,000');
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
