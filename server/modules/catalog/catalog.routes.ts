import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema, productQuerySchema, productSchema, readyToShipPageSchema, subcategorySchema } from '../../../contract/catalog';
import { PRODUCT_LIMIT_DEFAULT } from '../../../contract/catalog-values';
import { errorSchema } from '../../lib/errors';
import type { Services } from '../../services';
import { sitemapRoutes } from './sitemap.routes';

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
          'Empty filters are ignored. With `search`, results are ranked by relevance and typo tolerant. `limit` defaults to 100 and is clamped to 500. A full page (without `search`) carries `Link: <…&after=ID>; rel="next"`, the address of the page after it.',
        querystring: productQuerySchema,
        response: { 200: z.array(productSchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const list = await catalog.listProducts(request.query);
      const limit = request.query.limit ?? PRODUCT_LIMIT_DEFAULT;
      if (!request.query.search && list.length === limit && list.length > 0) {
        const next = new URLSearchParams();
        for (const [name, value] of new URL(request.url, 'http://x').searchParams) if (name !== 'after') next.append(name, value);
        next.set('after', String(list[list.length - 1]!.id));
        // PUBLIC_URL, never the Host header (as the ready-to-ship pages' links).
        reply.header('link', `<${services.config.publicUrl}/api/products/?${next.toString()}>; rel="next"`);
      }
      return list;
    },
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

  await app.register(sitemapRoutes, { services });
};
