import { EventEmitter } from 'node:events';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { guestCartCode } from './lib/cart.server';
import { NonceProvider } from './lib/nonce';
import { rememberedPincode } from './lib/pincode.server';

export const streamTimeout = 5000;

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/;
// The same tags as the two patterns above, found in a whole page's bytes.
const PRELOAD_START = '<link rel="modulepreload" href="';
const MODULE_SCRIPT_START = '<script nonce="';
const MODULE_SCRIPT_END = '" type="module" async="">';
const INERT_ID = 'hydrate-module';

/**
 * Starts the page's scripts once the browser reports its first paint and has drawn the first screen's largest
 * picture (the images marked `fetchpriority="high"`, loaded, then one frame): the preloads (so they load in
 * parallel), then React Router's module script. It waits on the paint timing entry rather than requesting an
 * animation frame, so the browser draws its first frame when it would anyway. A background tab (it paints
 * nothing) and a browser without paint timing start at once; after 3 s they start regardless. Each preload is
 * its own task, the next one posted through a message channel (no timer clamp between them): adding one starts
 * its fetch, which took 0.2-2 ms on the build machine, and four at a time made tasks of 8-16 ms there (four
 * times that on a phone). (The web fonts are web/lib/web-fonts.ts's.)
 *
 * A tap on a button that only a script can answer (`type="button"`: the gallery's arrows, a dialog's opener) before
 * the scripts have taken over starts them at once, and is kept (five at most) for the page to answer once they
 * have (`replayTapsBeforeHydration`, web/lib/taps-before-hydration.ts). Links and forms work without scripts.
 */
const BOOT = `(function (preloads, inertId) {
  var started = false;
  var channel = window.MessageChannel ? new MessageChannel() : null;
  function later() {
    if (channel) channel.port2.postMessage(0);
    else setTimeout(next, 0);
  }
  if (channel) channel.port1.onmessage = next;
  function next() {
    if (preloads.length) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = preloads.shift();
      document.head.appendChild(link);
      return later();
    }
    var inert = document.getElementById(inertId);
    var module = document.createElement('script');
    module.type = 'module';
    module.nonce = inert.nonce;
    module.textContent = inert.textContent;
    document.body.appendChild(module);
  }
  function start() {
    if (started) return;
    started = true;
    setTimeout(next, 0);
  }
  var taps = (window.__tapsBeforeHydration = []);
  document.addEventListener('click', function (event) {
    var button = event.target.closest ? event.target.closest('button[type="button"]') : null;
    if (!button || document.documentElement.hasAttribute('data-hydrated')) return;
    if (taps.length < 5) taps.push(button);
    start();
  }, true);
  function afterPictures(then) {
    var left = [].filter.call(document.querySelectorAll('img[fetchpriority="high"]'), function (img) {
      return !img.complete;
    });
    var count = left.length;
    if (!count) return then();
    left.forEach(function (img) {
      function done() {
        if (--count === 0) then();
      }
      img.addEventListener('load', done);
      img.addEventListener('error', done);
    });
  }
  try {
    if (document.visibilityState === 'hidden' || PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) return start();
    var painted = false;
    var pictured = false;
    function ready() {
      if (painted && pictured) {
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      }
    }
    new PerformanceObserver(function (list, observer) {
      observer.disconnect();
      painted = true;
      ready();
    }).observe({ type: 'paint', buffered: true });
    afterPictures(function () {
      pictured = true;
      ready();
    });
    setTimeout(start, 3000);
  } catch (error) {
    start();
  }
})`.replace(/\n\s*/g, ''); // Every statement ends with ';' or a brace: the line breaks carry nothing.

function bootScript(nonce: string, preloads: string[]): string {
  return `<script nonce="${nonce}">${BOOT}(${JSON.stringify(preloads).replaceAll('<', '\\u003c')}, "${INERT_ID}")</script>`;
}

/**
 * The rewrite of scriptsAfterFirstPaint, fed the document in order: each call is given the next piece (whole
 * tags only) and returns it rewritten.
 */
function firstPaintRewrite(): (text: string) => string {
  const preloads: string[] = [];
  let inertNonce: string | undefined;
  let booted = false;
  let lineBreakPending = false;

  // Until the boot script is out: strip the preloads (the head), make the module script inert and put the
  // boot script after it. The rest of the document passes as it is.
  return (text: string): string => {
    if (booted) return text;
    let out = text.replace(PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
    out = out.replace(MODULE_SCRIPT, (_tag, nonce: string) => {
      inertNonce = nonce;
      return `<script nonce="${nonce}" type="text/plain" id="${INERT_ID}">`;
    });
    if (inertNonce === undefined) return out;
    const open = out.indexOf(`id="${INERT_ID}">`);
    const from = open < 0 ? 0 : open + `id="${INERT_ID}">`.length;
    const close = out.indexOf('</script>', from);
    // The module script's route manifest comes indented; its statements all end with ';' and JSON strings
    // hold no line breaks, so the line breaks and indentation go (some 1.5 KB of every page).
    // A chunk that ends inside that indentation has the rest of it taken off the next one.
    const compact = (code: string) => {
      const compacted = (lineBreakPending ? code.replace(/^\s*/, '') : code).replace(/\n\s*/g, '');
      lineBreakPending = /\n\s*$/.test(code) || (lineBreakPending && /^\s*$/.test(code));
      return compacted;
    };
    if (close < 0) return out.slice(0, from) + compact(out.slice(from));
    booted = true;
    const at = close + '</script>'.length;
    return out.slice(0, from) + compact(out.slice(from, close)) + out.slice(close, at) + bootScript(inertNonce, preloads) + out.slice(at);
  };
}

/**
 * Scripts after the first paint (decision 0009). Every page is complete HTML from the server, so on a phone's
 * connection its first screen (stylesheet, pictures, fonts) should not share the link with the ~120 KB of
 * scripts that only make it interactive. The stream's module preloads are taken out of the head and React
 * Router's module script is sent inert; a small script right after it starts both after the first paint.
 * A tag split between two chunks is held back until it is whole, and the decoder keeps a character
 * split between two chunks (₹ is three bytes) whole.
 */
export function scriptsAfterFirstPaint(): Transform {
  let pending = '';
  const rewrite = firstPaintRewrite();
  const decoder = new StringDecoder('utf8');

  // React writes a page in pieces of a few kilobytes, most of them in one go once the loaders are done: what
  // came in one turn of the event loop is passed on as one piece, so that each layer after (the cache's copy,
  // compression on the way out) handles a few pieces a page rather than dozens (decision 0058).
  let batch = '';
  let scheduled: NodeJS.Immediate | undefined;
  const take = (): string => {
    const text = pending + batch;
    batch = '';
    // Hold back an unfinished tag (a '<' with no '>' after it) until the next piece completes it.
    const lastOpen = text.lastIndexOf('<');
    const cut = lastOpen >= 0 && text.indexOf('>', lastOpen) < 0 ? lastOpen : text.length;
    pending = text.slice(cut);
    return rewrite(text.slice(0, cut));
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      batch += decoder.write(chunk);
      scheduled ??= setImmediate(() => {
        scheduled = undefined;
        const out = take();
        if (out && !stream.destroyed) stream.push(out);
      });
      done();
    },
    flush(done) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      const out = take();
      done(null, out + rewrite(pending + decoder.end()));
    },
    destroy(error, done) {
      if (scheduled) clearImmediate(scheduled);
      done(error);
    },
  });
  return stream;
}

/**
 * Where React writes the page: the pieces are kept as they come, and once the document turns out to stream
 * (parts of it wait on data), passed on to the stream, with its backpressure and its end (a visitor who left).
 * React uses write, end and the 'drain', 'error' and 'close' events of what it writes to.
 */
class RenderSink extends EventEmitter {
  ended = false;
  private pieces: (Uint8Array | string)[] = [];
  private stream: Transform | undefined;

  write(piece: Uint8Array | string): boolean {
    if (this.stream) return this.stream.write(piece);
    this.pieces.push(piece);
    return true;
  }

  end(): void {
    if (this.stream) this.stream.end();
    else this.ended = true;
  }

  /** The document React wrote, whole. */
  bytes(): Buffer {
    return Buffer.concat(this.pieces.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
  }

  /** From now on into `stream`, starting with what came so far. */
  streamTo(stream: Transform): void {
    this.stream = stream;
    for (const piece of this.pieces) stream.write(piece);
    this.pieces = [];
    stream.on('drain', () => this.emit('drain'));
    stream.on('error', (error) => this.emit('error', error));
    stream.on('close', () => this.emit('close'));
  }
}

/**
 * The rewrite of scriptsAfterFirstPaint done on a whole document's bytes, giving the same bytes as the stream
 * would: only the preload tags and the module script are read as text. The rest (most of a page) is copied as
 * React encoded it, not decoded and encoded again (decision 0064).
 */
export function rewriteWholePage(page: Buffer): Buffer {
  const tagAt = page.indexOf(MODULE_SCRIPT_END);
  const openAt = tagAt < 0 ? -1 : page.lastIndexOf(MODULE_SCRIPT_START, tagAt);
  const closeAt = openAt < 0 ? -1 : page.indexOf('</script>', tagAt);
  // No module script (a page without scripts): only its preloads go, as the stream does.
  if (closeAt < 0) return page.indexOf(PRELOAD_START) < 0 ? page : Buffer.from(firstPaintRewrite()(page.toString('utf8')), 'utf8');
  const preloads: string[] = [];
  const parts: Buffer[] = [];
  // The bytes from `from` to `to`, less the preload tags in them (their addresses kept, in order).
  const withoutPreloads = (from: number, to: number) => {
    for (let at = page.indexOf(PRELOAD_START, from); at >= 0 && at < to; at = page.indexOf(PRELOAD_START, at + 1)) {
      const hrefFrom = at + PRELOAD_START.length;
      const hrefTo = page.indexOf('"', hrefFrom);
      const end = hrefTo < 0 ? -1 : page.indexOf('>', hrefTo);
      // What the stream's pattern would not take (an empty address, a tag left open) stays as it is.
      if (hrefTo === hrefFrom || end < 0 || end >= to) continue;
      preloads.push(page.toString('utf8', hrefFrom, hrefTo));
      parts.push(page.subarray(from, at));
      from = end + 1;
      at = end;
    }
    parts.push(page.subarray(from, to));
  };
  withoutPreloads(0, openAt);
  const nonce = page.toString('utf8', openAt + MODULE_SCRIPT_START.length, tagAt);
  const code = page.toString('utf8', tagAt + MODULE_SCRIPT_END.length, closeAt).replace(/\n\s*/g, '');
  const inert = parts.length;
  parts.push(Buffer.alloc(0));
  withoutPreloads(closeAt + '</script>'.length, page.length);
  // The boot script names every preload, also one after the module script (React puts them all in the head).
  parts[inert] = Buffer.from(`<script nonce="${nonce}" type="text/plain" id="${INERT_ID}">${code}</script>${bootScript(nonce, preloads)}`, 'utf8');
  return Buffer.concat(parts);
}

/**
 * The page React renders, once it is ready (at the shell for a page with data to come, else whole): React writes
 * what it has rendered while pipe() runs, and ends the document there when nothing is left to wait for. Such a page
 * is returned whole, as bytes, with no stream in between (decision 0058); otherwise the stream it goes on in.
 */
export function takePage(pipe: (destination: NodeJS.WritableStream) => unknown): Buffer | Transform {
  const sink = new RenderSink();
  pipe(sink as unknown as NodeJS.WritableStream);
  if (sink.ended) return rewriteWholePage(sink.bytes());
  const html = scriptsAfterFirstPaint();
  // A visitor leaving mid-page destroys the chain (and with it React's render) with an error. It must be
  // handled here: an 'error' event nobody listens to stops the process.
  html.on('error', () => {});
  sink.streamTo(html);
  return html;
}

/** Whether a loader or action of the page left part of its data to come later: a promise, at its top or one level in. */
export function waitsOnData(routerContext: {
  staticHandlerContext: Pick<EntryContext['staticHandlerContext'], 'loaderData' | 'actionData'>;
}): boolean {
  const { loaderData, actionData } = routerContext.staticHandlerContext;
  const pending = (value: unknown) => typeof (value as PromiseLike<unknown> | null)?.then === 'function';
  const all: unknown[] = [...Object.values<unknown>(loaderData ?? {}), ...Object.values<unknown>(actionData ?? {})];
  for (const data of all) {
    if (pending(data)) return true;
    if (data && typeof data === 'object' && Object.values(data).some(pending)) return true;
  }
  return false;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // A page is handed over once it is whole, and then goes out as one piece with its length, unless a loader
    // left data to come (a promise, for <Await>): a browser then gets the shell early. Crawlers and no-JS
    // clients always get the whole document at once. (React Router's scripts wait a turn of the event loop for
    // the loader data's encoding, so at the shell even a page with nothing to wait for is not whole yet.)
    const whole = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !waitsOnData(routerContext);
    const readyEvent = whole ? 'onAllReady' : 'onShellReady';

    // A render still going after this is stopped (once it is whole, the timer goes).
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const page = takePage(pipe);
          if (Buffer.isBuffer(page)) {
            clearTimeout(timeout);
            // Its length says the page is whole: the host reads it in one piece (server/page/render.ts, `wholeBody`).
            responseHeaders.set('Content-Length', String(page.length));
            resolve(new Response(page as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }));
          } else {
            page.on('close', () => clearTimeout(timeout));
            resolve(new Response(createReadableStreamFromReadable(page), { headers: responseHeaders, status: responseStatusCode }));
          }
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * What a shopper's cookies tell the page, read as the page's own loaders read them: her guest cart's code and the
 * pincode she last checked. The host makes her kept page's facts (web/lib/shell.ts) from these, her session and
 * her cart as it keeps them in memory (server/shopper-facts.ts, decision 0042).
 */
export async function shellCookies(
  cookieHeader: string | null,
  context: AppLoadContext,
): Promise<{ cartCode: string | null; pincode: string | null }> {
  const request = new Request('http://shop/', cookieHeader ? { headers: { cookie: cookieHeader } } : undefined);
  const [cartCode, pincode] = await Promise.all([guestCartCode(request, context), rememberedPincode(request, context)]);
  return { cartCode, pincode };
}
