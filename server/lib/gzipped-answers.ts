import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * The gzip bytes of large JSON answers sent again and again (the cached reads answer with the same memoized text:
 * the product list is about 60 KB), keyed by that text, so each is compressed once. Bounded by the bytes it holds,
 * the texts and their gzip together, least recently used first out: a count alone let a few large answers (or
 * answers never asked again) hold tens of megabytes (decision 0058, "memory").
 */
export class GzippedAnswers {
  private readonly entries: LRUCache<string, Buffer>;

  constructor(readonly maxBytes = 4 * 1024 * 1024) {
    this.entries = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      // A text of one-byte characters holds its length in bytes; the key is kept alongside the gzip.
      sizeCalculation: (body, text) => Math.max(1, text.length + body.length),
    });
  }

  /** The text's gzip: kept from an earlier ask, or made now (and kept if it fits the budget). */
  gzip(text: string): Buffer {
    let body = this.entries.get(text);
    if (!body) {
      body = zlib.gzipSync(text);
      if (text.length + body.length <= this.maxBytes) this.entries.set(text, body);
    }
    return body;
  }

  /** What it keeps now: answers, and their bytes (texts and gzip). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}
