import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { isMediaKey, type ObjectStorage } from './storage';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * Serves `/media/*` from a store that is not a local directory (S3): each image is streamed from the
 * bucket with a year's cache headers, so a CDN or the browser asks again only for new names.
 */
export function serveMediaFromStorage(app: FastifyInstance, storage: ObjectStorage): void {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const object = isMediaKey(key) ? await storage.get(key) : null;
    if (!object) throw new AppError('not_found', 'There is no such image.');
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.status(304).header('etag', object.etag).header('cache-control', YEAR).send();
    }
    reply.header('content-type', object.contentType).header('cache-control', YEAR);
    if (object.length !== undefined) reply.header('content-length', object.length);
    if (object.etag) reply.header('etag', object.etag);
    return reply.send(object.body);
  });
}
