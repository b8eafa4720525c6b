import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok'), engine: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('unreachable'), engine: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async (request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const, engine: database.engine };
      } catch (err) {
        request.log.error({ err }, 'database health check failed');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable', engine: database.engine });
      }
    },
  );
};
