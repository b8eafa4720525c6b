import { asc } from 'drizzle-orm';
import type { Category } from '../../../contract/catalog';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';

export function createCatalogService(db: Db) {
  return {
    async listCategories(): Promise<Category[]> {
      const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
      return rows.map((c) => ({ id: c.id, slug: c.slug, name: c.name, description: c.description, image: c.image }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
