import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './entry.server';

async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(lowPriorityModulePreloads())) out.push(Buffer.from(piece as Buffer));
  return Buffer.concat(out).toString('utf8');
}

describe('the SSR stream’s module preloads', () => {
  const html =
    '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/>' +
    '<link rel="modulepreload" href="/assets/b.js"/></head><body>₹49,999 <link rel="modu</body>';
  const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

  it('marks every preload low priority wherever the chunks split the tags and the characters', async () => {
    const bytes = Buffer.from(html, 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    // One byte at a time, too.
    expect(await run([...bytes].map((b) => Buffer.from([b])))).toBe(expected);
  });
});
