import { describe, expect, it } from 'vitest';
import { buildTsQuery, editDistance, words } from './search';

const vocabulary = new Set(['teak', 'bed', 'beds', 'sofa', 'sofas', 'soft', 'mandir', 'mandirs', 'king', 'week']);

describe('typo-tolerant search terms', () => {
  it('splits text into plain lower-case words', () => {
    expect(words("Teak  Bed's, KING-size!")).toEqual(['teak', 'bed', 's', 'king', 'size']);
  });

  it('measures edit distance with an early stop', () => {
    expect(editDistance('teek', 'teak', 2)).toBe(1);
    expect(editDistance('sofaa', 'sofa', 2)).toBe(1);
    expect(editDistance('wardrobe', 'bed', 2)).toBe(3);
  });

  it('corrects unknown words and prefixes the last one', () => {
    expect(buildTsQuery('teek bed', vocabulary)).toBe("('teak' | 'week') & ('bed' | 'beds')");
    expect(buildTsQuery('sofaa', vocabulary)).toBe("('sofa' | 'sofas')");
    expect(buildTsQuery('mand', vocabulary)).toBe("('mandir' | 'mandirs')");
  });

  it('does not "correct" a word the shop knows', () => {
    expect(buildTsQuery('sofa', vocabulary)).toBe("('sofa' | 'sofas')");
  });

  it('keeps unknown words so they find nothing, and never passes raw input through', () => {
    expect(buildTsQuery("xylophone'); drop table", vocabulary)).toBe("'xylophone' & 'drop' & 'table'");
    expect(buildTsQuery('   ', vocabulary)).toBeNull();
  });
});

describe('typing mistakes a person makes', () => {
  const catalogue = new Set(['dining', 'dinning', 'table', 'tables', 'book', 'shelf', 'king', 'size', 'bed', 'sofa', 'soft', 'wardrobe']);

  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('tabel', 'table', 2)).toBe(1);
    expect(editDistance('wardorbe', 'wardrobe', 2)).toBe(1);
  });

  it('corrects swapped and doubled letters in every word of a query', () => {
    expect(buildTsQuery('dinning tabel', catalogue)).toBe("'dinning' & 'table'");
    expect(buildTsQuery('wardrrobe bde', catalogue)).toBe("'wardrobe' & 'bed'");
  });

  it('reads two catalogue words run together as both', () => {
    expect(buildTsQuery('bookself', catalogue)).toBe("'book' & 'shelf'");
    expect(buildTsQuery('kingsize bed', catalogue)).toBe("'king' & 'size' & 'bed'");
  });

  it('takes a word the database finds similar by trigrams when edits alone would not', () => {
    const similar = new Map([['wrdrb', new Map([['wardrobe', 0.5]])]]);
    expect(buildTsQuery('wrdrb sofa', catalogue)).toBe("'wrdrb' & 'sofa'");
    expect(buildTsQuery('wrdrb sofa', catalogue, similar)).toBe("'wardrobe' & 'sofa'");
  });

  it('corrects two slips in a word of five letters or more, and keeps only the closest corrections', () => {
    expect(buildTsQuery('wrdrbe sofa', catalogue)).toBe("'wardrobe' & 'sofa'");
    expect(buildTsQuery('dinig tabel', catalogue)).toBe("'dining' & 'table'");
  });

  it('takes a word the owner listed as a synonym for its catalogue words', () => {
    const synonyms = new Map([
      ['mandap', ['mandir']],
      ['almari', ['wardrobe']],
      ['teapoy', ['coffee', 'table']],
    ]);
    expect(buildTsQuery('mandap', catalogue, undefined, synonyms)).toBe("'mandir'");
    expect(buildTsQuery('teak almari', catalogue, undefined, synonyms)).toBe("'teak' & 'wardrobe'");
    expect(buildTsQuery('teapoy', catalogue, undefined, synonyms)).toBe("('coffee' & 'table')");
  });
});
