import { PassThrough, pipeline, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from './lib/nonce';

export const streamTimeout = 5000;

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Marks the page's module preloads low priority. The page is complete HTML from the server, so on a slow
 * phone connection its stylesheet and first-screen pictures should come before the ~120 KB of scripts that
 * only make it interactive; the scripts still start at once and load in parallel when there is bandwidth.
 * A tag split across two chunks is caught by holding back a chunk's last few characters, and the decoder
 * keeps a character split between two chunks (₹ is three bytes) whole.
 */
export function lowPriorityModulePreloads(): Transform {
  let carry = '';
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = (carry + decoder.write(chunk)).replaceAll(PRELOAD, LOW_PRELOAD);
      // Keep back a tail that could be the start of a tag.
      const tail = text.slice(-(PRELOAD.length - 1));
      const partial = tail.lastIndexOf('<');
      const hold = partial >= 0 && PRELOAD.startsWith(tail.slice(partial)) ? tail.length - partial : 0;
      carry = text.slice(text.length - hold);
      done(null, text.slice(0, text.length - hold));
    },
    flush(done) {
      done(null, carry + decoder.end());
    },
  });
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
    // Crawlers and no-JS clients get the whole document at once; browsers get the shell early.
    const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          const html = lowPriorityModulePreloads();
          // A visitor leaving mid-page destroys the chain (and with it React's render) with an error. It must be
          // handled here: an 'error' event nobody listens to stops the process.
          pipeline(body, html, () => {});
          html.on('error', () => {});
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(html), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
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
    setTimeout(abort, streamTimeout + 1000);
  });
}
