import { inject, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { appOnDatabase } from '../support/app';
import { clonePgTemplate } from '../support/pg-template';

const templateUrl = inject('pgTemplateUrl');

// Several app processes share one PostgreSQL in production: a write in one must reach the others' caches.
describe.skipIf(!templateUrl)('the catalogue read cache with several processes (PostgreSQL)', () => {
  it('drops a cached read in every process when one process changes the catalogue', async () => {
    const clone = await clonePgTemplate(templateUrl);
    const a = await appOnDatabase(clone.url);
    const b = await appOnDatabase(clone.url);
    try {
      const before = await b.app.inject({ url: '/api/products/?limit=500' });
      const [first] = before.json<{ slug: string; name: string }[]>();
      expect(first).toBeDefined();
      const cached = await b.app.inject({ url: `/api/products/${first!.slug}/` });
      expect(cached.json<{ name: string }>().name).toBe(first!.name);

      // The write happens in process A, through its service, as the admin panel's call would.
      await a.database.db.update(products).set({ name: 'Renamed in another process' });
      a.services.catalog.invalidate();

      await expect
        .poll(async () => (await b.app.inject({ url: `/api/products/${first!.slug}/` })).json<{ name: string }>().name, { timeout: 5000 })
        .toBe('Renamed in another process');
    } finally {
      await a.close();
      await b.close();
      await clone.drop();
    }
  });
});
