import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services';

/** The most addresses one sitemap file may hold (sitemaps.org); a larger shop's `/sitemap.xml` is an index. */
export const SITEMAP_MAX_URLS = 50_000;

const STATIC_PAGES = [
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
];

type Url = { loc: string; lastmod?: string };

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `/sitemap.xml`: every page of the shop in one file while they are at most 50,000; beyond that an index of
 * `/sitemap-pages.xml` (the shop's own pages, collections, rooms, categories) and `/sitemap-products-N.xml`
 * (products oldest first, 50,000 a file). `maxUrls` is for tests only.
 */
export const sitemapRoutes: FastifyPluginAsyncZod<{ services: Services; maxUrls?: number }> = async (
  app,
  { services, maxUrls = SITEMAP_MAX_URLS },
) => {
  const { catalog } = services;
  const base = () => services.config.publicUrl;

  async function pages(): Promise<Url[]> {
    const [categories, subcategories, collections, rooms] = await Promise.all([
      catalog.listCategories(),
      catalog.listSubcategories(),
      services.rooms.listCollections(),
      services.rooms.listRooms(),
    ]);
    return [
      ...STATIC_PAGES.map((p) => ({ loc: p })),
      ...collections.map((c) => ({ loc: `/collect?collection=${c.id}` })),
      ...rooms.map((r) => ({ loc: `/room/${r.slug}` })),
      ...categories.map((c) => ({ loc: `/Category/${c.slug}` })),
      ...subcategories.map((s) => ({ loc: `/Subcategory?subcategory=${s.slug}` })),
    ];
  }

  async function productUrls(offset: number, limit: number): Promise<Url[]> {
    const rows = await catalog.sitemapProducts(offset, limit);
    return rows.map((p) => ({ loc: `/product/${p.slug}`, lastmod: p.updatedAt.toISOString().slice(0, 10) }));
  }

  const xml = (root: 'urlset' | 'sitemapindex', entries: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</${root}>\n`;
  const urlset = (urls: Url[]) =>
    xml(
      'urlset',
      urls.map((u) => `  <url><loc>${escape(base() + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`),
    );
  const send = (reply: { type(t: string): { header(k: string, v: string): { send(b: string): unknown } } }, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [own, total] = await Promise.all([pages(), catalog.countProducts()]);
    if (own.length + total <= maxUrls) return send(reply, urlset([...own, ...(await productUrls(0, total))]));
    const parts = Math.ceil(total / maxUrls);
    const files = ['/sitemap-pages.xml', ...Array.from({ length: parts }, (_, i) => `/sitemap-products-${i + 1}.xml`)];
    return send(
      reply,
      xml(
        'sitemapindex',
        files.map((f) => `  <sitemap><loc>${escape(base() + f)}</loc></sitemap>`),
      ),
    );
  });

  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (_request, reply) => send(reply, urlset(await pages())));

  app.get(
    '/sitemap-products-:part.xml',
    { schema: { hide: true, params: z.object({ part: z.coerce.number().int().min(1).max(10_000) }) } },
    async (request, reply) => {
      const urls = await productUrls((request.params.part - 1) * maxUrls, maxUrls);
      if (!urls.length) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap.');
      return send(reply, urlset(urls));
    },
  );
};
