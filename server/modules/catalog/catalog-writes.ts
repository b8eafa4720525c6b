import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { PACKED_SIZE_MESSAGE, PRODUCTION_WEEKS_DEFAULT, PRODUCTION_WEEKS_ORDER_MESSAGE } from '../../../contract/delivery';
import {
  PRODUCT_IMAGES_MAX,
  type Category,
  type Product,
  type ProductFormInput,
  type ProductPatchInput,
  type ReadyToShipEntry,
  type Subcategory,
} from '../../../contract/catalog';
import type { Db } from '../../db/client';
import { categories, collections, productFinishImages, productImages, products, readyToShip, subcategories } from '../../db/schema';
import { isDrawing } from '../../lib/images';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { uniqueSlug } from '../../lib/slug';
import { setCount } from '../stock/stock.service';
import type { CatalogReads, ProductImageEdits, CategoryInput, SubcategoryInput, ImportRow, ImportRowResult, ImportReport } from './catalog-types';
import { toCategory } from './catalog-rows';

type CategoryRow = typeof categories.$inferSelect;
type SubcategoryRow = typeof subcategories.$inferSelect;
type ProductRow = typeof products.$inferSelect;

const lower = (s: string) => s.trim().toLowerCase();

/** JSON with its keys in a fixed order, so equal values compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

export function createCatalogWrites(db: Db, reads: CatalogReads) {
  async function findCategory(exec: Db, slug: string): Promise<CategoryRow | undefined> {
    const [row] = await exec
      .select()
      .from(categories)
      .where(eq(categories.slug, lower(slug)))
      .limit(1);
    return row;
  }

  async function findProduct(exec: Db, slug: string): Promise<ProductRow> {
    const [row] = await exec.select().from(products).where(eq(products.slug, slug)).limit(1);
    if (!row) throw notFound('Product');
    return row;
  }

  async function subcategoryWithin(exec: Db, slug: string, categoryId: number): Promise<SubcategoryRow> {
    const [row] = await exec
      .select()
      .from(subcategories)
      .where(eq(subcategories.slug, lower(slug)))
      .limit(1);
    if (!row || row.categoryId !== categoryId) throw invalid({ subcategory: ['Choose a subcategory of the chosen category.'] });
    return row;
  }

  async function productSlugFor(exec: Db, input: { slug?: string; name: string }, selfId?: number): Promise<string> {
    const taken = async (slug: string) =>
      (
        await exec
          .select({ id: products.id })
          .from(products)
          .where(selfId === undefined ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, selfId)))
          .limit(1)
      ).length > 0;
    if (input.slug) {
      if (await taken(input.slug)) throw invalid({ slug: ['This slug is already used by another product.'] });
      return input.slug;
    }
    return uniqueSlug(input.name, taken);
  }

  /** Product columns from a validated form; only the fields present are returned. */
  async function productValues(exec: Db, input: ProductPatchInput, current: ProductRow | null) {
    const values: Partial<typeof products.$inferInsert> = {};
    let categoryId = current?.categoryId;
    if (input.category !== undefined) {
      const category = await findCategory(exec, input.category);
      if (!category) throw invalid({ category: ['Choose an existing category.'] });
      categoryId = category.id;
      values.categoryId = category.id;
    }
    if (input.subcategory !== undefined) {
      values.subcategoryId = input.subcategory === null ? null : (await subcategoryWithin(exec, input.subcategory, categoryId!)).id;
    } else if (current && values.categoryId !== undefined && values.categoryId !== current.categoryId && current.subcategoryId) {
      // Moving a product to another category drops a subcategory that belongs to the old one.
      values.subcategoryId = null;
    }
    if (input.name !== undefined) values.name = input.name;
    if (input.price !== undefined) values.pricePaise = input.price;
    if (input.description !== undefined) values.description = input.description;
    if (input.collection !== undefined) {
      if (input.collection !== null) {
        const [found] = await exec.select({ id: collections.id }).from(collections).where(eq(collections.id, input.collection)).limit(1);
        if (!found) throw invalid({ collection: [`There is no collection “${input.collection}”. Choose one from the list, or leave it empty.`] });
      }
      values.collection = input.collection;
    }
    if (input.trending !== undefined) values.trending = input.trending;
    if (input.topselling !== undefined) values.topselling = input.topselling;
    if (input.newin !== undefined) values.newin = input.newin;
    if (input.in_stock !== undefined) values.inStock = input.in_stock;
    if (input.customizable !== undefined) values.customizable = input.customizable;
    if (input.stock_kind !== undefined) values.stockKind = input.stock_kind;
    if (input.stock_quantity !== undefined) values.stockQuantity = input.stock_quantity;
    if (input.ratings !== undefined) values.ratingTenths = input.ratings;
    if (input.dimensions !== undefined) values.dimensions = input.dimensions;
    if (input.finishes !== undefined) values.finishes = input.finishes;
    shippingValues(input, current, values);
    return values;
  }

  /** The shipping fields (decision 0030, delivery): a packed size is all three sides or none; weeks in order. */
  function shippingValues(input: ProductPatchInput, current: ProductRow | null, values: Partial<typeof products.$inferInsert>) {
    if (input.shipping_weight_kg !== undefined)
      values.shippingWeightG = input.shipping_weight_kg === null ? null : Math.round(input.shipping_weight_kg * 1000);
    const sides = [
      ['packed_length_cm', 'packedLengthCm'],
      ['packed_width_cm', 'packedWidthCm'],
      ['packed_height_cm', 'packedHeightCm'],
    ] as const;
    if (sides.some(([field]) => input[field] !== undefined)) {
      const after = sides.map(([field, column]) => (input[field] !== undefined ? input[field] : (current?.[column] ?? null)));
      if (after.some((v) => v === null) && after.some((v) => v !== null)) {
        const missing = sides.filter((_, i) => after[i] === null).map(([field]) => field);
        throw invalid(Object.fromEntries(missing.map((f) => [f, [PACKED_SIZE_MESSAGE]])), PACKED_SIZE_MESSAGE);
      }
      sides.forEach(([field, column], i) => {
        if (input[field] !== undefined) values[column] = after[i] ?? null;
      });
    }
    if (input.production_weeks_min !== undefined || input.production_weeks_max !== undefined) {
      const min = input.production_weeks_min ?? current?.productionWeeksMin ?? PRODUCTION_WEEKS_DEFAULT.min;
      const max = input.production_weeks_max ?? current?.productionWeeksMax ?? PRODUCTION_WEEKS_DEFAULT.max;
      if (min > max) throw invalid({ production_weeks_min: [PRODUCTION_WEEKS_ORDER_MESSAGE] }, PRODUCTION_WEEKS_ORDER_MESSAGE);
      values.productionWeeksMin = min;
      values.productionWeeksMax = max;
    }
  }

  async function insertProduct(exec: Db, input: ProductFormInput, images: string[]): Promise<string> {
    if (images.length > PRODUCT_IMAGES_MAX) throw invalid({ images: [`A product can have at most ${PRODUCT_IMAGES_MAX} images.`] });
    const values = await productValues(exec, input, null);
    const slug = await productSlugFor(exec, { slug: input.slug, name: input.name });
    const [row] = await exec
      .insert(products)
      .values({ ...values, slug, name: input.name, pricePaise: input.price, categoryId: values.categoryId! })
      .returning({ id: products.id });
    if (images.length) {
      await exec.insert(productImages).values(images.map((image, position) => ({ productId: row!.id, image, position })));
    }
    return slug;
  }

  async function patchProduct(exec: Db, current: ProductRow, input: ProductPatchInput, edits: ProductImageEdits = {}): Promise<string> {
    const values = await productValues(exec, input, current);
    let slug = current.slug;
    if (input.slug !== undefined && input.slug !== current.slug) slug = await productSlugFor(exec, { slug: input.slug, name: '' }, current.id);

    const existing = await exec
      .select({ id: productImages.id, image: productImages.image })
      .from(productImages)
      .where(eq(productImages.productId, current.id))
      .orderBy(asc(productImages.position), asc(productImages.id));
    const resolve = (field: 'remove_images' | 'image_order', token: string) => {
      const t = token.trim();
      const found = existing.find((img) => String(img.id) === t || img.image === t);
      if (!found) throw invalid({ [field]: [`“${t}” is not one of this product’s images.`] });
      return found.id;
    };
    const removed = new Set((edits.remove ?? []).map((t) => resolve('remove_images', t)));
    // The owner's photos replace the demo drawings: uploading any drops the drawn views and finish pictures.
    const replacesDrawings = (edits.add ?? []).length > 0;
    if (replacesDrawings) for (const img of existing) if (isDrawing(img.image)) removed.add(img.id);
    const ordered = (edits.order ?? []).map((t) => resolve('image_order', t));
    const kept = existing.filter((img) => !removed.has(img.id));
    const rank = (id: number) => {
      const i = ordered.indexOf(id);
      return i === -1 ? ordered.length : i;
    };
    kept.sort((a, b) => rank(a.id) - rank(b.id));
    const added = edits.add ?? [];
    if (kept.length + added.length > PRODUCT_IMAGES_MAX) {
      throw invalid({
        images: [`A product can have at most ${PRODUCT_IMAGES_MAX} images; it has ${kept.length}, and ${added.length} were added.`],
      });
    }

    // The shelf count goes through the stock module, which keeps it at or above the pieces held for buyers paying now.
    const { stockQuantity, ...rest } = values;
    if (stockQuantity !== undefined) await setCount(exec, current.id, stockQuantity);
    await exec
      .update(products)
      .set({ ...rest, slug, updatedAt: new Date() })
      .where(eq(products.id, current.id));
    if (removed.size) await exec.delete(productImages).where(inArray(productImages.id, [...removed]));
    if (replacesDrawings) await exec.delete(productFinishImages).where(eq(productFinishImages.productId, current.id));
    for (const [position, img] of kept.entries()) {
      await exec.update(productImages).set({ position }).where(eq(productImages.id, img.id));
    }
    if (added.length) {
      await exec.insert(productImages).values(added.map((image, i) => ({ productId: current.id, image, position: kept.length + i })));
    }
    return slug;
  }

  /** The form fields of an import row that differ from the stored product. */
  async function changedFields(exec: Db, current: ProductRow, input: ProductPatchInput): Promise<string[]> {
    const changes: string[] = [];
    const differs = (field: keyof ProductPatchInput, stored: unknown) => {
      const value = input[field];
      if (value !== undefined && canonical(value) !== canonical(stored)) changes.push(field);
    };
    differs('name', current.name);
    differs('description', current.description);
    differs('price', current.pricePaise);
    differs('collection', current.collection);
    differs('trending', current.trending);
    differs('topselling', current.topselling);
    differs('newin', current.newin);
    differs('in_stock', current.inStock);
    differs('customizable', current.customizable);
    differs('stock_kind', current.stockKind);
    differs('stock_quantity', current.stockQuantity);
    differs('ratings', current.ratingTenths);
    differs('dimensions', current.dimensions);
    differs('finishes', current.finishes);
    differs('shipping_weight_kg', current.shippingWeightG === null ? null : current.shippingWeightG / 1000);
    differs('packed_length_cm', current.packedLengthCm);
    differs('packed_width_cm', current.packedWidthCm);
    differs('packed_height_cm', current.packedHeightCm);
    differs('production_weeks_min', current.productionWeeksMin);
    differs('production_weeks_max', current.productionWeeksMax);
    if (input.category !== undefined) {
      const category = await findCategory(exec, input.category);
      if (!category) throw invalid({ category: ['Choose an existing category.'] });
      if (category.id !== current.categoryId) changes.push('category');
    }
    if (input.subcategory !== undefined) {
      const [sub] = input.subcategory
        ? await exec
            .select({ id: subcategories.id })
            .from(subcategories)
            .where(eq(subcategories.slug, lower(input.subcategory)))
            .limit(1)
        : [];
      if ((sub?.id ?? null) !== current.subcategoryId || (input.subcategory && !sub)) changes.push('subcategory');
    }
    return changes;
  }

  async function nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const rows = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(sql`lower(${categories.name}) = ${lower(name)}`, exceptId === undefined ? undefined : ne(categories.id, exceptId)))
      .limit(1);
    return rows.length > 0;
  }

  async function categorySlugFor(input: { slug?: string; name: string }, selfId?: number): Promise<string> {
    const taken = async (slug: string) =>
      (
        await db
          .select({ id: categories.id })
          .from(categories)
          .where(selfId === undefined ? eq(categories.slug, slug) : and(eq(categories.slug, slug), ne(categories.id, selfId)))
          .limit(1)
      ).length > 0;
    if (input.slug) {
      if (await taken(input.slug)) throw invalid({ slug: ['This slug is already used by another category.'] });
      return input.slug;
    }
    return uniqueSlug(input.name, taken);
  }

  async function subcategorySlugFor(input: { slug?: string; name: string }, selfId?: number): Promise<string> {
    const taken = async (slug: string) =>
      (
        await db
          .select({ id: subcategories.id })
          .from(subcategories)
          .where(selfId === undefined ? eq(subcategories.slug, slug) : and(eq(subcategories.slug, slug), ne(subcategories.id, selfId)))
          .limit(1)
      ).length > 0;
    if (input.slug) {
      if (await taken(input.slug)) throw invalid({ slug: ['This slug is already used by another subcategory.'] });
      return input.slug;
    }
    return uniqueSlug(input.name, taken);
  }

  async function subcategoryAnswer(row: SubcategoryRow): Promise<Subcategory> {
    const [category] = await db.select().from(categories).where(eq(categories.id, row.categoryId)).limit(1);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      image: row.image,
      category: { slug: category!.slug, name: category!.name },
    };
  }

  async function subcategoryNameTaken(categoryId: number, name: string, exceptId?: number): Promise<boolean> {
    const rows = await db
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(
        and(
          eq(subcategories.categoryId, categoryId),
          sql`lower(${subcategories.name}) = ${lower(name)}`,
          exceptId === undefined ? undefined : ne(subcategories.id, exceptId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async function readyToShipEntry(id: number): Promise<ReadyToShipEntry> {
    const [entry] = await db.select().from(readyToShip).where(eq(readyToShip.id, id)).limit(1);
    if (!entry) throw notFound('Ready-to-ship entry');
    const [product] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, entry.productId)).limit(1);
    return { id: entry.id, product: await reads.getProduct(product!.slug), MostSold: entry.mostSold, NewArrival: entry.newArrival };
  }

  return {
    // ── products ──────────────────────────────────────────────────────────────────────────────
    async createProduct(input: ProductFormInput, images: string[]): Promise<Product> {
      const slug = await db.transaction((tx) => insertProduct(tx, input, images));
      reads.invalidate();
      return reads.getProduct(slug);
    },

    async updateProduct(currentSlug: string, input: ProductPatchInput, edits: ProductImageEdits = {}): Promise<Product> {
      const slug = await db.transaction(async (tx) => patchProduct(tx, await findProduct(tx, currentSlug), input, edits));
      reads.invalidate();
      return reads.getProduct(slug);
    },

    async deleteProduct(slug: string): Promise<void> {
      const deleted = await db.delete(products).where(eq(products.slug, slug)).returning({ id: products.id });
      if (!deleted.length) throw notFound('Product');
      reads.invalidate();
    },

    /**
     * Creates or updates products from import rows (matched by slug) in one transaction. Every row is
     * tried, each in its own savepoint, so the report names every row's error; then the transaction is
     * rolled back for a dry run or when any row failed (all or nothing), and committed otherwise.
     */
    async importProducts(rows: ImportRow[], options: { apply: boolean }): Promise<ImportReport> {
      const results: ImportRowResult[] = [];
      const seen = new Map<string, number>();
      const rollback = new Error('rollback');
      try {
        await db.transaction(async (tx) => {
          for (const row of rows) {
            const result: ImportRowResult = { line: row.line, slug: row.slug, name: row.input?.name ?? null, action: 'error', changes: [] };
            results.push(result);
            if (!row.input) {
              result.errors = row.errors ?? { non_field_errors: ['This row could not be read.'] };
              continue;
            }
            const key = row.slug ?? null;
            if (key && seen.has(key)) {
              result.errors = { slug: [`This slug is already used by line ${seen.get(key)} of the file.`] };
              continue;
            }
            if (key) seen.set(key, row.line);
            const input = row.input;
            try {
              await tx.transaction(async (sp) => {
                const [current] = key ? await sp.select().from(products).where(eq(products.slug, key)).limit(1) : [];
                if (current) {
                  const changes = await changedFields(sp, current, input);
                  result.changes = changes;
                  result.action = changes.length ? 'update' : 'unchanged';
                  if (changes.length) await patchProduct(sp, current, input);
                } else {
                  const missing: Record<string, string[]> = {};
                  if (input.name === undefined) missing.name = ['Name is required'];
                  if (input.price === undefined) missing.price = ['Valid price is required'];
                  if (input.category === undefined) missing.category = ['Category is required'];
                  if (Object.keys(missing).length) throw invalid(missing);
                  const slug = await insertProduct(sp, { ...input, name: input.name!, price: input.price!, category: input.category! }, []);
                  result.slug = slug;
                  result.action = 'create';
                  result.changes = Object.keys(input).filter((k) => input[k as keyof ProductPatchInput] !== undefined);
                }
              });
            } catch (err) {
              if (!(err instanceof AppError) || err.code !== 'invalid') throw err;
              result.action = 'error';
              result.changes = [];
              result.errors = err.errors ?? { non_field_errors: [err.detail] };
            }
          }
          if (!options.apply || results.some((r) => r.action === 'error')) throw rollback;
        });
      } catch (err) {
        if (err !== rollback) throw err;
      }
      const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
      for (const r of results) summary[r.action] += 1;
      const applied = options.apply && summary.error === 0;
      if (applied) reads.invalidate();
      return { applied, summary, rows: results };
    },

    // ── categories ────────────────────────────────────────────────────────────────────────────
    async createCategory(input: CategoryInput & { name: string }, image: string | null): Promise<Category> {
      if (await nameTaken(input.name)) throw invalid({ name: ['A category with this name already exists.'] });
      const slug = await categorySlugFor({ slug: input.slug, name: input.name });
      const [{ next } = { next: 0 }] = await db.select({ next: sql<number>`coalesce(max(${categories.position}), 0) + 1` }).from(categories);
      const [row] = await db
        .insert(categories)
        .values({
          slug,
          name: input.name,
          description: input.description ?? '',
          image,
          position: Number(next),
          ...(input.hsn_code !== undefined ? { hsnCode: input.hsn_code } : {}),
          ...(input.gst_rate !== undefined ? { gstRateBp: Math.round(input.gst_rate * 100) } : {}),
        })
        .returning();
      reads.invalidate();
      return toCategory(row!);
    },

    async updateCategory(slug: string, input: CategoryInput, image: string | undefined): Promise<Category> {
      const current = await findCategory(db, slug);
      if (!current) throw notFound('Category');
      if (input.name !== undefined && (await nameTaken(input.name, current.id))) {
        throw invalid({ name: ['A category with this name already exists.'] });
      }
      const newSlug = input.slug && input.slug !== current.slug ? await categorySlugFor({ slug: input.slug, name: '' }, current.id) : current.slug;
      const [row] = await db
        .update(categories)
        .set({
          slug: newSlug,
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.hsn_code !== undefined ? { hsnCode: input.hsn_code } : {}),
          ...(input.gst_rate !== undefined ? { gstRateBp: Math.round(input.gst_rate * 100) } : {}),
          ...(image !== undefined ? { image } : {}),
          updatedAt: new Date(),
        })
        .where(eq(categories.id, current.id))
        .returning();
      reads.invalidate();
      return toCategory(row!);
    },

    /** Refused (409) while products are in the category; its (then empty) subcategories go with it. */
    async deleteCategory(slug: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await findCategory(tx, slug);
        if (!current) throw notFound('Category');
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, current.id));
        if (n > 0) {
          throw conflict(
            `The category “${current.name}” still has ${n} ${n === 1 ? 'product' : 'products'}. Move ${n === 1 ? 'it' : 'them'} to another category or delete ${n === 1 ? 'it' : 'them'} first.`,
          );
        }
        await tx.delete(subcategories).where(eq(subcategories.categoryId, current.id));
        await tx.delete(categories).where(eq(categories.id, current.id));
      });
      reads.invalidate();
    },

    // ── subcategories ─────────────────────────────────────────────────────────────────────────
    async createSubcategory(input: SubcategoryInput & { name: string; category: string }, image: string | null): Promise<Subcategory> {
      const category = await findCategory(db, input.category);
      if (!category) throw invalid({ category: ['Choose an existing category.'] });
      if (await subcategoryNameTaken(category.id, input.name)) {
        throw invalid({ name: [`“${category.name}” already has a subcategory with this name.`] });
      }
      const slug = await subcategorySlugFor({ slug: input.slug, name: input.name });
      const [row] = await db
        .insert(subcategories)
        .values({ slug, name: input.name, description: input.description ?? '', image, categoryId: category.id })
        .returning();
      reads.invalidate();
      return subcategoryAnswer(row!);
    },

    async updateSubcategory(slug: string, input: SubcategoryInput, image: string | undefined): Promise<Subcategory> {
      const [current] = await db
        .select()
        .from(subcategories)
        .where(eq(subcategories.slug, lower(slug)))
        .limit(1);
      if (!current) throw notFound('Subcategory');
      let categoryId = current.categoryId;
      if (input.category !== undefined) {
        const category = await findCategory(db, input.category);
        if (!category) throw invalid({ category: ['Choose an existing category.'] });
        categoryId = category.id;
      }
      if (await subcategoryNameTaken(categoryId, input.name ?? current.name, current.id)) {
        throw invalid({ name: ['This category already has a subcategory with this name.'] });
      }
      const newSlug = input.slug && input.slug !== current.slug ? await subcategorySlugFor({ slug: input.slug, name: '' }, current.id) : current.slug;
      const row = await db.transaction(async (tx) => {
        if (categoryId !== current.categoryId) {
          // Its products follow it to the new category, so product and subcategory never disagree.
          await tx.update(products).set({ categoryId, updatedAt: new Date() }).where(eq(products.subcategoryId, current.id));
        }
        const [updated] = await tx
          .update(subcategories)
          .set({
            slug: newSlug,
            categoryId,
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(image !== undefined ? { image } : {}),
            updatedAt: new Date(),
          })
          .where(eq(subcategories.id, current.id))
          .returning();
        return updated!;
      });
      reads.invalidate();
      return subcategoryAnswer(row);
    },

    /** Its products stay in their category, without a subcategory. */
    async deleteSubcategory(slug: string): Promise<void> {
      const deleted = await db
        .delete(subcategories)
        .where(eq(subcategories.slug, lower(slug)))
        .returning({ id: subcategories.id });
      if (!deleted.length) throw notFound('Subcategory');
      reads.invalidate();
    },

    // ── ready to ship ─────────────────────────────────────────────────────────────────────────
    async addReadyToShip(input: { product: string; MostSold?: boolean; NewArrival?: boolean }): Promise<ReadyToShipEntry> {
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, input.product.trim())).limit(1);
      if (!product) throw invalid({ product: ['Choose an existing product.'] });
      const [already] = await db.select({ id: readyToShip.id }).from(readyToShip).where(eq(readyToShip.productId, product.id)).limit(1);
      if (already) throw invalid({ product: ['This product is already in the ready-to-ship range.'] });
      const [row] = await db
        .insert(readyToShip)
        .values({ productId: product.id, mostSold: input.MostSold ?? false, newArrival: input.NewArrival ?? false })
        .returning({ id: readyToShip.id });
      reads.invalidate();
      return readyToShipEntry(row!.id);
    },

    async updateReadyToShip(id: number, input: { product?: string; MostSold?: boolean; NewArrival?: boolean }): Promise<ReadyToShipEntry> {
      const [current] = await db.select().from(readyToShip).where(eq(readyToShip.id, id)).limit(1);
      if (!current) throw notFound('Ready-to-ship entry');
      let productId = current.productId;
      if (input.product !== undefined) {
        const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, input.product.trim())).limit(1);
        if (!product) throw invalid({ product: ['Choose an existing product.'] });
        const [other] = await db
          .select({ id: readyToShip.id })
          .from(readyToShip)
          .where(and(eq(readyToShip.productId, product.id), ne(readyToShip.id, id)))
          .limit(1);
        if (other) throw invalid({ product: ['This product is already in the ready-to-ship range.'] });
        productId = product.id;
      }
      await db
        .update(readyToShip)
        .set({
          productId,
          ...(input.MostSold !== undefined ? { mostSold: input.MostSold } : {}),
          ...(input.NewArrival !== undefined ? { newArrival: input.NewArrival } : {}),
        })
        .where(eq(readyToShip.id, id));
      reads.invalidate();
      return readyToShipEntry(id);
    },

    async removeReadyToShip(id: number): Promise<void> {
      const deleted = await db.delete(readyToShip).where(eq(readyToShip.id, id)).returning({ id: readyToShip.id });
      if (!deleted.length) throw notFound('Ready-to-ship entry');
      reads.invalidate();
    },
  };
}

export type CatalogWrites = ReturnType<typeof createCatalogWrites>;
