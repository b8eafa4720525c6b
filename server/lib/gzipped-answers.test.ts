import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzippedAnswers } from './gzipped-answers';

/** A JSON text of about `kb` kilobytes that gzip shrinks by half at most (random hex). */
const text = (kb: number, seed: string) => JSON.stringify({ seed, hex: randomBytes(kb * 512).toString('hex') });

describe('the gzip bytes kept for large JSON answers', () => {
  it('gives the gzip of the text, made once and then kept', () => {
    const answers = new GzippedAnswers();
    const body = text(20, 'a');
    const first = answers.gzip(body);
    expect(gunzipSync(first).toString()).toBe(body);
    expect(answers.gzip(body)).toBe(first);
    expect(answers.stats.entries).toBe(1);
  });

  it('holds at most its budget of bytes, texts and gzip together, dropping the least recently used', () => {
    const answers = new GzippedAnswers(100 * 1024);
    const texts = ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => text(20, seed));
    const kept = texts.map((t) => answers.gzip(t));
    expect(answers.stats.bytes).toBeLessThanOrEqual(100 * 1024);
    expect(answers.stats.entries).toBeLessThan(texts.length);
    // The last one asked is still kept; the first is gone, and is made afresh (the same bytes) when asked again.
    expect(answers.gzip(texts.at(-1)!)).toBe(kept.at(-1));
    const again = answers.gzip(texts[0]!);
    expect(again).not.toBe(kept[0]);
    expect(again.equals(kept[0]!)).toBe(true);
  });

  it('gzips a text larger than the whole budget without keeping it', () => {
    const answers = new GzippedAnswers(16 * 1024);
    const body = text(40, 'big');
    expect(gunzipSync(answers.gzip(body)).toString()).toBe(body);
    expect(answers.stats).toEqual({ entries: 0, bytes: 0 });
  });
});
