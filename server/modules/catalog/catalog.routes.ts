import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema } from '../../../contract/catalog';
import type { Services } from '../../services';

export const catalogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/categories/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All categories, in display order',
        response: { 200: z.array(categorySchema) },
      },
    },
    () => services.catalog.listCategories(),
  );
};
