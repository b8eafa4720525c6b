import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema, productQuerySchema, productSchema, readyToShipPageSchema, subcategorySchema } from '../../../contract/catalog';
import { errorSchema } from '../../lib/errors';
import type { Services } from '../../services';

const pageNumber = (what: string, max?: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: `${what} must be a whole number.` })
      .int(`${what} must be a whole number.`)
      .min(1, `${what} must be at least 1.`)
      .transform((n) => (max ? Math.min(n, max) : n))
      .optional(),
  );

export const catalogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { catalog } = services;

  app.get(
    '/api/categories/',
    {
      config: { shared: true },
      schema: { tags: ['catalogue'], summary: 'All categories, in display order', response: { 200: z.array(categorySchema) } },
    },
    () => catalog.listCategories(),
  );

  app.get(
    '/api/subcategories/',
    {
      config: { shared: true },
      schema: {
        tags: ['catalogue'],
        summary: 'Subcategories, optionally of one category',
        querystring: z.object({ category: z.string().trim().max(100).optional() }),
        response: { 200: z.array(subcategorySchema) },
      },
    },
    (request) => catalog.listSubcategories(request.query.category || undefined),
  );

  app.get(
    '/api/products/',
    {
      config: { shared: true },
      schema: {
        tags: ['catalogue'],
        summary: 'Products, filtered, ordered and limited',
        description:
          'Empty filters are ignored. With `search`, results are ranked by relevance and typo tolerant. `limit` defaults to 100 and is clamped to 500.',
        querystring: productQuerySchema,
        response: { 200: z.array(productSchema), 400: errorSchema },
      },
    },
    (request) => catalog.listProducts(request.query),
  );

  app.get(
    '/api/products/:slug/',
    {
      config: { shared: true },
      schema: {
        tags: ['catalogue'],
        summary: 'One product by its slug',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: productSchema, 404: errorSchema },
      },
    },
    (request) => catalog.getProduct(request.params.slug),
  );

  app.get(
    '/api/RTShip/',
    {
      config: { shared: true },
      schema: {
        tags: ['catalogue'],
        summary: 'The ready-to-ship range, 10 a page',
        querystring: z.object({ page: pageNumber('page'), page_size: pageNumber('page_size', 100) }),
        response: { 200: readyToShipPageSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const pageSize = request.query.page_size ?? 10;
      const data = await catalog.readyToShipPage(request.query.page ?? 1, pageSize);
      const url = (page: number | null) => {
        if (page === null) return null;
        const size = request.query.page_size ? `&page_size=${pageSize}` : '';
        // PUBLIC_URL, never the Host header: a forged Host must not put its links into answers (or caches).
        return `${services.config.publicUrl}/api/RTShip/?page=${page}${size}`;
      };
      return { count: data.count, next: url(data.nextPage), previous: url(data.previousPage), results: data.results };
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /cart\nDisallow: /profile\nDisallow: /dashboard\nDisallow: /search\n\nSitemap: ${services.config.publicUrl}/sitemap.xml\n`,
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const base = services.config.publicUrl;
    const [categories, subcategories, products, collections, rooms] = await Promise.all([
      catalog.listCategories(),
      catalog.listSubcategories(),
      catalog.listProducts({ limit: 500 }),
      services.rooms.listCollections(),
      services.rooms.listRooms(),
    ]);
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const urls: { loc: string; lastmod?: string }[] = [
      ...[
        '/',
        '/shop',
        '/RDship',
        '/collections',
        '/room',
        '/design_solution',
        '/Bfurniture',
        '/contact',
        '/page',
        '/shipping-delivery',
        '/terms',
      ].map((p) => ({ loc: p })),
      ...collections.map((c) => ({ loc: `/collect?collection=${c.id}` })),
      ...rooms.map((r) => ({ loc: `/room/${r.slug}` })),
      ...categories.map((c) => ({ loc: `/Category/${c.slug}` })),
      ...subcategories.map((s) => ({ loc: `/Subcategory?subcategory=${s.slug}` })),
      ...products.map((p) => ({ loc: `/product/${p.slug}`, lastmod: p.updated_at.slice(0, 10) })),
    ];
    const body = urls.map((u) => `  <url><loc>${escape(base + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });
};
