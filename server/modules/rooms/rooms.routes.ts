import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collectionFormSchema,
  collectionPatchFormSchema,
  collectionSchema,
  roomFormSchema,
  roomPatchFormSchema,
  roomSchema,
} from '../../../contract/rooms';
import { errorSchema } from '../../lib/errors';
import type { Media } from '../../lib/media';
import { parseFields, parsePatch, readForm, withStoredImages } from '../../lib/uploads';
import type { Services } from '../../services';
import { requireSuperuser } from '../../lib/request-user';

const security = [{ bearer: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema, 415: errorSchema };
const slugParams = z.object({ slug: z.string().max(200) });
const idParams = z.object({ id: z.string().max(200) });
const UPLOAD_NOTE =
  'The image is checked by its bytes (JPEG, PNG or WebP; anything else is 415), at most 5 MB (413 while uploading), and re-encoded with responsive variants. An edit without a new image keeps the current one. When any part fails nothing is stored.';
const ROOM_FIELDS =
  'Multipart (or JSON) fields: `name`*, `slug` (made from the name when left out), `kind` (`room`: the room page’s main picture and collage; `bedroom`: the Featured Bedrooms carousel), `on_home` ("true"/"false": in the home page’s Shop by Room), `position` (0 or more, smaller first), `hotspots` (JSON list `[{"x": 52.5, "y": 40, "product": "a-product-slug"}]`, x and y in percent of the picture, between 0 and 100; replaces the room’s hotspots), `products` (product slugs, JSON list or comma-separated; replaces the room’s list), `image` (file). Messages: \'Name is required\', \'Hotspot 2 is outside the picture: …\', \'There is no product “…”. Choose a product from the list.\'';
const COLLECTION_FIELDS =
  "Multipart (or JSON) fields: `id`* (used in links /collect?collection={id}; lower-case letters, digits, hyphens; unique), `title`*, `tagline`, `starts_from` (rupees; empty: the cheapest product’s price), `position`, `products` (product slugs, JSON list or comma-separated; the collection’s products become exactly these), `image` (file). Messages: 'Id is required', 'Title is required', 'The id “…” is already used by another collection. Choose another id.'";

export const roomsRoutes: FastifyPluginAsyncZod<{ services: Services; media: Media }> = async (app, { services, media }) => {
  const { rooms } = services;
  const onRequest = requireSuperuser;

  // ── rooms ───────────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/rooms/',
    {
      config: { shared: true },
      schema: {
        tags: ['rooms'],
        summary: 'All rooms, in display order, with their hotspots',
        description: 'Hotspots and products whose product is deleted, off sale or sold out are left out.',
        response: { 200: z.array(roomSchema) },
      },
    },
    () => rooms.listRooms(),
  );

  app.get(
    '/api/rooms/:slug/',
    {
      config: { shared: true },
      schema: {
        tags: ['rooms'],
        summary: 'One room by its slug, with its hotspots',
        params: slugParams,
        response: { 200: roomSchema, 404: errorSchema },
      },
    },
    (request) => rooms.getRoom(request.params.slug),
  );

  app.post(
    '/api/rooms/',
    {
      onRequest,
      schema: {
        tags: ['rooms (admin)'],
        security,
        summary: 'Create a room (superuser)',
        description: `${ROOM_FIELDS}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: roomSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { image: 1 } });
      const input = parseFields(roomFormSchema, form, ['image']);
      const room = await withStoredImages(media, form.files('image'), { folder: 'rooms', maxWidth: 2400 }, ([image]) =>
        rooms.createRoom(input, image),
      );
      return reply.status(201).send(room);
    },
  );

  app.patch(
    '/api/rooms/:slug/',
    {
      onRequest,
      schema: {
        tags: ['rooms (admin)'],
        security,
        summary: 'Change a room (superuser)',
        description: `Any subset of the create fields. The answer lists every hotspot, also those whose product cannot be bought now.\n\n${ROOM_FIELDS}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: slugParams,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, { files: { image: 1 } });
      const input = parsePatch(roomPatchFormSchema, form, ['image']);
      return withStoredImages(media, form.files('image'), { folder: 'rooms', maxWidth: 2400 }, ([image]) =>
        rooms.updateRoom(request.params.slug, input, image),
      );
    },
  );

  app.delete(
    '/api/rooms/:slug/',
    {
      onRequest,
      schema: { tags: ['rooms (admin)'], security, summary: 'Delete a room (superuser)', params: slugParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await media.releasing(() => rooms.deleteRoom(request.params.slug));
      return reply.status(204).send(null);
    },
  );

  // ── collections ─────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/collections/',
    {
      config: { shared: true },
      schema: {
        tags: ['rooms'],
        summary: 'All collections, in display order',
        description: '`starts_from` is the owner’s figure, else the cheapest product’s price (rupees).',
        response: { 200: z.array(collectionSchema) },
      },
    },
    () => rooms.listCollections(),
  );

  app.get(
    '/api/collections/:id/',
    {
      config: { shared: true },
      schema: {
        tags: ['rooms'],
        summary: 'One collection by its id (collection1…)',
        params: idParams,
        response: { 200: collectionSchema, 404: errorSchema },
      },
    },
    (request) => rooms.getCollection(request.params.id),
  );

  app.post(
    '/api/collections/',
    {
      onRequest,
      schema: {
        tags: ['rooms (admin)'],
        security,
        summary: 'Create a collection (superuser)',
        description: `${COLLECTION_FIELDS}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: collectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { image: 1 } });
      const input = parseFields(collectionFormSchema, form, ['image']);
      const collection = await withStoredImages(media, form.files('image'), { folder: 'collections', maxWidth: 2000 }, ([image]) =>
        rooms.createCollection(input, image),
      );
      return reply.status(201).send(collection);
    },
  );

  app.patch(
    '/api/collections/:id/',
    {
      onRequest,
      schema: {
        tags: ['rooms (admin)'],
        security,
        summary: 'Change a collection (superuser)',
        description: `Any subset of the create fields except \`id\` (links to the collection are out in the world, so it stays).\n\n${COLLECTION_FIELDS}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: { 200: collectionSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, { files: { image: 1 } });
      const { id: _id, ...input } = parsePatch(collectionPatchFormSchema.omit({ id: true }), form, ['image']) as z.infer<
        typeof collectionPatchFormSchema
      >;
      return withStoredImages(media, form.files('image'), { folder: 'collections', maxWidth: 2000 }, ([image]) =>
        rooms.updateCollection(request.params.id, input, image),
      );
    },
  );

  app.delete(
    '/api/collections/:id/',
    {
      onRequest,
      schema: {
        tags: ['rooms (admin)'],
        security,
        summary: 'Delete a collection (superuser)',
        description: 'Its products stay in the shop, in no collection.',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await media.releasing(() => rooms.deleteCollection(request.params.id));
      return reply.status(204).send(null);
    },
  );
};
