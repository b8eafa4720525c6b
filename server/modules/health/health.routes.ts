import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const engine = z.enum(['pglite', 'postgres']);

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        description:
          'Answers 200 as long as the process runs, without asking the database (a database outage must not get every process restarted). Use `/api/ready` to decide whether to send a process traffic.',
        response: { 200: z.object({ status: z.literal('ok'), engine }) },
      },
    },
    async () => ({ status: 'ok' as const, engine: database.engine }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and its migrations are current',
        description:
          '200 when this process can serve: the database is reachable and has every migration of this version. 503 with a sentence otherwise, and while the process is shutting down.',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.literal('ok'), engine }),
          503: z.object({ status: z.literal('unavailable'), detail: z.string(), engine }),
        },
      },
    },
    async (request, reply) => {
      const unavailable = (detail: string) =>
        reply.status(503).header('retry-after', '10').send({ status: 'unavailable', detail, engine: database.engine });
      let pending: number;
      try {
        await database.db.execute(sql`select 1`);
        pending = await database.pendingMigrations();
      } catch (err) {
        request.log.warn({ err }, 'readiness check: the database did not answer');
        return unavailable('The database cannot be reached.');
      }
      if (pending > 0)
        return unavailable(
          `The database is missing ${pending} ${pending === 1 ? 'migration' : 'migrations'} of this version; they are applied when a process of this version starts (or run npm run db:migrate).`,
        );
      return { status: 'ready' as const, database: 'ok' as const, engine: database.engine };
    },
  );
};
