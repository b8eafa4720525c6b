/**
 * Typo-tolerant search terms. Each query word is corrected on its own to the nearest words of the
 * catalogue's vocabulary (the words of product names and descriptions, category names and descriptions,
 * and subcategory names): by edit distance, where a swap of two neighbouring letters counts as one edit
 * ("tabel" is "table") and so does a doubled letter ("sofaa"), and by trigram similarity, which the
 * database works out with pg_trgm (see `similarWords` in the catalogue service). A word the shop does not
 * know may also be two catalogue words run together ("bookself" is "book" and "shelf"). The last word also
 * matches as a prefix while the visitor is still typing.
 * The result is one PostgreSQL tsquery group per query word, built only from vocabulary words (never from
 * raw input).
 */

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** A word's trigrams as pg_trgm makes them: the word padded with two spaces before and one after. */
export function trigrams(word: string): string[] {
  const padded = `  ${word} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

/** The most words of a query that are looked at. */
export const MAX_QUERY_WORDS = 8;

/** The words of a query that are corrected and searched. */
export function queryWords(query: string): string[] {
  return words(query).slice(0, MAX_QUERY_WORDS);
}

/**
 * Edit distance where inserting, deleting or changing a letter, or swapping two neighbouring letters,
 * each count one (optimal string alignment), stopping early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Edits a word of this length may need to be corrected: short words only a swap of two letters, and any word
 * of five letters or more two slips ("drssing" is "dressing", "poojja" is "pooja").
 */
function allowedDistance(word: string): number {
  if (word.length <= 2) return 0;
  if (word.length <= 4) return 1;
  return 2;
}

/** Trigram similarity (0..1) above which a vocabulary word is taken as what was meant, edits aside. */
export const TRIGRAM_ACCEPT = 0.45;

const MAX_ALTERNATIVES = 6;

/** A vocabulary word a typed word may stand for: the word itself, a completion of it, or a correction. */
type Match = { word: string; kind: 'exact' | 'prefix' | 'correction'; score: number; edits: number };

/** Vocabulary words one typed word may stand for, best first. */
function correct(term: string, isLast: boolean, vocabulary: ReadonlySet<string>, similar: ReadonlyMap<string, number>): Match[] {
  const max = allowedDistance(term);
  const matches: Match[] = [];
  for (const word of vocabulary) {
    if (word === term) {
      matches.push({ word, kind: 'exact', score: 0, edits: 0 });
      continue;
    }
    if (isLast && term.length >= 2 && word.startsWith(term)) {
      matches.push({ word, kind: 'prefix', score: 0.5, edits: 0 });
      continue;
    }
    const sim = similar.get(word) ?? 0;
    if (max > 0) {
      const d = editDistance(term, word, max);
      // A three-letter word is corrected only by a swap ("bde" is "bed"), not to every word one letter away.
      const swapOnly = term.length === 3 && [...term].sort().join('') !== [...word].sort().join('');
      if (d <= max && !swapOnly) {
        // Among words as many edits away, the one sharing more trigrams comes first.
        matches.push({ word, kind: 'correction', score: d - sim / 2, edits: d });
        continue;
      }
    }
    if (sim >= TRIGRAM_ACCEPT) matches.push({ word, kind: 'correction', score: 3 - sim, edits: Infinity });
  }
  return matches;
}

/** A word that is two catalogue words run together ("kingsize", "bookself"): the two, each corrected. */
function split(term: string, vocabulary: ReadonlySet<string>): [Match[], Match[]] | null {
  for (let i = 2; i <= term.length - 2; i++) {
    const left = term.slice(0, i);
    const right = term.slice(i);
    if (!vocabulary.has(left)) continue;
    const rights = correct(right, false, vocabulary, new Map()).filter((m) => m.edits <= 1);
    if (rights.length) return [[{ word: left, kind: 'exact', score: 0, edits: 0 }], rights];
  }
  return null;
}

/** What one typed word searches for: a tsquery group `(a | b)` or `'a'`, and the word most likely meant. */
export interface TermQuery {
  tsquery: string;
  best: string;
}

function group(matches: Match[]): TermQuery {
  // Corrections are only for words the shop does not know: "sofa" must not also find "soft".
  const known = matches.filter((m) => m.kind !== 'correction');
  // Among corrections, only the closest by edits (and those the trigrams vouch for): a word one slip away
  // from one catalogue word is not also taken for every word two slips away.
  const fewest = Math.min(...matches.map((m) => m.edits));
  const chosen = known.length ? known : matches.filter((m) => m.edits === fewest || m.edits === Infinity || m.score < 1);
  chosen.sort((a, b) => a.score - b.score || a.word.localeCompare(b.word));
  const alternatives = chosen.slice(0, MAX_ALTERNATIVES).map((m) => `'${m.word}'`);
  return { tsquery: alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`, best: chosen[0]!.word };
}

/**
 * One tsquery group per query word (a word run together from two gives two), or null when the query has no words.
 * `similar` holds, per query word, the vocabulary words the database found similar by trigrams
 * (word → similarity); without it only edit distance corrects.
 */
export function buildTsQueryGroups(
  query: string,
  vocabulary: ReadonlySet<string>,
  similar: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(),
  synonyms: ReadonlyMap<string, readonly string[]> = new Map(),
): TermQuery[] | null {
  const terms = queryWords(query);
  const groups: TermQuery[] = [];
  terms.forEach((term, index) => {
    // A word the owner listed as another name ("mandap" for mandir): its catalogue words, and itself if known.
    const meant = synonyms.get(term);
    if (meant?.length) {
      const all = meant.map((w) => `'${w}'`).join(' & ');
      const alternatives = [...(vocabulary.has(term) ? [`'${term}'`] : []), meant.length > 1 ? `(${all})` : all];
      groups.push({ tsquery: alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!, best: meant.join(' ') });
      return;
    }
    const matches = correct(term, index === terms.length - 1, vocabulary, similar.get(term) ?? new Map());
    // Nothing known and nothing a few edits away: perhaps two words run together.
    if (!matches.some((m) => m.edits < Infinity)) {
      const parts = split(term, vocabulary);
      if (parts) {
        groups.push(group(parts[0]), group(parts[1]));
        return;
      }
    }
    // A word nothing resembles: keep it, so the query honestly finds nothing for it.
    groups.push(matches.length ? group(matches) : { tsquery: `'${term}'`, best: term });
  });
  return groups.length ? groups : null;
}

/** Builds `(a | b) & (c | d:*)` from the query's words and the vocabulary, or null when the query has no words. */
export function buildTsQuery(
  query: string,
  vocabulary: ReadonlySet<string>,
  similar?: ReadonlyMap<string, ReadonlyMap<string, number>>,
  synonyms?: ReadonlyMap<string, readonly string[]>,
): string | null {
  return (
    buildTsQueryGroups(query, vocabulary, similar, synonyms)
      ?.map((g) => g.tsquery)
      .join(' & ') ?? null
  );
}
