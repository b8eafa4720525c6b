import { roundToHalf } from '../../../contract/reviews';
import { and, asc, count, desc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { chargeableKg, type ProductShipping } from '../../../contract/delivery';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Category,
  type Product,
  type ProductQuery,
  type ReadyToShipPage,
  type SearchSynonym,
  type StockKind,
  type Subcategory,
} from '../../../contract/catalog';
import { PRODUCT_LIMIT_DEFAULT } from '../../../contract/catalog-values';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { categories, productFinishImages, productImages, products, readyToShip, searchSynonyms, searchWords, subcategories } from '../../db/schema';
import { isDrawing } from '../../lib/images';
import { conflict, invalid, notFound } from '../../lib/errors';
import { paiseToRupees } from '../../../contract/money';
import { READ_CACHE_LIMITS, ReadCache } from '../../lib/read-cache';
import { availableStock } from '../../../contract/stock';
import { createCatalogWrites } from './catalog-writes';
import { toCategory } from './catalog-rows';

export { setCollectionMembers } from './catalog-rows';
export type { ImportRow } from './catalog-types';
import { buildTsQueryGroups, queryWords, trigrams, words } from './search';

const subcategoryJoin = alias(subcategories, 'sub');

/** The most products one search ranks from each of its ways of matching (see queryProducts). */
const SEARCH_CANDIDATES = 200;

/** An integer array as either driver answers it (node-postgres parses it; a raw `{1,2}` otherwise). */
function ids(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/** The `in_stock` rule of availableStock, in SQL (for the list filter). */
const sellableSql = sql`(${products.inStock} and (${products.stockKind} = 'made_to_order' or ${products.stockQuantity} - ${products.reservedQuantity} > 0))`;

const SHOWN_RATING = 'shown_rating';
/**
 * The rating the API shows, in tenths, in SQL (for ordering by it): the published reviews' average rounded to a half
 * once a product has one (round(sum * 2 / count) halves, five tenths each), the owner's figure before (decision 0050).
 */
function shownRatingTenths(table: string): SQL {
  const t = (column: string) => sql.raw(`${table}.${column}`);
  return sql`(case when ${t('review_count')} > 0 then (round(${t('review_star_sum')} * 2.0 / ${t('review_count')}) * 5)::integer else ${t('rating_tenths')}::integer end)`;
}

/**
 * Keyset pagination: the products that come after product `after` in the list's order (the order's column, then
 * the id). The cursor's own values are read in the same statement, so they keep the database's precision.
 */
function afterCondition(ordering: ProductQuery['ordering'], after: number): SQL {
  const of = (table: string, column: string) => (column === SHOWN_RATING ? shownRatingTenths(table) : sql.raw(`${table}.${column}`));
  const at = (column: string) => sql`(select ${of('ref', column)} from ${products} ref where ref.id = ${after})`;
  const ascending = (column: string) => sql`(${of('products', column)}, ${products.id}) > (${at(column)}, ${after})`;
  const descending = (column: string) => {
    const mine = of('products', column);
    return sql`(${mine} <= ${at(column)} and (${mine} < ${at(column)} or ${products.id} > ${after}))`;
  };
  switch (ordering) {
    case 'price':
      return ascending('price_paise');
    case '-price':
      return descending('price_paise');
    case 'name':
      return ascending('name');
    case '-ratings':
      return descending(SHOWN_RATING);
    case 'ratings':
      return ascending(SHOWN_RATING);
    default:
      return descending('created_at');
  }
}

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  pricePaise: products.pricePaise,
  collection: products.collection,
  trending: products.trending,
  topselling: products.topselling,
  newin: products.newin,
  inStock: products.inStock,
  stockKind: products.stockKind,
  stockQuantity: products.stockQuantity,
  reservedQuantity: products.reservedQuantity,
  ratingTenths: products.ratingTenths,
  reviewCount: products.reviewCount,
  reviewStarSum: products.reviewStarSum,
  customizable: products.customizable,
  dimensions: products.dimensions,
  finishes: products.finishes,
  shippingWeightG: products.shippingWeightG,
  packedLengthCm: products.packedLengthCm,
  packedWidthCm: products.packedWidthCm,
  packedHeightCm: products.packedHeightCm,
  productionWeeksMin: products.productionWeeksMin,
  productionWeeksMax: products.productionWeeksMax,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  categorySlug: categories.slug,
  categoryName: categories.name,
  subcategorySlug: subcategoryJoin.slug,
  subcategoryName: subcategoryJoin.name,
  // The pictures come with the product, in the same statement: one round trip for a page of products, not three
  // (decision 0058).
  images: sql<
    JsonList<{ id: number; image: string }>
  >`coalesce((select json_agg(json_build_object('id', pi.id, 'image', pi.image) order by pi.position, pi.id) from ${productImages} pi where pi.product_id = ${products.id}), '[]'::json)`,
  finishImages: sql<
    JsonList<{ finish: string; image: string }>
  >`coalesce((select json_agg(json_build_object('finish', fi.finish, 'image', fi.image) order by fi.id) from ${productFinishImages} fi where fi.product_id = ${products.id}), '[]'::json)`,
};

/** A json list as either driver answers it: parsed (both do for `json`), or its text. */
type JsonList<T> = T[] | string;
const listOf = <T>(value: JsonList<T>): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);

type ProductRow = {
  id: number;
  slug: string;
  name: string;
  description: string;
  pricePaise: number;
  collection: string | null;
  trending: boolean;
  topselling: boolean;
  newin: boolean;
  inStock: boolean;
  stockKind: StockKind;
  stockQuantity: number;
  reservedQuantity: number;
  ratingTenths: number;
  reviewCount: number;
  reviewStarSum: number;
  customizable: boolean;
  dimensions: Product['dimensions'];
  finishes: string[];
  shippingWeightG: number | null;
  packedLengthCm: number | null;
  packedWidthCm: number | null;
  packedHeightCm: number | null;
  productionWeeksMin: number;
  productionWeeksMax: number;
  createdAt: Date;
  updatedAt: Date;
  categorySlug: string;
  categoryName: string;
  subcategorySlug: string | null;
  subcategoryName: string | null;
  images: JsonList<{ id: number; image: string }>;
  finishImages: JsonList<{ finish: string; image: string }>;
};

function toProduct(row: ProductRow, images: { id: number; image: string }[], finishImages: { finish: string; image: string }[] = []): Product {
  // Drawings in each finish go with a drawn main picture; once the owner's photos lead, the drawings stand back.
  const drawn = images.length === 0 || isDrawing(images[0]!.image);
  const offered = new Set(row.finishes);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: paiseToRupees(row.pricePaise),
    category: { slug: row.categorySlug, name: row.categoryName },
    subcategory: row.subcategorySlug ? { slug: row.subcategorySlug, name: row.subcategoryName ?? '' } : null,
    collection: row.collection,
    images: images.map(({ id, image }) => ({ id, image })),
    image: images[0]?.image ?? null,
    trending: row.trending,
    topselling: row.topselling,
    newin: row.newin,
    in_stock: availableStock(row) > 0,
    stock_quantity: row.stockQuantity,
    stock_kind: row.stockKind,
    on_sale: row.inStock,
    available_quantity: row.stockKind === 'ready_stock' ? availableStock(row) : null,
    // The owner's figure until a review is published, then the published reviews' average to a half (decision 0050).
    ratings: row.reviewCount > 0 ? roundToHalf(row.reviewStarSum / row.reviewCount) : row.ratingTenths / 10,
    review_count: row.reviewCount,
    customizable: row.customizable,
    dimensions: row.dimensions,
    finishes: row.finishes,
    finish_images: drawn ? finishImages.filter((f) => offered.has(f.finish)) : [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...shippingFields(row),
  };
}

/** A product's shipping fields as the API answers them (decision 0030, delivery). */
function shippingFields(row: ProductRow): ProductShipping {
  const packed =
    row.packedLengthCm && row.packedWidthCm && row.packedHeightCm
      ? { length: row.packedLengthCm, width: row.packedWidthCm, height: row.packedHeightCm }
      : null;
  const weight = row.shippingWeightG === null ? null : row.shippingWeightG / 1000;
  return {
    shipping_weight_kg: weight,
    packed_size: packed,
    chargeable_weight_kg: chargeableKg(weight, packed),
    production_weeks_min: row.productionWeeksMin,
    production_weeks_max: row.productionWeeksMax,
  };
}

export type ReadyToShipPageData = Omit<ReadyToShipPage, 'next' | 'previous'> & {
  nextPage: number | null;
  previousPage: number | null;
};

/** `onInvalidate` tells other processes (see services.ts) that the catalogue changed. */
/**
 * A product with its pictures by its slug (every product page on a miss, the product's JSON, the cart's pieces):
 * prepared, so that the statement and its mapping of rows are built once rather than on every first read
 * (decision 0058).
 */
const productBySlug = preparedOn((db) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subcategoryJoin, eq(subcategoryJoin.id, products.subcategoryId))
    .where(eq(products.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('product_by_slug'),
);

/** A category's leading products with their pictures (the product page's related pieces): prepared, as above. */
const leadingOfCategory = preparedOn((db) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subcategoryJoin, eq(subcategoryJoin.id, products.subcategoryId))
    .where(eq(categories.slug, sql.placeholder('category')))
    .orderBy(desc(products.topselling), desc(products.ratingTenths), asc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('leading_of_category'),
);

export function createCatalogService(db: Db, options: { onInvalidate?: () => void } = {}) {
  const cache = new ReadCache();
  // Search's own words, apart from the many answers above so that those never push them out.
  const searchCache = new ReadCache({ ...READ_CACHE_LIMITS, bytes: 16 * 1024 * 1024 });

  function baseProductQuery() {
    return db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategoryJoin, eq(subcategoryJoin.id, products.subcategoryId));
  }

  /** The products of rows read with their pictures (see productColumns). */
  function withImages(rows: ProductRow[]): Product[] {
    return rows.map((r) => toProduct(r, listOf(r.images), listOf(r.finishImages)));
  }

  /**
   * Every word the catalogue uses, for typo-tolerant search: product names and descriptions (their tokens, kept
   * in `search_words` by the products' triggers), category names and descriptions, subcategory names.
   */
  function vocabulary(): Promise<Set<string>> {
    return searchCache.get('vocabulary', async () => {
      const [tokenRows, categoryRows, subcategoryRows] = await Promise.all([
        db.select({ token: searchWords.token }).from(searchWords),
        db.select({ name: categories.name, description: categories.description }).from(categories),
        db.select({ name: subcategories.name }).from(subcategories),
      ]);
      const set = new Set<string>();
      for (const r of tokenRows) for (const w of words(r.token)) set.add(w);
      for (const r of categoryRows) for (const w of words(`${r.name} ${r.description}`)) set.add(w);
      for (const r of subcategoryRows) for (const w of words(r.name)) set.add(w);
      return set;
    });
  }

  /** The vocabulary by trigram (pg_trgm's: the word padded with two spaces before and one after). */
  function trigramIndex(): Promise<Map<string, string[]>> {
    return searchCache.get('vocabulary-trigrams', async () => {
      const index = new Map<string, string[]>();
      for (const word of await vocabulary()) {
        for (const gram of new Set(trigrams(word))) {
          const list = index.get(gram);
          if (list) list.push(word);
          else index.set(gram, [word]);
        }
      }
      return index;
    });
  }

  /** The owner's synonyms: a word typed → the catalogue words it stands for. */
  function synonyms(): Promise<Map<string, string[]>> {
    return searchCache.get('synonyms', async () => {
      const rows = await db.select({ term: searchSynonyms.term, means: searchSynonyms.means }).from(searchSynonyms);
      return new Map(rows.map((r) => [r.term, words(r.means)]));
    });
  }

  /**
   * For each query word, the vocabulary words that share most of its trigrams (pg_trgm's similarity),
   * which catch misspellings that edit distance does not.
   */
  async function similarWords(terms: string[], vocab: Set<string>): Promise<Map<string, Map<string, number>>> {
    const out = new Map<string, Map<string, number>>();
    if (!terms.length || !vocab.size) return out;
    // Only words sharing a trigram with a query word can be similar to it: the database compares those alone.
    const index = await trigramIndex();
    const candidates = new Set<string>();
    for (const term of terms) for (const gram of trigrams(term)) for (const w of index.get(gram) ?? []) candidates.add(w);
    if (!candidates.size) return out;
    // Words are plain [a-z0-9]+, so a space joins and splits them safely; the values travel as parameters.
    const result: unknown = await db.execute<{ term: string; word: string; sim: number | string }>(sql`
      select t.term, c.word, c.sim
      from unnest(string_to_array(${terms.join(' ')}, ' ')) as t(term)
      cross join lateral (
        select v.word, similarity(t.term, v.word) as sim
        from unnest(string_to_array(${[...candidates].join(' ')}, ' ')) as v(word)
        where similarity(t.term, v.word) >= 0.3
        order by sim desc, v.word
        limit 6
      ) as c`);
    // Both drivers answer with `{ rows }`.
    for (const r of (result as { rows: { term: string; word: string; sim: number | string }[] }).rows) {
      const forTerm = out.get(r.term) ?? new Map<string, number>();
      forTerm.set(r.word, Number(r.sim));
      out.set(r.term, forTerm);
    }
    return out;
  }

  /** For each tsquery, the categories (by name and description) and subcategories (by name) it matches. */
  function matchingSections(tsqueries: string[]): Promise<{ categoryIds: number[]; subcategoryIds: number[] }[]> {
    return searchCache.get(`sections:${tsqueries.join('\n')}`, async () => {
      // The tsqueries are made of vocabulary words, spaces and operators: a line break joins and splits them.
      const result: unknown = await db.execute(sql`
        select g.n, array(select c.id from ${categories} c where to_tsvector('english', c.name || ' ' || c.description) @@ to_tsquery('english', g.q)) as categories,
          array(select s.id from ${subcategories} s where to_tsvector('english', s.name) @@ to_tsquery('english', g.q)) as subcategories
        from unnest(string_to_array(${tsqueries.join('\n')}, chr(10))) with ordinality as g(q, n)
        order by g.n`);
      const rows = (result as { rows: { categories: number[] | string; subcategories: number[] | string }[] }).rows;
      return rows.map((r) => ({ categoryIds: ids(r.categories), subcategoryIds: ids(r.subcategories) }));
    });
  }

  function listCategories(): Promise<Category[]> {
    return cache.get('categories', async () => {
      const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
      return rows.map(toCategory);
    });
  }

  async function queryProducts(q: ProductQuery): Promise<Product[]> {
    const where: SQL[] = [];
    // By id, so that the products' own indexes serve the filter and the order together.
    if (q.category) where.push(sql`${products.categoryId} = (select c.id from ${categories} c where c.slug = ${q.category})`);
    if (q.subcategory) where.push(sql`${products.subcategoryId} = (select s.id from ${subcategories} s where s.slug = ${q.subcategory})`);
    if (q.collection) where.push(eq(products.collection, q.collection));
    if (q.newin !== undefined) where.push(eq(products.newin, q.newin));
    if (q.topselling !== undefined) where.push(eq(products.topselling, q.topselling));
    if (q.trending !== undefined) where.push(eq(products.trending, q.trending));
    if (q.in_stock !== undefined) where.push(q.in_stock ? sellableSql : not(sellableSql));

    const order: SQL[] = [];
    if (q.search) {
      const text = q.search;
      const vocab = await vocabulary();
      const groups = buildTsQueryGroups(text, vocab, await similarWords(queryWords(text), vocab), await synonyms());
      if (groups) {
        // A word may match the product itself, or its category or subcategory: "dinning table" finds the
        // dining sets, whose category is about dining tables.
        const sections = await matchingSections(groups.map((g) => g.tsquery));
        const matches = groups.map(({ tsquery }, i) => {
          // The few matching categories are found first, so the planner sees their ids (and their share of
          // the products) and reads the products' indexes.
          const { categoryIds, subcategoryIds } = sections[i]!;
          return or(
            sql`${products.searchVector} @@ to_tsquery('english', ${tsquery})`,
            categoryIds.length ? inArray(products.categoryId, categoryIds) : undefined,
            subcategoryIds.length ? inArray(products.subcategoryId, subcategoryIds) : undefined,
          )!;
        });
        const meant = groups.map((g) => g.best).join(' ');
        const nameSimilarity = sql`word_similarity(${meant}, ${products.name})`;
        const anyWord = sql`to_tsquery('english', ${groups.map((g) => g.tsquery).join(' | ')})`;
        const everyWord = and(...matches)!;
        // `<%` reads the names' trigram index (at the sessions' threshold, 0.5, see db/client.ts).
        const resembles = sql`(${meant} <% ${products.name} and ${nameSimilarity} > 0.5)`;
        if (q.ordering) where.push(sql`(${everyWord} or ${resembles})`);
        else {
          // By relevance, only a bounded set of candidates is ranked, whatever the catalogue's size: up to
          // `enough` products that hold every word (in their own words or their category's). When there are
          // more, as many again whose names hold every word, the most relevant; when there are fewer than a
          // page, up to `enough` whose names resemble the query. A search with fewer matches than `enough`
          // ranks them all, as before. Each is read from an index.
          const filters = where.length ? sql`${and(...where)} and ` : sql``;
          const enough = Math.max(SEARCH_CANDIDATES, q.limit ?? PRODUCT_LIMIT_DEFAULT);
          const page = q.limit ?? PRODUCT_LIMIT_DEFAULT;
          const named = sql`to_tsquery('english', ${groups.map((g) => g.tsquery).join(' & ')})`;
          const some = (condition: SQL) => sql`(select ${products.id} from ${products} where ${filters}${condition} limit ${enough})`;
          where.splice(
            0,
            where.length,
            sql`${products.id} in (
              with matching as materialized ${some(everyWord)}
              select id from matching
              union ${some(sql`(select count(*) from matching) >= ${enough} and to_tsvector('english', ${products.name}) @@ ${named}`)}
              union ${some(sql`(select count(*) from matching) < ${page} and ${products.id} in (select r.id from search_names_resembling(${meant}, ${enough}) as r(id))`)})`,
          );
        }
        // Products that hold every word first; a name that merely resembles the query comes after them.
        order.push(sql`(${everyWord}) desc`, sql`ts_rank(${products.searchVector}, ${anyWord}) + ${nameSimilarity} desc`);
      }
    }
    switch (q.ordering) {
      case 'price':
        order.unshift(asc(products.pricePaise));
        break;
      case '-price':
        order.unshift(desc(products.pricePaise));
        break;
      case 'name':
        order.unshift(asc(products.name));
        break;
      case '-ratings':
        order.unshift(desc(shownRatingTenths('products')));
        break;
      case 'ratings':
        order.unshift(asc(shownRatingTenths('products')));
        break;
      case '-created_at':
        order.unshift(desc(products.createdAt));
        break;
      default:
        if (!q.search) order.push(desc(products.createdAt));
    }
    order.push(asc(products.id));
    if (q.after !== undefined) {
      if (q.search) throw invalid({ after: ['Pages by cursor are not offered with search: ask for a larger limit.'] });
      where.push(afterCondition(q.ordering, q.after));
    }

    const rows = await baseProductQuery()
      .where(where.length ? and(...where) : undefined)
      .orderBy(...order)
      .limit(q.limit ?? PRODUCT_LIMIT_DEFAULT);
    return withImages(rows);
  }

  const reads = {
    /** Drops every cached read; called after any catalogue or content write. */
    invalidate(): void {
      cache.clear();
      searchCache.clear();
      options.onInvalidate?.();
    },

    /** Drops this process's cached reads only: another process changed the catalogue. */
    clearCache(): void {
      cache.clear();
      searchCache.clear();
    },

    listCategories,

    /** The search synonyms the owner keeps, alphabetically. */
    async listSynonyms(): Promise<SearchSynonym[]> {
      const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term));
      return rows.map((r) => ({ id: r.id, term: r.term, means: r.means }));
    },

    /** Adds a synonym (409 when the word already has one); search uses it at once. */
    async addSynonym(input: { term: string; means: string }): Promise<SearchSynonym> {
      const term = words(input.term);
      const means = words(input.means);
      if (term.length !== 1) throw invalid({ term: ['Enter one word, in letters and digits (such as mandap).'] });
      if (!means.length) throw invalid({ means: ['Enter the catalogue word or words it stands for (such as mandir).'] });
      if (means.length === 1 && means[0] === term[0]) throw invalid({ means: ['A word cannot stand for itself.'] });
      const [row] = await db
        .insert(searchSynonyms)
        .values({ term: term[0]!, means: means.join(' ') })
        .onConflictDoNothing({ target: searchSynonyms.term })
        .returning();
      if (!row) throw conflict(`“${term[0]}” already has a synonym. Delete it first to change it.`);
      reads.invalidate();
      return { id: row.id, term: row.term, means: row.means };
    },

    async deleteSynonym(id: number): Promise<void> {
      const gone = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
      if (!gone.length) throw notFound('Synonym');
      reads.invalidate();
    },

    async getCategory(slug: string): Promise<Category> {
      const all = await listCategories();
      const found = all.find((c) => c.slug === slug.toLowerCase());
      if (!found) throw notFound('Category');
      return found;
    },

    listSubcategories(categorySlug?: string): Promise<Subcategory[]> {
      return cache.get(`subcategories:${categorySlug ?? ''}`, async () => {
        const rows = await db
          .select({
            id: subcategories.id,
            slug: subcategories.slug,
            name: subcategories.name,
            description: subcategories.description,
            image: subcategories.image,
            categorySlug: categories.slug,
            categoryName: categories.name,
          })
          .from(subcategories)
          .innerJoin(categories, eq(categories.id, subcategories.categoryId))
          .where(categorySlug ? eq(categories.slug, categorySlug) : undefined)
          .orderBy(asc(categories.position), asc(subcategories.id));
        return rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          name: r.name,
          description: r.description,
          image: r.image,
          category: { slug: r.categorySlug, name: r.categoryName },
        }));
      });
    },

    listProducts(q: ProductQuery = {}): Promise<Product[]> {
      // Later pages by cursor are countless: they are read each time (by index) rather than kept.
      if (q.after !== undefined) return queryProducts(q);
      return cache.get(`products:${JSON.stringify(q)}`, () => queryProducts(q));
    },

    getProduct(slug: string): Promise<Product> {
      return cache.get(`product:${slug}`, async () => {
        const [row] = await productBySlug(db).execute({ slug });
        if (!row) throw notFound('Product');
        return withImages([row])[0]!;
      });
    },

    /** How many products the catalogue holds (the sitemap's parts). */
    async countProducts(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(products);
      return row?.total ?? 0;
    },

    /** Addresses of products for the sitemap, oldest first: `limit` of them from the `offset`th. */
    async sitemapProducts(offset: number, limit: number): Promise<{ slug: string; updatedAt: Date }[]> {
      return db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).orderBy(asc(products.id)).limit(limit).offset(offset);
    },

    /** Every product, oldest first, uncached, `size` at a time (the admin's CSV export): read by id, page after page. */
    async *productBatches(size: number): AsyncGenerator<Product[]> {
      let after = 0;
      for (;;) {
        const rows = await baseProductQuery()
          .where(sql`${products.id} > ${after}`)
          .orderBy(asc(products.id))
          .limit(size);
        if (!rows.length) return;
        yield withImages(rows);
        if (rows.length < size) return;
        after = rows[rows.length - 1]!.id;
      }
    },

    /**
     * Products of the same category, this one excluded: the category's first `limit + 1` in this order, read once
     * for every product of the category (a crawler walking the products reads each category once, not each
     * product; decision 0058), less this one.
     */
    async relatedProducts(product: Product, limit = 8): Promise<Product[]> {
      const leading = await cache.get(`related:${product.category.slug}:${limit + 1}`, async () => {
        const rows = await leadingOfCategory(db).execute({ category: product.category.slug, limit: limit + 1 });
        return withImages(rows);
      });
      return leading.filter((p) => p.id !== product.id).slice(0, limit);
    },

    /** One page of the ready-to-ship range (1-based); a page past the end is not found. */
    readyToShipPage(page: number, pageSize: number): Promise<ReadyToShipPageData> {
      return cache.get(`rts:${page}:${pageSize}`, async () => {
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(readyToShip);
        const pages = Math.max(1, Math.ceil(total / pageSize));
        if (page > pages) throw notFound('That page');
        const entries = await db
          .select()
          .from(readyToShip)
          .orderBy(desc(readyToShip.createdAt), asc(readyToShip.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
        const rows = entries.length
          ? await baseProductQuery().where(
              inArray(
                products.id,
                entries.map((e) => e.productId),
              ),
            )
          : [];
        const byId = new Map(withImages(rows).map((p) => [p.id, p]));
        return {
          count: total,
          nextPage: page < pages ? page + 1 : null,
          previousPage: page > 1 ? page - 1 : null,
          results: entries
            .filter((e) => byId.has(e.productId))
            .map((e) => ({ id: e.id, product: byId.get(e.productId)!, MostSold: e.mostSold, NewArrival: e.newArrival })),
        };
      });
    },
  };

  return { ...reads, ...createCatalogWrites(db, reads) };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
