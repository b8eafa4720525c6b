import { createHash, randomBytes, type Hash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Profile } from '../../contract/accounts';
import { factsKey, type ShellFacts } from './facts';

/**
 * Shoppers' pages kept and stitched (decision 0042). A browsing page of a shopper with a session, a cart or a
 * remembered pincode is rendered once for every shopper with the same facts (who she is to the header: a guest,
 * a customer or the owner; her cart count; her pincode; on a product page, its finishes in her cart), with no
 * cookie at all, and kept. Her account's words (her name, her e-mail…) are not facts of the key: the kept page
 * holds marks in their place, and each answer replaces them with hers, escaped for where each mark stands (page
 * text, or the hydration data inside a script). Nothing else of hers can be in the kept page: its render never
 * saw her cookies, and everything it was told is in the key.
 */

/** Random per process, so that no text of the catalogue or of a shopper can be taken for a mark. */
const PREFIX = `zq${randomBytes(6).toString('hex')}`;
const MARK = new RegExp(`${PREFIX}([a-z_]+)qz`, 'g');
const mark = (field: string) => `${PREFIX}${field}qz`;

/** The facts as the kept page is rendered with: the account's text fields replaced by marks. */
export function markedFacts(facts: ShellFacts): ShellFacts {
  if (!facts.user) return facts;
  const user = { ...facts.user } as Record<string, unknown>;
  for (const [field, value] of Object.entries(facts.user)) {
    if (typeof value === 'string') user[field] = mark(field);
    else if (value !== null && typeof value !== 'boolean') user[field] = null;
  }
  // Fields that may be empty or set: the kept page neither shows them nor tells them.
  user.gender = null;
  user.dob = null;
  user.profile_picture = null;
  user.has_password = true;
  return { ...facts, user: user as unknown as Profile };
}

/** The key of the kept page for these facts (with the page's own key after it). */
export function stitchKey(facts: ShellFacts, pageKey: string): string {
  return `stitch:${factsKey(facts)} ${pageKey}`;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** A kept page cut at its marks, ready to be stitched for any shopper of its key. */
export interface Stitchable {
  /** The text between marks: one more than the marks. */
  parts: string[];
  marks: { field: string; inScript: boolean }[];
  /** Hashes of the inline scripts (those of the render's nonce) that hold no mark: the same for every answer. */
  fixedHashes: string[];
  /**
   * The inline scripts that hold marks, as kept, cut at their marks (`fields` between `pieces`): their hashes are
   * made per answer, from the hash of the text before the first mark, made once.
   */
  markedScripts: { pieces: string[]; fields: string[]; before: Hash }[];
  /** The parts as UTF-8, each compressed on its own (deflate, ending on a byte boundary), their CRC-32s: see `stitchGzip`. */
  gzipParts?: { deflated: Buffer; crc: number; length: number; shift: number }[];
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** `ours`: the hashes the page cache found for the render's own inline scripts (marks still in them). */
export function prepareStitch(html: string, ours: readonly string[]): Stitchable {
  const scripts: { from: number; to: number; text: string; ours: boolean }[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const from = match.index + match[0].length - match[2]!.length - '</script>'.length;
    scripts.push({ from, to: from + match[2]!.length, text: match[2]!, ours: ours.includes(hashOf(match[2]!)) });
  }
  const parts: string[] = [];
  const marks: Stitchable['marks'] = [];
  let last = 0;
  for (const match of html.matchAll(MARK)) {
    parts.push(html.slice(last, match.index));
    const inScript = scripts.some((s) => match.index >= s.from && match.index < s.to);
    marks.push({ field: match[1]!, inScript });
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  const fixedHashes: string[] = [];
  const markedScripts: Stitchable['markedScripts'] = [];
  for (const s of scripts) {
    if (!s.ours) continue;
    const cut = s.text.split(MARK);
    if (cut.length === 1) fixedHashes.push(hashOf(s.text));
    else {
      // split() with a group gives text, field, text, field… text.
      const pieces = cut.filter((_, i) => i % 2 === 0);
      const fields = cut.filter((_, i) => i % 2 === 1);
      markedScripts.push({ pieces, fields, before: createHash('sha256').update(pieces[0]!, 'utf8') });
    }
  }
  return { parts, marks, fixedHashes: [...new Set(fixedHashes)], markedScripts };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * A value inside the hydration data: a JSON string inside a JavaScript string literal in a script, so escaped
 * twice; then every character that could end the script or the literal written as a \u escape.
 */
function escapeInScript(text: string): string {
  let escaped = inScript.get(text);
  if (escaped === undefined) {
    const twice = JSON.stringify(JSON.stringify(text).slice(1, -1)).slice(1, -1);
    escaped = twice.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (inScript.size >= 10_000) inScript.clear();
    inScript.set(text, escaped);
  }
  return escaped;
}
/** Shoppers' words as escaped for the hydration data (a shopper's pages ask for the same words again and again). */
const inScript = new Map<string, string>();

const valueOf = (user: Profile | null, field: string): string => {
  const value = user ? (user as unknown as Record<string, unknown>)[field] : '';
  return typeof value === 'string' ? value : '';
};

/** What each mark of the page becomes for this shopper. */
const wordsFor = (page: Stitchable, user: Profile | null) =>
  page.marks.map(({ field, inScript }) => (inScript ? escapeInScript(valueOf(user, field)) : escapeHtml(valueOf(user, field))));

/** This shopper's words for the kept page's marks, and the hashes its scripts have with them. */
export function stitch(page: Stitchable, user: Profile | null): { words: string[]; scriptHashes: string[] } {
  const words = wordsFor(page, user);
  const scriptHashes = [...page.fixedHashes];
  for (const { pieces, fields, before } of page.markedScripts) {
    const hash = before.copy();
    for (let i = 0; i < fields.length; i++) hash.update(escapeInScript(valueOf(user, fields[i]!)), 'utf8').update(pieces[i + 1]!, 'utf8');
    const source = `'sha256-${hash.digest('base64')}'`;
    if (!scriptHashes.includes(source)) scriptHashes.push(source);
  }
  return { words, scriptHashes };
}

/** The kept page with these words (as `stitch` made them) where its marks were. */
export function stitchHtml(page: Stitchable, words: readonly string[]): string {
  let html = page.parts[0]!;
  for (let i = 0; i < words.length; i++) html += words[i]! + page.parts[i + 1]!;
  return html;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block of a deflate stream: empty, stored, final. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** Bytes as stored (uncompressed) deflate blocks: a shopper's few words cost nothing to "compress". */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 0xffff) {
    const piece = bytes.subarray(at, at + 0xffff);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(piece.length, 1);
    head.writeUInt16LE(piece.length ^ 0xffff, 3);
    blocks.push(head, piece);
  }
  return blocks;
}

/**
 * CRC-32 arithmetic (as zlib's crc32_combine): the CRC of A then B from the CRCs of A and B and B's length, so
 * that the CRC of a stitched page costs a few steps per part instead of a pass over all its bytes.
 */
const POLY = 0xedb88320;
/** a(x) · b(x) modulo the CRC's polynomial (reflected bit order). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1]!, X2N[k - 1]!));
/** x^(8·bytes) modulo the polynomial: what a CRC is multiplied by when that many bytes follow it. */
function shiftOf(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n; n >>>= 1, k++) if (n & 1) p = multiplyModP(X2N[k & 31]!, p);
  return p;
}
/** The CRC-32 of A then B. */
const crcThen = (crcA: number, crcB: number, shiftB: number) => (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;

/**
 * The stitched page as gzip without compressing it per answer: each kept part was compressed once on its own,
 * each ending on a byte boundary with no reference to what came before (a full flush), so the parts and her
 * words (stored blocks) follow one another as one deflate stream; the trailer's CRC-32 and length are of the
 * whole text, made from each part's, kept with it.
 */
export function stitchGzip(page: Stitchable, words: readonly string[]): Buffer {
  page.gzipParts ??= page.parts.map((part) => {
    const bytes = Buffer.from(part, 'utf8');
    const deflated = zlib.deflateRawSync(bytes, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
    return { deflated, crc: zlib.crc32(bytes), length: bytes.length, shift: shiftOf(bytes.length) };
  });
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (let i = 0; i < page.gzipParts.length; i++) {
    const part = page.gzipParts[i]!;
    chunks.push(part.deflated);
    crc = crcThen(crc, part.crc, part.shift);
    length += part.length;
    if (i < words.length && words[i]!.length) {
      const word = Buffer.from(words[i]!, 'utf8');
      chunks.push(...storedBlocks(word));
      crc = crcThen(crc, zlib.crc32(word), shiftOf(word.length));
      length += word.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}
