import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

/**
 * Stops a process of the shop cleanly: the server stops listening and answers new requests on open
 * connections with 503 (so /api/ready tells the proxy to look elsewhere), idle keep-alive connections are
 * closed, requests in flight finish, and then the database pool is closed. Requests still running after
 * `timeoutMs` have their connections closed so that the process does end.
 */
export async function shutDown(app: FastifyInstance | undefined, database: Database, timeoutMs: number): Promise<void> {
  const force = setTimeout(() => app?.server.closeAllConnections(), timeoutMs);
  force.unref();
  try {
    await app?.close();
  } finally {
    clearTimeout(force);
    await database.close();
  }
}
