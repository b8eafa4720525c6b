/**
 * Typo-tolerant search terms. The catalogue's vocabulary (every word of product names, descriptions
 * and categories) is matched against each query word by edit distance, so "teek" finds "teak" and
 * "sofaa" finds "sofa"; the last word also matches as a prefix while the visitor is still typing.
 * The result is a PostgreSQL tsquery string built only from vocabulary words (never from raw input).
 */

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

function allowedDistance(word: string): number {
  if (word.length <= 3) return 0;
  if (word.length <= 6) return 1;
  return 2;
}

const MAX_ALTERNATIVES = 6;

/**
 * Builds `(a | b) & (c | d:*)` from the query's words and the vocabulary, or null when no query word
 * is close to anything the shop sells.
 */
export function buildTsQuery(query: string, vocabulary: ReadonlySet<string>): string | null {
  const terms = words(query).slice(0, 8);
  const groups: string[] = [];
  terms.forEach((term, index) => {
    const isLast = index === terms.length - 1;
    const max = allowedDistance(term);
    const matches: { word: string; score: number }[] = [];
    for (const word of vocabulary) {
      if (word === term) {
        matches.push({ word, score: 0 });
        continue;
      }
      if (isLast && term.length >= 2 && word.startsWith(term)) {
        matches.push({ word, score: 0.5 });
        continue;
      }
      if (max > 0) {
        const d = editDistance(term, word, max);
        if (d <= max) matches.push({ word, score: d });
      }
    }
    if (matches.length === 0) {
      // A word nothing resembles: keep it, so the query honestly finds nothing for it.
      groups.push(`'${term}'`);
      return;
    }
    // Corrections are only for words the shop does not know: "sofa" must not also find "soft".
    const known = matches.filter((m) => m.score < 1);
    const chosen = known.length ? known : matches;
    chosen.sort((a, b) => a.score - b.score || a.word.localeCompare(b.word));
    const alternatives = chosen.slice(0, MAX_ALTERNATIVES).map((m) => `'${m.word}'`);
    groups.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`);
  });
  return groups.length ? groups.join(' & ') : null;
}
