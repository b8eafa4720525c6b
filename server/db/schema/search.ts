import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Search's own words (decision 0034). */

/**
 * A word buyers type for what the catalogue calls otherwise ("mandap" for mandir, "almirah" for wardrobe):
 * search looks for `means` as well as the word typed. The owner keeps the list in the admin panel.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  /** The word typed, in lower case, one word. */
  term: text('term').notNull().unique(),
  /** What it stands for: one or more catalogue words, in lower case. */
  means: text('means').notNull(),
  createdAt: createdAt(),
});

/**
 * The catalogue's vocabulary for typo-tolerant search: every distinct token (lower case, split on white space)
 * of the products' names and descriptions, with how many products use it. Kept by triggers on `products`
 * (migration 0027), so search never reads the whole catalogue to learn its words.
 */
export const searchWords = pgTable('search_words', {
  token: text('token').primaryKey(),
  /** Products whose name or description holds the token (a row at 0 is deleted). */
  uses: integer('uses').notNull(),
});
